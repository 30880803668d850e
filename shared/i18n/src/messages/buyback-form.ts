import type { Message } from '../message';

/**
 * Field messages of the buy-back forms (sell online, send to e-mail). A field error carries
 * only its key, never parameters, so none of these texts has a placeholder.
 */
export const buybackFormMessages = {
  'validation.imei_check_digit': {
    cs: 'IMEI nesedí na kontrolní číslici (poslední ze 15): nejspíš je jedna číslice opsaná špatně. Zobrazíte ho vytočením *#06#.',
    ro: 'IMEI nu corespunde cifrei de control (ultima din cele 15): probabil o cifră a fost copiată greșit. Îl afișați formând *#06#.',
    en: 'The IMEI does not match its check digit (the last of the 15): a digit was probably copied wrongly. Dial *#06# to see it.',
  },
  'validation.imei_not_real': {
    cs: 'Toto IMEI nepatří skutečnému zařízení. Opište IMEI ze zařízení (vytočte *#06#).',
    ro: 'Acest IMEI nu aparține unui dispozitiv real. Copiați IMEI-ul de pe dispozitiv (formați *#06#).',
    en: 'This IMEI belongs to no real device. Copy the IMEI from the device (dial *#06#).',
  },
  'validation.choice_required': {
    cs: 'Vyberte jednu z možností.',
    ro: 'Alegeți una dintre opțiuni.',
    en: 'Choose one of the options.',
  },
  'validation.price_invalid': {
    cs: 'Zadejte cenu jako celé kladné číslo, například 4 500 Kč.',
    ro: 'Introduceți prețul ca număr întreg pozitiv, de exemplu 4 500 Lei.',
    en: 'Enter the price as a positive whole number, for example 4 500.',
  },
  'validation.too_long': {
    cs: 'Text je příliš dlouhý.',
    ro: 'Textul este prea lung.',
    en: 'The text is too long.',
  },
  'validation.too_many_items': {
    cs: 'Vybrali jste příliš mnoho položek.',
    ro: 'Ați selectat prea multe elemente.',
    en: 'Too many items were selected.',
  },
  'validation.not_a_positive_integer': {
    cs: 'Zadejte kladné celé číslo.',
    ro: 'Introduceți un număr întreg pozitiv.',
    en: 'Enter a positive whole number.',
  },
  'validation.title_invalid': {
    cs: 'Titul smí obsahovat pouze písmena latinky a musí končit tečkou.',
    ro: 'Titlul poate conține doar litere latine și trebuie să se termine cu punct.',
    en: 'The title may contain only Latin letters and must end with a dot.',
  },
  'validation.name_invalid': {
    cs: 'Jméno smí obsahovat pouze písmena, mezery, spojovníky a apostrofy.',
    ro: 'Numele poate conține doar litere, spații, cratime și apostrofuri.',
    en: 'The name may contain only letters, spaces, hyphens and apostrophes.',
  },
  'validation.country_invalid': {
    cs: 'Zadejte platný dvoupísmenný kód státu.',
    ro: 'Introduceți un cod de țară valid, format din două litere.',
    en: 'Enter a valid two-letter country code.',
  },
  'validation.country_not_supported': {
    cs: 'Adresy v této zemi nepřijímáme.',
    ro: 'Nu acceptăm adrese din această țară.',
    en: 'We do not accept addresses in this country.',
  },
  'validation.serial_number_invalid': {
    cs: 'Zadejte platné sériové číslo (5–20 písmen nebo číslic).',
    ro: 'Introduceți un număr de serie valid (5–20 litere sau cifre).',
    en: 'Enter a valid serial number (5–20 letters or digits).',
  },
  'validation.bank_code_mismatch': {
    cs: 'Kód banky neodpovídá číslu účtu.',
    ro: 'Codul băncii nu corespunde numărului de cont.',
    en: 'The bank code does not match the account number.',
  },
} as const satisfies Readonly<Record<string, Message>>;
