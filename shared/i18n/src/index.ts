export { LANGUAGES, type Language, type MessageKey } from './catalogue';
export { defaultLanguage, hasMessage, isLanguage, messageKeys, translate } from './i18n';
