import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { PostgresDocumentStore } from '@buyloop/document-store';
import { ValidationError } from '@buyloop/kit';
import { BuybackService } from './buyback-service';
import { IdempotencyKeys } from './idempotency/idempotency-keys';
import { PersonalDataVault } from './personal-data/vault';
import type { SellOnlineInput } from './buyback/submit/sell-online-input';
import { smallCatalogue } from './testing';

const sale = (note: string): SellOnlineInput => ({
  device_identifier: 'apple-iphone-13-blue',
  appraisal_version: 3,
  device_condition_choices: ['display_worn', 'body_scratched', 'functions_all', 'battery_good', 'charger_yes'],
  customer_data: {
    personal_identification_number: '8503151239',
    birth_date: '1985-03-15',
    identity_card_number: '123456789',
    identity_released_by: 'MěÚ Brno',
    identity_valid_to: '2030-02-01',
    degree_before_name: null,
    first_name: 'Jiří',
    last_name: 'Dvořák',
    gender: 'male',
    district: null,
    street: 'Václavské náměstí 1',
    city: 'Praha',
    country: 'CZ',
    postcode: '110 00',
    phone_number: '+420603123456',
    nationality: 'CZ',
    place_of_birth: 'Brno',
    e_mail: 'jiri@example.cz',
    bank_account_full_number: '19-2000145399',
    bank_code: '0800',
  },
  pickup_address: null,
  buyout_device: { imei: '490154203237518', serial_number: null, note },
});

describe('the buy-back service creating buy-backs', () => {
  let sql: SqlClient;
  let events: PostgresEventStore;
  let documents: PostgresDocumentStore;
  const numbers: string[] = [];

  const service = (catalogueVersion = 3) =>
    new BuybackService({
      events,
      vault: new PersonalDataVault(documents),
      idempotency: new IdempotencyKeys(documents),
      catalogue: async () => smallCatalogue('cz', catalogueVersion),
      market: 'cz',
      clock: () => new Date('2026-11-22T09:00:00.000Z'),
      payoutLimit: 20_000,
      isBlacklisted: async () => false,
      approval: async () => null,
      // Numbers drawn from a list the test controls, so a taken number can be drawn on purpose.
      newNumber: () => numbers.shift() ?? `${Math.floor(Math.random() * 1e12)}`,
    });
  const ctx = (key: string | null) => ({ actor: { userId: 'visitor:127.0.0.1', role: 'visitor' }, idempotencyKey: key });

  beforeAll(async () => {
    sql = await pgliteClient();
    const id = randomUUID().slice(0, 8);
    events = await PostgresEventStore.create(sql, { schema: `t_svc_ev_${id}`, ownsClient: false, pollIntervalMs: 20 });
    documents = await PostgresDocumentStore.create(sql, { schema: `t_svc_rm_${id}`, ownsClient: false });
  });
  afterAll(async () => {
    await events?.close();
    await sql?.close();
  });

  it('a keyed sale whose number is already taken moves to another number instead of answering with someone else’s', async () => {
    numbers.push('261122000001');
    const alice = await service().sellOnline(sale('Alice'), { ...ctx(null), ownerUserId: null });
    expect(alice.buyoutNumber).toBe('261122000001');
    // Bob's key first draws Alice's number, then a free one.
    numbers.push('261122000001', '261122000002');
    const bob = await service().sellOnline(sale('Bob'), { ...ctx('bob-key-00001'), ownerUserId: null });
    expect(bob).toMatchObject({ buyoutNumber: '261122000002', repeated: false });
    expect(bob.result.events.map((e) => e.type)).toEqual(['Submitted']);
    // Bob's retry is Bob's buy-back.
    const again = await service().sellOnline(sale('Bob'), { ...ctx('bob-key-00001'), ownerUserId: null });
    expect(again).toMatchObject({ buyoutNumber: '261122000002', repeated: true });
    expect(await events.readStream('buyback-261122000001')).toHaveLength(1);
  });

  it('a keyed request that is refused does not use up its key: the corrected request may send it again', async () => {
    const stale = { ...sale('Cyril'), appraisal_version: 2 };
    await expect(service().sellOnline(stale, { ...ctx('cyril-key-0001'), ownerUserId: null })).rejects.toThrow();
    const refused = { ...sale('Cyril'), device_condition_choices: ['display_worn'] };
    await expect(service().sellOnline(refused, { ...ctx('cyril-key-0001'), ownerUserId: null })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const fixed = await service().sellOnline(sale('Cyril'), { ...ctx('cyril-key-0001'), ownerUserId: null });
    expect(fixed.repeated).toBe(false);
  });
});
