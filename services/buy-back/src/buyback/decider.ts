import type { Decider } from '@buyloop/kit';
import { decideAcceptRevisedOffer, type AcceptRevisedOffer } from './accept-revised-offer/decide';
import { decideApprove, type Approve } from './approve/decide';
import { decideCancel, type Cancel } from './cancel/decide';
import { decideComplete, type Complete } from './complete/decide';
import { decideConfirmPayout, type ConfirmPayout } from './confirm-payout/decide';
import { decideEmailOffer, type EmailOffer } from './email-offer/decide';
import { decideErasePersonalData, type ErasePersonalData } from './erase-personal-data/decide';
import type { BuybackEvent } from './events';
import { decideExpireRevisedOffer, type ExpireRevisedOffer } from './expire-revised-offer/decide';
import { decideInspect, type Inspect } from './inspect/decide';
import { decideOrderPayout, type OrderPayout } from './order-payout/decide';
import { decideOrderPickup, type OrderPickup } from './order-pickup/decide';
import { decideReceive, type Receive } from './receive/decide';
import { decideRejectRevisedOffer, type RejectRevisedOffer } from './reject-revised-offer/decide';
import { decideReleaseQuarantine, type ReleaseQuarantine } from './release-quarantine/decide';
import { decideReportQuarantine, type ReportQuarantine } from './report-quarantine/decide';
import { decideReturnDevice, type ReturnDevice } from './return-device/decide';
import { decideReviseOffer, type ReviseOffer } from './revise-offer/decide';
import { evolveBuyback, initialBuybackState, type BuybackState } from './state';
import { decideSubmit, type Submit } from './submit/decide';

export { PRICE_GUARANTEE_DAYS, REVISED_OFFER_DAYS } from './rules';

export type BuybackCommand =
  | EmailOffer
  | Submit
  | OrderPickup
  | Receive
  | Inspect
  | ReleaseQuarantine
  | ReportQuarantine
  | Approve
  | ReviseOffer
  | AcceptRevisedOffer
  | RejectRevisedOffer
  | ExpireRevisedOffer
  | ReturnDevice
  | OrderPayout
  | ConfirmPayout
  | Complete
  | Cancel
  | ErasePersonalData;

export const buybackStream = (buyoutNumber: string): string => `buyback-${buyoutNumber}`;

export const buybackDecider: Decider<BuybackCommand, BuybackEvent, BuybackState> = {
  initialState: initialBuybackState,
  evolve: evolveBuyback,
  decide(command, state) {
    switch (command.type) {
      case 'EmailOffer':
        return decideEmailOffer(command, state);
      case 'Submit':
        return decideSubmit(command, state);
      case 'OrderPickup':
        return decideOrderPickup(command, state);
      case 'Receive':
        return decideReceive(command, state);
      case 'Inspect':
        return decideInspect(command, state);
      case 'ReleaseQuarantine':
        return decideReleaseQuarantine(command, state);
      case 'ReportQuarantine':
        return decideReportQuarantine(command, state);
      case 'Approve':
        return decideApprove(command, state);
      case 'ReviseOffer':
        return decideReviseOffer(command, state);
      case 'AcceptRevisedOffer':
        return decideAcceptRevisedOffer(command, state);
      case 'RejectRevisedOffer':
        return decideRejectRevisedOffer(command, state);
      case 'ExpireRevisedOffer':
        return decideExpireRevisedOffer(command, state);
      case 'ReturnDevice':
        return decideReturnDevice(command, state);
      case 'OrderPayout':
        return decideOrderPayout(command, state);
      case 'ConfirmPayout':
        return decideConfirmPayout(command, state);
      case 'Complete':
        return decideComplete(command, state);
      case 'Cancel':
        return decideCancel(command, state);
      case 'ErasePersonalData':
        return decideErasePersonalData(command, state);
      default:
        return neverCommand(command);
    }
  },
};

function neverCommand(command: never): never {
  throw new Error(`Unhandled buy-back command ${JSON.stringify(command)}`);
}
