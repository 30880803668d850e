import { describe, expect, it } from 'vitest';
import { emptyForm, fieldErrors, FORM_ORDER, sellOnlineRequest, summaryOf } from './sell-online';

const appraisal = {
  device_identifier: 'apple-iphone-13-128-gb-midnight',
  appraisal_version: 1,
  device_condition_choices: ['a', 'b'],
};

describe('the sell-online form', () => {
  it('starts with the market default country everywhere', () => {
    const form = emptyForm('RO');
    expect([form.country, form.nationality, form.altCountry]).toEqual(['RO', 'RO', 'RO']);
    expect(form.pickupAltAddress).toBe(false);
  });

  it('maps the client field names onto the API request', () => {
    const form = {
      ...emptyForm('CZ'),
      imei: ' 490154203237518 ',
      birthNumber: '8503151239',
      titleBeforeName: '',
      firstName: 'Jan',
      email: 'jan@example.com',
      bankAccountNumber: '19-2000145399',
      bankCode: '0800',
      identityValidTo: '1.2.2030',
    };
    const request = sellOnlineRequest(form, appraisal);
    expect(request.device_identifier).toBe(appraisal.device_identifier);
    expect(request.buyout_device).toEqual({ imei: '490154203237518', serial_number: null, note: null });
    expect(request.customer_data).toMatchObject({
      personal_identification_number: '8503151239',
      degree_before_name: null,
      first_name: 'Jan',
      e_mail: 'jan@example.com',
      bank_account_full_number: '19-2000145399',
      bank_code: '0800',
      identity_valid_to: '1.2.2030',
      country: 'CZ',
      nationality: 'CZ',
    });
    expect(request.pickup_address).toBeNull();
  });

  it('sends the alternative pickup address only when it is switched on', () => {
    const form = { ...emptyForm('CZ'), pickupAltAddress: true, altStreet: 'Dlouhá 1', altCity: 'Brno', altPostcode: '602 00' };
    expect(sellOnlineRequest(form, appraisal).pickup_address).toEqual({
      district: null,
      street: 'Dlouhá 1',
      city: 'Brno',
      postcode: '602 00',
      country: 'CZ',
    });
  });

  it('puts each server message under its field, the rest in general', () => {
    const { fields, general } = fieldErrors({
      'customer_data.bank_code': ['Zadejte platný kód banky.'],
      'pickup_address.street': ['Toto pole je povinné.'],
      'buyout_device.imei': ['Neplatné IMEI.'],
      'customer_data.personal_identification_number': ['Neplatné rodné číslo.'],
      device_condition_choices: ['Odpovězte na všechny otázky.'],
    });
    expect(fields).toEqual({
      bankCode: 'Zadejte platný kód banky.',
      altStreet: 'Toto pole je povinné.',
      imei: 'Neplatné IMEI.',
      birthNumber: 'Neplatné rodné číslo.',
    });
    expect(general).toEqual(['Odpovězte na všechny otázky.']);
  });

  it('lists every field once in the error summary’s order, and only the wrong ones with their input ids', () => {
    const every = Object.keys(emptyForm('CZ')).filter((key) => key !== 'pickupAltAddress');
    expect([...FORM_ORDER].sort()).toEqual(every.sort());
    expect(new Set(FORM_ORDER).size).toBe(FORM_ORDER.length);
    const summary = summaryOf({ bankCode: 'Neplatný kód banky.', imei: 'Neplatné IMEI.' }, (field) => `label ${field}`);
    expect(summary).toEqual([
      { id: 'field-imei', label: 'label imei', message: 'Neplatné IMEI.' },
      { id: 'field-bankCode', label: 'label bankCode', message: 'Neplatný kód banky.' },
    ]);
  });
});
