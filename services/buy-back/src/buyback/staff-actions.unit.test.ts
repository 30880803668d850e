import { describe, expect, it } from 'vitest';
import type { BuybackEvent } from './events';
import { buybackAt as day, buybackHistory as h, scratchedDisplay } from '../testing';
import { buybackDecider } from './decider';
import { allowedStaffActions } from './staff-actions';

const stateOf = (...events: BuybackEvent[]) => events.reduce(buybackDecider.evolve, buybackDecider.initialState());
const allowed = (...events: BuybackEvent[]) => allowedStaffActions(stateOf(...events), day(6)).sort();

const cancelled: BuybackEvent = { type: 'Cancelled', data: { by: 'staff', reason: 'asked', deviceHeld: true, at: day(5) } };

describe('the back-office actions a buy-back allows, as the decider answers', () => {
  it('a courier sale: order the pickup, receive, or cancel', () => {
    expect(allowed(h.submitted())).toEqual(['cancel', 'order-pickup', 'receive']);
  });

  it('a device brought to a centre, or a pickup already ordered: only receive or cancel', () => {
    expect(allowed(h.submitted('centre'))).toEqual(['cancel', 'receive']);
    expect(allowed(h.submitted(), h.pickupOrdered)).toEqual(['cancel', 'receive']);
  });

  it('a received device: inspect or cancel', () => {
    expect(allowed(h.submitted(), h.received)).toEqual(['cancel', 'inspect']);
  });

  it('an inspection that matches the declaration is approved, one that differs is revised: never both', () => {
    expect(allowed(h.submitted(), h.received, h.inspected())).toEqual(['approve', 'cancel']);
    expect(allowed(h.submitted(), h.received, h.inspected([scratchedDisplay], 'B'))).toEqual(['cancel', 'revise-offer']);
  });

  it('a quarantined device is released or reported, never cancelled', () => {
    expect(allowed(h.submitted(), h.received, h.inspected(), h.quarantined)).toEqual(['release-quarantine', 'report-quarantine']);
  });

  it('a revised offer waits for the customer: staff may only cancel', () => {
    expect(allowed(h.submitted(), h.received, h.inspected([scratchedDisplay], 'B'), h.revised)).toEqual(['cancel']);
  });

  it('the payout steps follow each other, whatever the amount (a form asks for the supervisor check)', () => {
    const approved = [h.submitted(), h.received, h.inspected(), h.approved] as const;
    expect(allowed(...approved)).toEqual(['cancel', 'order-payout']);
    expect(allowed(...approved, h.payoutOrdered)).toEqual(['confirm-payout']);
    expect(allowed(...approved, h.payoutOrdered, h.paid)).toEqual(['complete']);
  });

  it('a device cancelled after it arrived goes back; then, and once completed, nothing is left to do', () => {
    expect(allowed(h.submitted(), h.received, cancelled)).toEqual(['return-device']);
    const approved = [h.submitted(), h.received, h.inspected(), h.approved, h.payoutOrdered, h.paid] as const;
    expect(allowed(...approved, h.completed)).toEqual([]);
  });

  it('an e-mailed offer and a buy-back that does not exist allow nothing in the back office', () => {
    expect(allowed(h.offerEmailed)).toEqual([]);
    expect(allowed()).toEqual([]);
  });
});
