export { LANGUAGES, type Language, type MessageKey } from './catalogue';
export { defaultLanguage, hasMessage, isLanguage, messageKeys, registerMessages, translate } from './i18n';
export type { Message } from './message';
