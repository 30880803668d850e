export { checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password';
export { checkEmail, EMAIL_MAX_LENGTH, normaliseEmail } from './email';
export { checkPhone, type PhoneCheck } from './phone';
export { checkPostcode, normalisePostcode } from './postcode';
