export {
  IMEI_BLACKLIST_EVENT_TYPES,
  IMEI_BLACKLIST_SOURCES,
  imeiBlacklistId,
  imeiBlacklistStream,
  initialImeiBlacklistState,
  evolveImeiBlacklist,
  isImeiBlacklistSource,
  type ImeiBlacklistEvent,
  type ImeiBlacklistSource,
  type ImeiBlacklistState,
} from './events';
export {
  IMEI_BLACKLIST_REASON_MAX_LENGTH,
  decideBlacklistImei,
  decideClearImei,
  imeiBlacklistDecider,
  type BlacklistImei,
  type ClearImei,
  type ImeiBlacklistCommand,
} from './decide';
