import { randomInt } from 'node:crypto';
import { DISCOUNT_LIMITS, GENERATED_CODE_ALPHABET } from '@buyloop/contracts/cart/discounts';

/**
 * Spec 9: a single-use code of 10 characters from digits and both letter
 * cases, drawn with the CSPRNG (62^10 ≈ 8·10^17 codes: not guessable by
 * trying). Uniqueness is not left to chance: each code is issued on its own
 * stream, which the store creates once.
 */
export function drawCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let index = 0; index < DISCOUNT_LIMITS.generatedCodeLength; index++)
    code += GENERATED_CODE_ALPHABET[random(GENERATED_CODE_ALPHABET.length)];
  return code;
}

export const GENERATED_CODE = /^[0-9A-Za-z]{10}$/;
