import { describe, expect, it } from 'vitest';
import {
  declaredChoiceOf,
  differingFindings,
  formFieldOf,
  formProblems,
  inspectBody,
  parsePrice,
  missingFields,
  reviseBody,
  simpleBody,
  type DeviceCondition,
} from './actions';

/** A condition answer as the API sends it; only value and label matter to the forms. */
const choice = (value: string, label: string) => ({ value, label, price_correction: 0, appraisal_result: null, disabled: false });

const conditions: DeviceCondition[] = [
  {
    id: 'display',
    name: 'Displej',
    type: 'radio',
    role: 'general',
    choices: [choice('display_perfect', 'Perfektní'), choice('display_worn', 'Opotřebený')],
  },
  {
    id: 'charger',
    name: 'Nabíječka',
    type: 'radio',
    role: 'original_charger',
    choices: [choice('charger_yes', 'Ano'), choice('charger_no', 'Ne')],
  },
];

describe('staff action bodies', () => {
  it('sends optional empty fields as null and trims the rest', () => {
    expect(simpleBody('order-payout', { approval_id: ' ' })).toEqual({ approval_id: null });
    expect(simpleBody('order-payout', { approval_id: ' ap-1 ' })).toEqual({ approval_id: 'ap-1' });
    expect(simpleBody('report-quarantine', { authority: 'Policie ČR' })).toEqual({ authority: 'Policie ČR', reference: null });
    expect(simpleBody('approve', {})).toEqual({});
    expect(simpleBody('return-device', {})).toEqual({ shipment_reference: null });
  });

  it('lists the required fields left empty', () => {
    expect(missingFields('order-pickup', { carrier: 'PPL' })).toEqual(['pickup_reference']);
    expect(missingFields('receive', { where: 'Praha' })).toEqual([]);
  });

  it('inspects with the declared answers unless the technician changed them', () => {
    const declared = ['display_perfect', 'charger_yes', 'body_scratched'];
    expect(declaredChoiceOf(conditions[0]!, declared)).toBe('display_perfect');
    expect(
      inspectBody(' 490154203237518 ', 'C', conditions, declared, {
        display: { found_choice: 'display_worn', reason: ' Rýhy ' },
      }),
    ).toEqual({
      imei: '490154203237518',
      quality_found: 'C',
      findings: [
        { question_id: 'display', found_choice: 'display_worn', reason: 'Rýhy' },
        { question_id: 'charger', found_choice: 'charger_yes', reason: '' },
      ],
    });
  });

  it('revises with one reason per finding that differs', () => {
    const findings = [
      { question_id: 'display', expected_choice: 'display_perfect', found_choice: 'display_worn', reason: 'Rýhy' },
      { question_id: 'charger', expected_choice: 'charger_yes', found_choice: 'charger_yes', reason: '' },
    ];
    expect(differingFindings(findings).map((f) => f.question_id)).toEqual(['display']);
    expect(reviseBody('3 000', findings, {})).toEqual({ price: 3000, reasons: [{ question_id: 'display', reason: 'Rýhy' }] });
    expect(reviseBody('2500', findings, { display: 'Prasklý roh' }).reasons).toEqual([
      { question_id: 'display', reason: 'Prasklý roh' },
    ]);
  });

  it('places indexed field errors under the question they belong to', () => {
    expect(formFieldOf('findings.1.found_choice', ['display', 'charger'])).toBe('found_choice-charger');
    expect(formFieldOf('reasons.0.reason', ['display'])).toBe('reason-display');
    expect(formFieldOf('price', [])).toBe('price');
    expect(formFieldOf('findings.5.reason', ['display'])).toBe('findings.5.reason');
  });
});

describe('what the forms tell before sending', () => {
  it('reads a price as people type it, with spaces and the currency', () => {
    for (const text of ['4500', '4 500', '4 500 Kč', '4\u00a0500\u00a0Kč', '4 500,- Kč', 'Kč 4 500', '4500 CZK'])
      expect(parsePrice(text), text).toBe(4_500);
    expect(parsePrice('1 200 Lei')).toBe(1_200);
    for (const text of ['', '4,5', '4.500,50', 'čtyři tisíce', '-100', '0']) expect(parsePrice(text), text).toBeNull();
  });

  it('names a missing grade and a price that is not one, instead of sending them', () => {
    expect(formProblems('inspect', { imei: '490154203237518' })).toEqual({ quality_found: ['validation.choice_required'] });
    expect(formProblems('inspect', { quality_found: 'C' })).toEqual({});
    expect(formProblems('revise-offer', {})).toEqual({ price: ['validation.required'] });
    expect(formProblems('revise-offer', { price: '4,5 tisíce' })).toEqual({ price: ['validation.price_invalid'] });
    expect(formProblems('revise-offer', { price: '4 500 Kč' })).toEqual({});
    expect(formProblems('receive', {})).toEqual({});
  });
});
