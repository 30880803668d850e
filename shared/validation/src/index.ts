export { checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password';
export { checkEmail, EMAIL_MAX_LENGTH, normaliseEmail } from './email';
export { checkPhone, type PhoneCheck } from './phone';
export { checkPostcode, normalisePostcode } from './postcode';
export { checkImei, normaliseImei, passesLuhn } from './imei';
export { ADULT_AGE, hasReachedAge, isLeapYear } from './calendar';
export { SELLER_NOT_ADULT, type Gender, type PersonalNumberOptions } from './personal-number';
export { BIRTH_NUMBER_INVALID, checkBirthNumber, type BirthNumberCheck } from './birth-number';
export { checkCnp, CNP_INVALID, cnpCheckDigit, type CnpCheck } from './cnp';
export { CZECH_BANK_CODES, parseCnbBankCodes } from './bank-codes';
export {
  BANK_ACCOUNT_INVALID,
  BANK_ACCOUNT_PREFIX_INVALID,
  BANK_CODE_INVALID,
  checkCzechBankAccount,
  isValidAccountNumber,
  isValidAccountPrefix,
  type BankAccountCheck,
} from './bank-account';
export { checkIban, IBAN_INVALID, normaliseIban, type IbanCheck } from './iban';
export {
  checkIdentityCard,
  checkValidTo,
  IDENTITY_CARD_EXPIRED,
  IDENTITY_CARD_INVALID,
  normaliseIdentityCard,
  ROMANIAN_OLD_CARD_LAST_DAY,
  UNLIMITED_VALIDITY,
  type IdentityCardCheck,
  type IdentityCardOptions,
} from './identity-card';
export { DATE_INVALID, formatDate, parseDateInput, type DateInputOptions, type DateInputResult } from './date-input';
export { checkText, isSafeText, optionalTextField, TEXT_CHARACTERS_INVALID, textField, type TextRuleOptions } from './text';
