/**
 * What the storefront reads from the API: the HTTP contract's own types
 * (@buyloop/contracts), imported as types only, so no schema reaches the
 * browser bundle.
 */
export type {
  Appraisal,
  Choice,
  ChoicesResponse,
  ConditionChoice,
  CountriesResponse,
  CustomerBuyback as BuybackStatus,
  CustomerTimelineEntry as TimelineEntry,
  DeviceCondition,
  Quote,
  SelectorResponse,
  SellOnlineResult,
  SendToEmailResult,
} from '@buyloop/contracts/buy-back/http';
