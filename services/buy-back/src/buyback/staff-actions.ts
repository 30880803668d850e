import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { STAFF_ACTION_NAMES, type StaffActionName } from '@buyloop/contracts';
import { buybackDecider, type BuybackCommand } from './decider';
import type { BuybackState } from './state';

/**
 * A command for each back-office action that the decider can judge against a
 * state: what it says about the state is what matters, so the details a form
 * would fill in are plausible stand-ins. A record keyed by every action, so a
 * new action does not compile until it has one.
 */
const SAMPLES: Readonly<Record<StaffActionName, (state: BuybackState, at: string) => BuybackCommand>> = {
  'order-pickup': (_state, at) => ({ type: 'OrderPickup', carrier: 'carrier', pickupReference: 'reference', at }),
  receive: (_state, at) => ({ type: 'Receive', where: 'centre', currentPrice: null, at }),
  inspect: (state, at) => ({
    type: 'Inspect',
    qualityFound: state.declaredQuality ?? 'A',
    findings: [],
    imei: { found: state.device?.imei ?? '', blacklisted: false },
    at,
  }),
  'release-quarantine': (_state, at) => ({ type: 'ReleaseQuarantine', reason: 'reason', at }),
  'report-quarantine': (_state, at) => ({ type: 'ReportQuarantine', authority: 'authority', reference: null, at }),
  approve: (_state, at) => ({ type: 'Approve', at }),
  'revise-offer': (_state, at) => ({ type: 'ReviseOffer', price: 0, minimalPrice: 0, reasons: [], at }),
  'return-device': (_state, at) => ({ type: 'ReturnDevice', shipmentReference: null, at }),
  // With a granted check for the very amount, so a payout above the limit still counts as possible: the form asks for it.
  'order-payout': (state, at) => ({
    type: 'OrderPayout',
    orderedBy: 'staff',
    payoutLimit: 0,
    approval: {
      approvalId: 'approval',
      approvedBy: 'supervisor',
      requestedBy: 'staff-requesting',
      amount: state.price,
      currency: state.currency,
    },
    at,
  }),
  'confirm-payout': (_state, at) => ({ type: 'ConfirmPayout', paymentReference: 'reference', at }),
  complete: (_state, at) => ({ type: 'Complete', at }),
  cancel: (_state, at) => ({ type: 'Cancel', by: 'staff', reason: 'reason', at }),
};

/**
 * The back-office actions a buy-back in this state allows, asked of the
 * decider itself: each action's command is decided against the state, and an
 * action the decider refuses for the state (IllegalState, or NotFound for a
 * buy-back that does not exist) is not offered. A ValidationError means the
 * state allows the action and only the stand-in details were wrong: the
 * form's fields are the person's to fill in, so the action is offered.
 */
export function allowedStaffActions(state: BuybackState, at: string): StaffActionName[] {
  return STAFF_ACTION_NAMES.filter((action) => {
    try {
      buybackDecider.decide(SAMPLES[action](state, at), state);
      return true;
    } catch (error) {
      if (error instanceof IllegalState || error instanceof NotFound) return false;
      if (error instanceof ValidationError) return true;
      throw error;
    }
  });
}
