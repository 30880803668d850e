/** The languages Buyloop speaks: Czech, Romanian, and English as the fallback. */
export type Language = 'cs' | 'ro' | 'en';

export const LANGUAGES: readonly Language[] = ['cs', 'ro', 'en'];

/**
 * A text whose wording depends on a number, one form per CLDR plural category
 * (`Intl.PluralRules`) of its language: Czech integers use one/few/other
 * (1 minutu, 3 minuty, 5 minut), Romanian one/few/other (1 minut, 3 minute,
 * 20 de minute), English one/other. The callers pass the number as `count`.
 */
export interface PluralText {
  readonly one: string;
  readonly few?: string;
  readonly other: string;
}

export type Text = string | PluralText;

/** One message in every language, side by side so a translator sees them together. */
export type Message = Readonly<Record<Language, Text>>;
