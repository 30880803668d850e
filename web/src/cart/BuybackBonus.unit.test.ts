import { describe, expect, it } from 'vitest';
import { buybackRequestOf, clawbacksOf, clawedBackOf } from './BuybackBonusTexts';

const AT = '2026-11-25T10:00:00.000Z';

describe('the buy-back bonus in the storefront', () => {
  it('reads a clawed-back bonus from the order’s timeline step, and nothing from other steps', () => {
    expect(clawedBackOf({ status: 'bonus_clawed_back', note: '261124000001 240 added_to_total', at: AT })).toEqual({
      buyback_number: '261124000001',
      amount: 240,
      settlement: 'added_to_total',
      at: AT,
    });
    expect(clawedBackOf({ status: 'cancelled', note: 'customer', at: AT })).toBeNull();
    expect(clawedBackOf({ status: 'bonus_clawed_back', note: 'garbled', at: AT })).toBeNull();
    expect(clawedBackOf({ status: 'bonus_clawed_back', at: AT })).toBeNull();
  });

  it('adds up the claw-backs of one buy-back settled the same way into one notice', () => {
    const timeline = [
      { status: 'placed', at: AT },
      { status: 'bonus_clawed_back', note: '261124000001 240 added_to_total', at: AT },
      { status: 'paid', at: AT },
      { status: 'bonus_clawed_back', note: '261124000001 640 payment_request', at: AT },
      { status: 'bonus_clawed_back', note: '261124000001 100 added_to_total', at: AT },
    ];
    expect(clawbacksOf(timeline).map(({ amount, settlement }) => ({ amount, settlement }))).toEqual([
      { amount: 340, settlement: 'added_to_total' },
      { amount: 640, settlement: 'payment_request' },
    ]);
  });

  it('takes the number and access code as typed, or both from a pasted e-mail link; refuses what is no number', () => {
    expect(buybackRequestOf(' 261124000001 ', ' abc ')).toEqual({ buyback_number: '261124000001', token: 'abc' });
    expect(buybackRequestOf('261124000001', '')).toEqual({ buyback_number: '261124000001' });
    expect(buybackRequestOf('https://shop.example/vykup/stav/261124000001?token=Tok_en-1', '')).toEqual({
      buyback_number: '261124000001',
      token: 'Tok_en-1',
    });
    expect(buybackRequestOf('12345', 'abc')).toBeNull();
    expect(buybackRequestOf('', '')).toBeNull();
  });
});
