import type { Message } from './message';
import { buybackApiMessages } from './messages/buyback-api';
import { buybackContractMessages } from './messages/buyback-contract';
import { buybackFormMessages } from './messages/buyback-form';
import { buybackMailMessages } from './messages/buyback-mail';
import { buybackRulesMessages } from './messages/buyback-rules';
import { buybackServiceMessages } from './messages/buyback-service';
import { buybackStatusMessages } from './messages/buyback-status';
import { catalogueProductsMessages } from './messages/catalogue-products';
import { catalogueCategoriesMessages } from './messages/catalogue-categories';
import { cataloguePricingMessages } from './messages/catalogue-pricing';
import { catalogueStockMessages } from './messages/catalogue-stock';
import { catalogueMediaMessages } from './messages/catalogue-media';
import { catalogueShopMessages } from './messages/catalogue-shop';
import { cartMessages } from './messages/cart';

export { LANGUAGES, type Language, type Message, type PluralText, type Text } from './message';

const minutesCs = (count: 'one' | 'few' | 'other'): string => ({ one: 'minutu', few: 'minuty', other: 'minut' })[count];
const minutesRo = (count: 'one' | 'few' | 'other'): string => ({ one: 'minut', few: 'minute', other: 'de minute' })[count];
const minutesEn = (count: 'one' | 'other'): string => ({ one: 'minute', other: 'minutes' })[count];

const throttledCs = (count: 'one' | 'few' | 'other') =>
  `Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to znovu za {{minutes}} ${minutesCs(count)}.`;
const throttledRo = (count: 'one' | 'few' | 'other') =>
  `Prea multe încercări de autentificare eșuate. Încercați din nou peste {{minutes}} ${minutesRo(count)}.`;
const throttledEn = (count: 'one' | 'other') => `Too many failed login attempts. Try again in {{minutes}} ${minutesEn(count)}.`;

const passwordCheckThrottledCs = (count: 'one' | 'few' | 'other') =>
  `Příliš mnoho chybně zadaných hesel. Zkuste to znovu za {{minutes}} ${minutesCs(count)}.`;
const passwordCheckThrottledRo = (count: 'one' | 'few' | 'other') =>
  `Prea multe parole greșite. Încercați din nou peste {{minutes}} ${minutesRo(count)}.`;
const passwordCheckThrottledEn = (count: 'one' | 'other') =>
  `Too many wrong passwords. Try again in {{minutes}} ${minutesEn(count)}.`;

const resetBodyCs = (count: 'one' | 'few' | 'other') =>
  [
    'Dobrý den,',
    '',
    'obdrželi jsme žádost o obnovení hesla k vašemu účtu Buyloop. Nové heslo si nastavíte na této adrese:',
    '',
    '{{link}}',
    '',
    `Odkaz platí {{minutes}} ${minutesCs(count)} a lze jej použít jen jednou.`,
    '',
    'Pokud jste o obnovení hesla nežádali, tento e-mail ignorujte. Vaše heslo zůstane beze změny.',
    '',
    'Tým Buyloop',
  ].join('\n');

const resetBodyRo = (count: 'one' | 'few' | 'other') =>
  [
    'Bună ziua,',
    '',
    'am primit o solicitare de resetare a parolei pentru contul dumneavoastră Buyloop. Pentru a alege o parolă nouă, deschideți acest link:',
    '',
    '{{link}}',
    '',
    `Linkul este valabil {{minutes}} ${minutesRo(count)} și poate fi folosit o singură dată.`,
    '',
    'Dacă nu ați solicitat resetarea parolei, ignorați acest e-mail. Parola dumneavoastră rămâne neschimbată.',
    '',
    'Echipa Buyloop',
  ].join('\n');

const resetBodyEn = (count: 'one' | 'other') =>
  [
    'Hello,',
    '',
    'we received a request to reset the password of your Buyloop account. To choose a new password, open this link:',
    '',
    '{{link}}',
    '',
    `The link is valid for {{minutes}} ${minutesEn(count)} and can be used only once.`,
    '',
    'If you did not ask for a password reset, ignore this e-mail. Your password stays unchanged.',
    '',
    'The Buyloop team',
  ].join('\n');

/**
 * Every message, keyed by the stable code the server and the UIs use.
 * Czech is written in the polite plural (vykání), Romanian in the polite form
 * (dumneavoastră) with comma-below ș and ț. Texts carrying a number in a
 * sentence either are plural texts or put the number after a colon or in
 * brackets, so no grammatical agreement is needed.
 */
export const catalogue = {
  // Generic and validation messages (product spec section 5).
  'validation.required': {
    cs: 'Toto pole je povinné.',
    ro: 'Acest câmp este obligatoriu.',
    en: 'This field is required.',
  },
  'validation.email_invalid': {
    cs: 'Zadejte platnou e-mailovou adresu.',
    ro: 'Introduceți o adresă de e-mail validă.',
    en: 'Enter a valid e-mail address.',
  },
  'validation.min_length': {
    cs: 'Text je příliš krátký. Minimální počet znaků: {{min}}.',
    ro: 'Textul este prea scurt. Numărul minim de caractere: {{min}}.',
    en: 'The text is too short. Minimum number of characters: {{min}}.',
  },
  'validation.max_length': {
    cs: 'Text je příliš dlouhý. Maximální počet znaků: {{max}}.',
    ro: 'Textul este prea lung. Numărul maxim de caractere: {{max}}.',
    en: 'The text is too long. Maximum number of characters: {{max}}.',
  },
  'validation.not_a_number': {
    cs: 'Zadejte číslo.',
    ro: 'Introduceți un număr.',
    en: 'Enter a number.',
  },
  'validation.passwords_must_match': {
    cs: 'Hesla se neshodují.',
    ro: 'Parolele nu coincid.',
    en: 'The passwords do not match.',
  },
  'validation.password_rules': {
    cs: 'Heslo musí obsahovat alespoň 1 velké písmeno, 1 malé písmeno, 1 číslici a 1 speciální znak a nesmí se skládat pouze z číslic.',
    ro: 'Parola trebuie să conțină cel puțin o literă mare, o literă mică, o cifră și un caracter special și nu poate fi formată doar din cifre.',
    en: 'The password must contain at least 1 uppercase letter, 1 lowercase letter, 1 number and 1 special character, and cannot be entirely numeric.',
  },
  'validation.password_too_short': {
    cs: 'Heslo je příliš krátké. Minimální počet znaků: {{min}}.',
    ro: 'Parola este prea scurtă. Numărul minim de caractere: {{min}}.',
    en: 'The password is too short. Minimum number of characters: {{min}}.',
  },
  'validation.password_too_long': {
    cs: 'Heslo je příliš dlouhé. Maximální počet znaků: {{max}}.',
    ro: 'Parola este prea lungă. Numărul maxim de caractere: {{max}}.',
    en: 'The password is too long. Maximum number of characters: {{max}}.',
  },
  'validation.phone_invalid': {
    cs: 'Zadejte platné telefonní číslo.',
    ro: 'Introduceți un număr de telefon valid.',
    en: 'Enter a valid phone number.',
  },
  'validation.postcode_invalid': {
    cs: 'Zadejte platné PSČ.',
    ro: 'Introduceți un cod poștal valid.',
    en: 'Enter a valid postcode.',
  },
  'validation.date_invalid': {
    cs: 'Zadejte platné datum ve formátu DD.MM.RRRR.',
    ro: 'Introduceți o dată validă în formatul ZZ.LL.AAAA.',
    en: 'Enter a valid date in the format DD.MM.YYYY.',
  },
  'validation.imei_invalid': {
    cs: 'Zadejte platné číslo IMEI (15 číslic).',
    ro: 'Introduceți un cod IMEI valid (15 cifre).',
    en: 'Enter a valid IMEI (15 digits).',
  },
  'validation.birth_number_invalid': {
    cs: 'Zadejte platné rodné číslo.',
    ro: 'Introduceți un cod numeric personal ceh (rodné číslo) valid.',
    en: 'Enter a valid birth number.',
  },
  'validation.birth_number_gender_mismatch': {
    cs: 'Rodné číslo neodpovídá zadanému pohlaví.',
    ro: 'Codul numeric personal ceh (rodné číslo) nu corespunde sexului introdus.',
    en: 'The birth number does not match the gender entered.',
  },
  'validation.birth_number_birth_date_mismatch': {
    cs: 'Rodné číslo neodpovídá zadanému datu narození.',
    ro: 'Codul numeric personal ceh (rodné číslo) nu corespunde datei nașterii introduse.',
    en: 'The birth number does not match the date of birth entered.',
  },
  'validation.cnp_invalid': {
    cs: 'Zadejte platné rumunské rodné číslo (CNP).',
    ro: 'Introduceți un CNP valid.',
    en: 'Enter a valid personal numeric code (CNP).',
  },
  'validation.cnp_gender_mismatch': {
    cs: 'Rumunské rodné číslo (CNP) neodpovídá zadanému pohlaví.',
    ro: 'CNP-ul nu corespunde sexului introdus.',
    en: 'The personal numeric code (CNP) does not match the gender entered.',
  },
  'validation.cnp_birth_date_mismatch': {
    cs: 'Rumunské rodné číslo (CNP) neodpovídá zadanému datu narození.',
    ro: 'CNP-ul nu corespunde datei nașterii introduse.',
    en: 'The personal numeric code (CNP) does not match the date of birth entered.',
  },
  'validation.seller_not_adult': {
    cs: 'Zařízení nám mohou prodat pouze osoby starší 18 let.',
    ro: 'Ne pot vinde dispozitive doar persoanele care au împlinit 18 ani.',
    en: 'Only persons aged 18 or over can sell us a device.',
  },
  'validation.bank_account_invalid': {
    cs: 'Zadejte platné číslo účtu.',
    ro: 'Introduceți un număr de cont valid.',
    en: 'Enter a valid bank account number.',
  },
  'validation.bank_account_prefix_invalid': {
    cs: 'Zadejte platné předčíslí účtu.',
    ro: 'Introduceți un prefix de cont valid.',
    en: 'Enter a valid account number prefix.',
  },
  'validation.bank_code_invalid': {
    cs: 'Zadejte platný kód banky.',
    ro: 'Introduceți un cod de bancă valid.',
    en: 'Enter a valid bank code.',
  },
  'validation.iban_invalid': {
    cs: 'Zadejte platný IBAN.',
    ro: 'Introduceți un cod IBAN valid.',
    en: 'Enter a valid IBAN.',
  },
  'validation.identity_card_invalid': {
    cs: 'Zadejte platné číslo občanského průkazu.',
    ro: 'Introduceți un număr valid al cărții de identitate.',
    en: 'Enter a valid identity card number.',
  },
  'validation.identity_card_expired': {
    cs: 'Platnost občanského průkazu skončila.',
    ro: 'Cartea de identitate a expirat.',
    en: 'The identity card has expired.',
  },
  'validation.unknown_field': {
    cs: 'Toto pole není povoleno.',
    ro: 'Acest câmp nu este permis.',
    en: 'This field is not allowed.',
  },
  'validation.invalid_value': {
    cs: 'Tato hodnota není platná.',
    ro: 'Această valoare nu este validă.',
    en: 'This value is not valid.',
  },
  'validation.invalid_type': {
    cs: 'Hodnota má nesprávný typ.',
    ro: 'Valoarea nu are tipul corect.',
    en: 'The value has the wrong type.',
  },
  'validation.text_characters_invalid': {
    cs: 'Text obsahuje neviditelné nebo řídicí znaky (například změnu směru písma nebo mezeru nulové šířky). Napište jej prosím znovu bez nich.',
    ro: 'Textul conține caractere invizibile sau de control (de exemplu, schimbarea direcției scrisului sau un spațiu de lățime zero). Vă rugăm să îl scrieți din nou fără ele.',
    en: 'The text contains invisible or control characters (such as a change of writing direction or a zero-width space). Please type it again without them.',
  },
  'request.malformed_json': {
    cs: 'Tělo požadavku není platný JSON.',
    ro: 'Corpul cererii nu este un JSON valid.',
    en: 'The request body is not valid JSON.',
  },
  'request.invalid': {
    cs: 'Požadavek obsahuje neplatné údaje.',
    ro: 'Cererea conține date invalide.',
    en: 'The request contains invalid data.',
  },
  'route.not_found': {
    cs: 'Požadovaná stránka nebyla nalezena.',
    ro: 'Pagina solicitată nu a fost găsită.',
    en: 'The requested page was not found.',
  },
  internal: {
    cs: 'Při zpracování vašeho požadavku došlo k chybě, zkuste to prosím znovu.',
    ro: 'A apărut o eroare la procesarea cererii dumneavoastră, vă rugăm să încercați din nou.',
    en: 'There was an error processing your request, please try again.',
  },

  // Sign-in, accounts and roles (product spec section 6).
  'auth.not_logged_in': {
    cs: 'Pro pokračování se prosím přihlaste.',
    ro: 'Vă rugăm să vă autentificați pentru a continua.',
    en: 'Please log in to continue.',
  },

  // Buy-back appraisal and price lists (product spec sections 3, 5, 8 and 9).
  // Buy-back lifecycle (issue 5 point 4): refusals of the buy-back decider.
  'buyback.not_found': {
    cs: 'Výkup nebyl nalezen.',
    ro: 'Răscumpărarea nu a fost găsită.',
    en: 'The buy-back was not found.',
  },
  'buyback.already_exists': {
    cs: 'Výkup s tímto číslem již existuje.',
    ro: 'O răscumpărare cu acest număr există deja.',
    en: 'A buy-back with this number already exists.',
  },
  'buyback.already_submitted': {
    cs: 'Zařízení již bylo prodáno online.',
    ro: 'Dispozitivul a fost deja vândut online.',
    en: 'The device has already been sold online.',
  },
  'buyback.number_mismatch': {
    cs: 'Číslo výkupu nesouhlasí s odeslanou nabídkou.',
    ro: 'Numărul răscumpărării nu corespunde ofertei trimise.',
    en: 'The buy-back number does not match the offer that was sent.',
  },
  'buyback.amount_invalid': {
    cs: 'Částka musí být celé nezáporné číslo.',
    ro: 'Suma trebuie să fie un număr întreg nenegativ.',
    en: 'The amount must be a whole, non-negative number.',
  },
  'buyback.not_submitted': {
    cs: 'Zařízení zatím nebylo prodáno online.',
    ro: 'Dispozitivul nu a fost încă vândut online.',
    en: 'The device has not been sold online yet.',
  },
  'buyback.pickup_already_ordered': {
    cs: 'Svoz kurýrem již byl objednán.',
    ro: 'Ridicarea prin curier a fost deja comandată.',
    en: 'A courier pickup has already been ordered.',
  },
  'buyback.pickup_not_courier': {
    cs: 'Zákazník přinese zařízení na výkupní místo, svoz kurýrem se neobjednává.',
    ro: 'Clientul aduce dispozitivul la un centru de răscumpărare, nu se comandă curier.',
    en: 'The customer brings the device to a buy-back centre; no courier pickup is ordered.',
  },
  'buyback.not_received': {
    cs: 'Zařízení zatím nebylo přijato.',
    ro: 'Dispozitivul nu a fost încă primit.',
    en: 'The device has not been received yet.',
  },
  'buyback.already_received': {
    cs: 'Zařízení již bylo přijato.',
    ro: 'Dispozitivul a fost deja primit.',
    en: 'The device has already been received.',
  },
  'buyback.not_inspected': {
    cs: 'Zařízení zatím nebylo zkontrolováno.',
    ro: 'Dispozitivul nu a fost încă verificat.',
    en: 'The device has not been inspected yet.',
  },
  'buyback.already_inspected': {
    cs: 'Zařízení již bylo zkontrolováno.',
    ro: 'Dispozitivul a fost deja verificat.',
    en: 'The device has already been inspected.',
  },
  'buyback.finding_duplicate': {
    cs: 'Každou otázku o stavu zařízení lze při kontrole posoudit jen jednou.',
    ro: 'Fiecare întrebare despre starea dispozitivului poate fi evaluată o singură dată la verificare.',
    en: 'Each condition question can be assessed only once in an inspection.',
  },
  'buyback.finding_unknown': {
    cs: 'Důvod se musí týkat zjištění, které se liší od popisu zákazníka.',
    ro: 'Motivul trebuie să se refere la o constatare care diferă de descrierea clientului.',
    en: 'The reason must refer to a finding that differs from the description given by the customer.',
  },
  'buyback.finding_reason_missing': {
    cs: 'Uveďte důvod ke každému zjištění, které se liší od popisu zákazníka.',
    ro: 'Indicați un motiv pentru fiecare constatare care diferă de descrierea clientului.',
    en: 'Give a reason for every finding that differs from the description given by the customer.',
  },
  'buyback.quarantined': {
    cs: 'Zařízení je v karanténě kvůli IMEI.',
    ro: 'Dispozitivul este în carantină din cauza codului IMEI.',
    en: 'The device is in quarantine because of its IMEI.',
  },
  'buyback.not_quarantined': {
    cs: 'Zařízení není v karanténě.',
    ro: 'Dispozitivul nu este în carantină.',
    en: 'The device is not in quarantine.',
  },
  'buyback.quarantine_reported': {
    cs: 'Zařízení z karantény bylo nahlášeno úřadům, výkup nelze dokončit.',
    ro: 'Dispozitivul aflat în carantină a fost raportat autorităților, răscumpărarea nu poate fi finalizată.',
    en: 'The quarantined device has been reported to the authorities; the buy-back cannot be completed.',
  },
  'buyback.not_approved': {
    cs: 'Výkup zatím nebyl schválen.',
    ro: 'Răscumpărarea nu a fost încă aprobată.',
    en: 'The buy-back has not been approved yet.',
  },
  'buyback.already_approved': {
    cs: 'Výkup již byl schválen.',
    ro: 'Răscumpărarea a fost deja aprobată.',
    en: 'The buy-back has already been approved.',
  },
  'buyback.inspection_differs': {
    cs: 'Stav zařízení se liší od popisu zákazníka, je třeba upravit nabídku.',
    ro: 'Starea dispozitivului diferă de descrierea clientului, oferta trebuie revizuită.',
    en: 'The condition of the device differs from the description given by the customer; the offer must be revised.',
  },
  'buyback.inspection_matches': {
    cs: 'Stav zařízení odpovídá popisu zákazníka, výkup lze schválit za nabídnutou cenu.',
    ro: 'Starea dispozitivului corespunde descrierii clientului, răscumpărarea poate fi aprobată la prețul oferit.',
    en: 'The condition of the device matches the description given by the customer; the buy-back can be approved at the offered price.',
  },
  'buyback.revised_price_not_lower': {
    cs: 'Upravená cena musí být nižší než současná cena.',
    ro: 'Prețul revizuit trebuie să fie mai mic decât prețul actual.',
    en: 'The revised price must be lower than the current price.',
  },
  'buyback.revised_offer_open': {
    cs: 'Upravená nabídka čeká na odpověď zákazníka.',
    ro: 'Oferta revizuită așteaptă răspunsul clientului.',
    en: 'The revised offer is waiting for an answer from the customer.',
  },
  'buyback.revised_offer_expired': {
    cs: 'Platnost upravené nabídky vypršela, zařízení vám vrátíme.',
    ro: 'Oferta revizuită a expirat, vă vom returna dispozitivul.',
    en: 'The revised offer has expired; the device will be returned to you.',
  },
  'buyback.revised_offer_not_expired': {
    cs: 'Upravená nabídka je stále platná.',
    ro: 'Oferta revizuită este încă valabilă.',
    en: 'The revised offer is still valid.',
  },
  'buyback.revised_offer_already_accepted': {
    cs: 'Upravená nabídka již byla přijata.',
    ro: 'Oferta revizuită a fost deja acceptată.',
    en: 'The revised offer has already been accepted.',
  },
  'buyback.revised_offer_already_rejected': {
    cs: 'Upravená nabídka již byla odmítnuta.',
    ro: 'Oferta revizuită a fost deja respinsă.',
    en: 'The revised offer has already been rejected.',
  },
  'buyback.payout_not_ordered': {
    cs: 'Výplata zatím nebyla zadána.',
    ro: 'Plata nu a fost încă dispusă.',
    en: 'The payout has not been ordered yet.',
  },
  'buyback.payout_already_ordered': {
    cs: 'Výplata již byla zadána.',
    ro: 'Plata a fost deja dispusă.',
    en: 'The payout has already been ordered.',
  },
  'buyback.payout_approval_required': {
    cs: 'Výplata nad stanovený limit vyžaduje schválení nadřízeným.',
    ro: 'O plată peste limita stabilită necesită aprobarea unui supervizor.',
    en: 'A payout above the set limit needs the approval of a supervisor.',
  },
  'buyback.payout_approval_same_person': {
    cs: 'Výplatu musí schválit jiná osoba než ta, která ji zadává nebo o schválení požádala.',
    ro: 'Plata trebuie aprobată de o altă persoană decât cea care o dispune sau care a cerut aprobarea.',
    en: 'The payout must be approved by someone other than the person ordering it or asking for the approval.',
  },
  'buyback.not_paid': {
    cs: 'Výkup zatím nebyl vyplacen.',
    ro: 'Răscumpărarea nu a fost încă plătită.',
    en: 'The buy-back has not been paid yet.',
  },
  'buyback.already_paid': {
    cs: 'Výkup již byl vyplacen.',
    ro: 'Răscumpărarea a fost deja plătită.',
    en: 'The buy-back has already been paid.',
  },
  'buyback.already_completed': {
    cs: 'Výkup již byl dokončen.',
    ro: 'Răscumpărarea a fost deja finalizată.',
    en: 'The buy-back has already been completed.',
  },
  'buyback.cancel_after_receipt': {
    cs: 'Zařízení již bylo přijato, výkup už nelze zrušit.',
    ro: 'Dispozitivul a fost deja primit, răscumpărarea nu mai poate fi anulată.',
    en: 'The device has already been received; the buy-back can no longer be cancelled.',
  },
  'buyback.already_cancelled': {
    cs: 'Výkup již byl zrušen.',
    ro: 'Răscumpărarea a fost deja anulată.',
    en: 'The buy-back has already been cancelled.',
  },
  'buyback.device_returning': {
    cs: 'Zařízení se vrací zákazníkovi.',
    ro: 'Dispozitivul este returnat clientului.',
    en: 'The device is being returned to the customer.',
  },
  'buyback.not_returning': {
    cs: 'Zařízení se zákazníkovi nevrací.',
    ro: 'Dispozitivul nu trebuie returnat clientului.',
    en: 'The device is not to be returned to the customer.',
  },
  'buyback.device_returned': {
    cs: 'Zařízení již bylo vráceno zákazníkovi.',
    ro: 'Dispozitivul a fost deja returnat clientului.',
    en: 'The device has already been returned to the customer.',
  },
  'buyback.already_returned': {
    cs: 'Zařízení již bylo vráceno zákazníkovi.',
    ro: 'Dispozitivul a fost deja returnat clientului.',
    en: 'The device has already been returned to the customer.',
  },

  'buyback.appraisal_failed': {
    cs: 'Omlouváme se, ale při zjišťování nacenění nastala chyba.',
    ro: 'Ne pare rău, dar a apărut o eroare la stabilirea evaluării.',
    en: 'We are sorry, but an error occurred while determining the appraisal.',
  },
  'buyback.quality_unknown': {
    cs: 'Kvalita zařízení je neznámá nebo neurčená, výkup nelze dokončit.',
    ro: 'Calitatea dispozitivului este necunoscută sau nedefinită, răscumpărarea nu poate fi finalizată.',
    en: 'The quality of the device is unknown or undefined, the buy-back cannot be completed.',
  },
  'buyback.choice_disabled': {
    cs: 'Zařízení v tomto stavu bohužel nemůžeme vykoupit.',
    ro: 'Din păcate, nu putem răscumpăra dispozitivul în această stare.',
    en: 'Unfortunately we cannot buy back a device in this condition.',
  },
  'buyback.choice_unknown': {
    cs: 'Zvolená odpověď k tomuto zařízení nepatří.',
    ro: 'Răspunsul ales nu aparține acestui dispozitiv.',
    en: 'The chosen answer does not belong to this device.',
  },
  'buyback.answer_missing': {
    cs: 'Odpovězte prosím na všechny otázky o stavu zařízení.',
    ro: 'Vă rugăm să răspundeți la toate întrebările despre starea dispozitivului.',
    en: 'Please answer every question about the condition of the device.',
  },
  'buyback.answer_duplicate': {
    cs: 'Na každou otázku o stavu zařízení zvolte právě jednu odpověď.',
    ro: 'Alegeți un singur răspuns pentru fiecare întrebare despre starea dispozitivului.',
    en: 'Choose exactly one answer to each question about the condition of the device.',
  },
  'buyback.price_list_changed': {
    cs: 'Ceník výkupu se mezitím změnil. Zkontrolujte prosím novou cenu.',
    ro: 'Lista de prețuri pentru răscumpărare s-a modificat între timp. Vă rugăm să verificați noul preț.',
    en: 'The buy-back price list has changed in the meantime. Please check the new price.',
  },
  'buyback.price_list.version_not_increased': {
    cs: 'Změněný ceník musí mít vyšší verzi než ceník platný nyní.',
    ro: 'Lista de prețuri modificată trebuie să aibă o versiune mai mare decât cea în vigoare.',
    en: 'A changed price list needs a higher version than the one in force.',
  },
  'buyback.price_list.version_invalid': {
    cs: 'Verze ceníku musí být kladné celé číslo.',
    ro: 'Versiunea listei de prețuri trebuie să fie un număr întreg pozitiv.',
    en: 'The price list version must be a positive whole number.',
  },
  'buyback.price_list.currency_invalid': {
    cs: 'Měna musí být CZK nebo RON.',
    ro: 'Moneda trebuie să fie CZK sau RON.',
    en: 'The currency must be CZK or RON.',
  },
  'buyback.price_list.price_missing': {
    cs: 'Chybí cena pro kvalitu {{quality}}.',
    ro: 'Lipsește prețul pentru calitatea {{quality}}.',
    en: 'The price for quality {{quality}} is missing.',
  },
  'buyback.price_list.amount_invalid': {
    cs: 'Částka musí být nezáporné celé číslo.',
    ro: 'Suma trebuie să fie un număr întreg nenegativ.',
    en: 'The amount must be a non-negative whole number.',
  },
  'buyback.price_list.correction_invalid': {
    cs: 'Korekce ceny musí být celé číslo.',
    ro: 'Corecția de preț trebuie să fie un număr întreg.',
    en: 'The price correction must be a whole number.',
  },
  'buyback.price_list.quality_unknown': {
    cs: 'Neznámá kvalita: {{quality}}. Povolené jsou A+, A, B, C, D.',
    ro: 'Calitate necunoscută: {{quality}}. Sunt permise A+, A, B, C, D.',
    en: 'Unknown quality: {{quality}}. Allowed are A+, A, B, C, D.',
  },
  'buyback.price_list.prices_not_ordered': {
    cs: 'Cena kvality {{better}} nesmí být nižší než cena kvality {{worse}}.',
    ro: 'Prețul pentru calitatea {{better}} nu poate fi mai mic decât prețul pentru calitatea {{worse}}.',
    en: 'The price of quality {{better}} cannot be lower than the price of quality {{worse}}.',
  },
  'buyback.price_list.minimal_price_too_high': {
    cs: 'Minimální výkupní cena nesmí být vyšší než cena kvality D ({{lowest}}).',
    ro: 'Prețul minim de răscumpărare nu poate fi mai mare decât prețul pentru calitatea D ({{lowest}}).',
    en: 'The minimal buy-back price cannot be higher than the price of quality D ({{lowest}}).',
  },
  'buyback.price_list.bonus_invalid': {
    cs: 'Bonus musí být mezi 0 a 100 %.',
    ro: 'Bonusul trebuie să fie între 0 și 100 %.',
    en: 'The bonus must be between 0 and 100 %.',
  },
  'buyback.price_list.no_quality_question': {
    cs: 'Ceník musí obsahovat alespoň jednu otázku, která určuje kvalitu (kromě nabíječky a baterie).',
    ro: 'Lista de prețuri trebuie să conțină cel puțin o întrebare care determină calitatea (în afară de încărcător și baterie).',
    en: 'The price list needs at least one question that decides the quality (besides the charger and the battery).',
  },
  'buyback.price_list.condition_duplicate': {
    cs: 'Otázka s tímto identifikátorem už v ceníku je.',
    ro: 'O întrebare cu acest identificator există deja în lista de prețuri.',
    en: 'A question with this identifier is already in the price list.',
  },
  'buyback.price_list.choices_missing': {
    cs: 'Otázka musí mít alespoň jednu odpověď.',
    ro: 'Întrebarea trebuie să aibă cel puțin un răspuns.',
    en: 'The question needs at least one answer.',
  },
  'buyback.price_list.value_duplicate': {
    cs: 'Hodnota odpovědi se v ceníku opakuje.',
    ro: 'Valoarea răspunsului se repetă în lista de prețuri.',
    en: 'The answer value is used more than once in the price list.',
  },
  'buyback.price_list.default_choices_missing': {
    cs: 'Chybí výchozí odpovědi pro kvalitu {{quality}}.',
    ro: 'Lipsesc răspunsurile implicite pentru calitatea {{quality}}.',
    en: 'The default answers for quality {{quality}} are missing.',
  },
  'buyback.price_list.default_choice_unknown': {
    cs: 'Výchozí odpověď {{value}} v ceníku neexistuje.',
    ro: 'Răspunsul implicit {{value}} nu există în lista de prețuri.',
    en: 'The default answer {{value}} does not exist in the price list.',
  },
  'buyback.price_list.default_choices_mismatch': {
    cs: 'Výchozí odpovědi pro kvalitu {{quality}} nevedou k této kvalitě.',
    ro: 'Răspunsurile implicite pentru calitatea {{quality}} nu duc la această calitate.',
    en: 'The default answers for quality {{quality}} do not lead to that quality.',
  },
  'buyback.catalogue.id_duplicate': {
    cs: 'Tento identifikátor už v katalogu je.',
    ro: 'Acest identificator există deja în catalog.',
    en: 'This identifier is already in the catalogue.',
  },
  'buyback.catalogue.slug_invalid': {
    cs: 'SEO název smí obsahovat jen malá písmena bez diakritiky, číslice a pomlčky.',
    ro: 'Numele SEO poate conține doar litere mici fără diacritice, cifre și cratime.',
    en: 'The SEO name may contain only lower-case letters without accents, digits and hyphens.',
  },
  'buyback.catalogue.slug_duplicate': {
    cs: 'Tento SEO název už je na stejné úrovni použit.',
    ro: 'Acest nume SEO este deja folosit la același nivel.',
    en: 'This SEO name is already used at the same level.',
  },
  'buyback.catalogue.reference_unknown': {
    cs: 'Odkazovaná položka katalogu neexistuje.',
    ro: 'Elementul de catalog la care se face referire nu există.',
    en: 'The referenced catalogue entry does not exist.',
  },
  'buyback.catalogue.price_list_missing': {
    cs: 'Model musí mít právě jeden výkupní ceník.',
    ro: 'Modelul trebuie să aibă exact o listă de prețuri de răscumpărare.',
    en: 'The model needs exactly one buy-back price list.',
  },
  'buyback.catalogue.currency_mismatch': {
    cs: 'Ceník musí být v měně trhu ({{currency}}).',
    ro: 'Lista de prețuri trebuie să fie în moneda pieței ({{currency}}).',
    en: 'The price list must be in the currency of the market ({{currency}}).',
  },

  // Sign-in, accounts and roles (continued).
  'validation.failed': {
    cs: 'Formulář obsahuje chyby. Opravte prosím označená pole.',
    ro: 'Formularul conține erori. Vă rugăm să corectați câmpurile marcate.',
    en: 'The form contains errors. Please correct the marked fields.',
  },
  'auth.user_exists': {
    cs: 'Tento účet už existuje.',
    ro: 'Acest cont există deja.',
    en: 'This account already exists.',
  },
  'auth.address_exists': {
    cs: 'Tato adresa už je uložena.',
    ro: 'Această adresă este deja salvată.',
    en: 'This address is already saved.',
  },
  'auth.not_a_customer': {
    cs: 'Ověřit lze jen zákaznický účet.',
    ro: 'Doar un cont de client poate fi verificat.',
    en: 'Only a customer account can be verified.',
  },
  'auth.approval_exists': {
    cs: 'Tato žádost o schválení už existuje.',
    ro: 'Această cerere de aprobare există deja.',
    en: 'This approval request already exists.',
  },
  'concurrency.conflict': {
    cs: 'Mezitím to změnil někdo jiný. Načtěte stránku znovu a zkuste to ještě jednou.',
    ro: 'Între timp, altcineva a făcut o modificare. Reîncărcați pagina și încercați din nou.',
    en: 'Someone else changed this in the meantime. Reload the page and try again.',
  },
  'request.too_large': {
    cs: 'Požadavek je příliš velký.',
    ro: 'Cererea este prea mare.',
    en: 'The request is too large.',
  },
  'request.unsupported_encoding': {
    cs: 'Kódování požadavku není podporováno.',
    ro: 'Codificarea cererii nu este acceptată.',
    en: 'The request encoding is not supported.',
  },
  'request.unsupported_charset': {
    cs: 'Znaková sada požadavku není podporována.',
    ro: 'Setul de caractere al cererii nu este acceptat.',
    en: 'The request character set is not supported.',
  },
  'request.aborted': {
    cs: 'Požadavek byl přerušen.',
    ro: 'Cererea a fost întreruptă.',
    en: 'The request was aborted.',
  },
  'request.size_mismatch': {
    cs: 'Velikost požadavku neodpovídá jeho obsahu.',
    ro: 'Dimensiunea cererii nu corespunde conținutului.',
    en: 'The request size does not match its content.',
  },
  'health.event_store_unreachable': {
    cs: 'Služba teď není připravena. Zkuste to prosím za chvíli.',
    ro: 'Serviciul nu este pregătit acum. Vă rugăm să încercați din nou în scurt timp.',
    en: 'The service is not ready. Please try again shortly.',
  },
  'projection.not_found': {
    cs: 'Taková projekce neexistuje.',
    ro: 'Această proiecție nu există.',
    en: 'There is no such projection.',
  },
  'projection.not_started': {
    cs: 'Projekce ještě neběžela.',
    ro: 'Proiecția nu a rulat încă.',
    en: 'The projection has not started yet.',
  },
  'projection.runs_elsewhere': {
    cs: 'Projekce běží v jiném procesu; pošlete příkaz tam.',
    ro: 'Proiecția rulează în alt proces; trimiteți comanda acolo.',
    en: 'The projection runs in another process; send the command there.',
  },
  'auth.privileged_role_needs_approval': {
    cs: 'Přidělení role vedoucího nebo administrátora vyžaduje schválení druhou osobou s rolí vedoucího.',
    ro: 'Acordarea rolului de supervizor sau de administrator necesită aprobarea unei a doua persoane cu rol de supervizor.',
    en: 'Granting the supervisor or administrator role needs the approval of a second person with the supervisor role.',
  },
  'auth.privileged_role_removal_needs_approval': {
    cs: 'Odebrání role vedoucího nebo administrátora vyžaduje schválení druhou osobou s rolí vedoucího, stejně jako její přidělení.',
    ro: 'Retragerea rolului de supervizor sau de administrator necesită, ca și acordarea lui, aprobarea unei a doua persoane cu rol de supervizor.',
    en: 'Removing the supervisor or administrator role needs the approval of a second person with the supervisor role, as granting it does.',
  },
  'auth.last_supervisor': {
    cs: 'Toto je poslední účet s rolí vedoucího. Bez něj by nikdo nemohl schvalovat ani roli znovu přidělit; nejprve ji přidělte někomu dalšímu.',
    ro: 'Acesta este ultimul cont cu rol de supervizor. Fără el nimeni nu ar mai putea aproba sau acorda din nou rolul; acordați-l mai întâi altcuiva.',
    en: 'This is the last account with the supervisor role. Without it nobody could approve or grant the role again; give it to someone else first.',
  },
  'auth.last_administrator': {
    cs: 'Toto je poslední účet s rolí administrátora. Bez něj by nikdo nemohl spravovat účty; nejprve roli přidělte někomu dalšímu.',
    ro: 'Acesta este ultimul cont cu rol de administrator. Fără el nimeni nu ar mai putea gestiona conturile; acordați mai întâi rolul altcuiva.',
    en: 'This is the last account with the administrator role. Without it nobody could manage accounts; give the role to someone else first.',
  },
  'auth.self_role_change': {
    cs: 'Vlastní role ani vlastní účet si měnit nemůžete; požádejte jiného administrátora.',
    ro: 'Nu vă puteți modifica propriile roluri și nici propriul cont; cereți ajutorul altui administrator.',
    en: 'You cannot change your own roles or remove your own account; ask another administrator.',
  },
  'auth.forbidden': {
    cs: 'Nemáte oprávnění k přístupu na tuto stránku',
    ro: 'Nu aveți permisiunea de a accesa această pagină',
    en: 'You do not have permission to access this page',
  },
  'auth.login_failed': {
    cs: 'Nesprávný e-mail nebo heslo.',
    ro: 'Adresa de e-mail sau parola este incorectă.',
    en: 'Wrong e-mail or password.',
  },
  'auth.login_throttled': {
    cs: { one: throttledCs('one'), few: throttledCs('few'), other: throttledCs('other') },
    ro: { one: throttledRo('one'), few: throttledRo('few'), other: throttledRo('other') },
    en: { one: throttledEn('one'), other: throttledEn('other') },
  },
  'auth.password_check_throttled': {
    cs: { one: passwordCheckThrottledCs('one'), few: passwordCheckThrottledCs('few'), other: passwordCheckThrottledCs('other') },
    ro: { one: passwordCheckThrottledRo('one'), few: passwordCheckThrottledRo('few'), other: passwordCheckThrottledRo('other') },
    en: { one: passwordCheckThrottledEn('one'), other: passwordCheckThrottledEn('other') },
  },
  'auth.csrf_invalid': {
    cs: 'Platnost stránky vypršela nebo požadavek nepřišel z našeho webu. Načtěte stránku znovu a zkuste to ještě jednou.',
    ro: 'Pagina a expirat sau cererea nu provine de pe site-ul nostru. Reîncărcați pagina și încercați din nou.',
    en: 'This page has expired or the request did not come from our site. Reload the page and try again.',
  },
  'auth.session_expired': {
    cs: 'Vaše přihlášení vypršelo. Přihlaste se prosím znovu.',
    ro: 'Sesiunea dumneavoastră a expirat. Vă rugăm să vă autentificați din nou.',
    en: 'Your session has expired. Please log in again.',
  },
  'auth.email_taken': {
    cs: 'Účet s touto e-mailovou adresou již existuje.',
    ro: 'Există deja un cont cu această adresă de e-mail.',
    en: 'An account with this e-mail address already exists.',
  },
  'auth.current_password_wrong': {
    cs: 'Současné heslo není správné.',
    ro: 'Parola actuală nu este corectă.',
    en: 'The current password is not correct.',
  },
  'auth.password_same_as_old': {
    cs: 'Nové heslo se musí lišit od současného.',
    ro: 'Parola nouă trebuie să fie diferită de cea actuală.',
    en: 'The new password must be different from the current one.',
  },
  'auth.reset_link_invalid': {
    cs: 'Tento odkaz pro obnovení hesla není platný.',
    ro: 'Acest link de resetare a parolei nu este valid.',
    en: 'This password reset link is not valid.',
  },
  'auth.reset_link_expired': {
    cs: 'Platnost odkazu pro obnovení hesla vypršela. Požádejte o nový.',
    ro: 'Linkul de resetare a parolei a expirat. Solicitați unul nou.',
    en: 'This password reset link has expired. Please request a new one.',
  },
  'auth.reset_link_used': {
    cs: 'Tento odkaz pro obnovení hesla už byl použit. V případě potřeby požádejte o nový.',
    ro: 'Acest link de resetare a parolei a fost deja folosit. Dacă este nevoie, solicitați unul nou.',
    en: 'This password reset link has already been used. Request a new one if you need it.',
  },
  'auth.registration_mail_sent': {
    cs: 'Na zadanou adresu jsme poslali e-mail. Registraci dokončíte odkazem v něm.',
    ro: 'V-am trimis un e-mail la adresa indicată. Finalizați înregistrarea folosind linkul din el.',
    en: 'We have sent an e-mail to the address you gave. Follow the link in it to complete the registration.',
  },
  'auth.registration_link_invalid': {
    cs: 'Odkaz pro dokončení registrace je neplatný, vypršel nebo už byl použit. Zaregistrujte se prosím znovu.',
    ro: 'Linkul pentru finalizarea înregistrării nu este valid, a expirat sau a fost deja folosit. Vă rugăm să vă înregistrați din nou.',
    en: 'The registration link is not valid, has expired or has already been used. Please register again.',
  },
  'auth.registration_password_wrong': {
    cs: 'Toto není heslo, které jste zvolili při registraci.',
    ro: 'Aceasta nu este parola aleasă la înregistrare.',
    en: 'This is not the password you chose when registering.',
  },
  'auth.reset_email_sent': {
    cs: 'Pokud k této e-mailové adrese existuje účet, poslali jsme na ni odkaz pro obnovení hesla.',
    ro: 'Dacă există un cont pentru această adresă de e-mail, v-am trimis un link pentru resetarea parolei.',
    en: 'If an account exists for this e-mail address, we have sent it a link to reset the password.',
  },
  'auth.account_disabled': {
    cs: 'Tento účet je zablokovaný. Obraťte se prosím na zákaznickou podporu.',
    ro: 'Acest cont a fost dezactivat. Vă rugăm să contactați serviciul pentru clienți.',
    en: 'This account has been disabled. Please contact customer support.',
  },
  'auth.shop_account_read_only': {
    cs: 'Účet prodejny nemůže měnit osobní údaje.',
    ro: 'Un cont de magazin nu poate modifica datele personale.',
    en: 'A shop account cannot change personal information.',
  },
  'auth.visitor_cannot_change_password': {
    cs: 'Heslo můžete změnit až po přihlášení.',
    ro: 'Pentru a schimba parola trebuie să vă autentificați.',
    en: 'You must be logged in to change the password.',
  },
  'auth.supervisor_self_approval': {
    cs: 'Kontrolu nadřízeného musí provést druhá osoba. Vlastní požadavek schválit nemůžete.',
    ro: 'Verificarea supervizorului trebuie făcută de o a doua persoană. Nu vă puteți aproba propria cerere.',
    en: 'The supervisor check must be done by a second person. You cannot approve your own request.',
  },
  'auth.approval_not_found': {
    cs: 'Žádost o schválení nebyla nalezena.',
    ro: 'Cererea de aprobare nu a fost găsită.',
    en: 'The approval request was not found.',
  },
  'auth.approval_already_decided': {
    cs: 'O této žádosti o schválení již bylo rozhodnuto.',
    ro: 'S-a luat deja o decizie pentru această cerere de aprobare.',
    en: 'This approval request has already been decided.',
  },
  'auth.approval_used': {
    cs: 'Toto schválení už bylo jednou použito a platí jen pro jednu změnu. Požádejte o nové.',
    ro: 'Această aprobare a fost deja folosită și este valabilă pentru o singură modificare. Solicitați una nouă.',
    en: 'This approval has been used already; it allows one change only. Ask for a new one.',
  },
  'auth.approval_expired': {
    cs: 'Schválení platí 24 hodin od udělení a tato doba uplynula. Požádejte o nové.',
    ro: 'Aprobarea este valabilă 24 de ore de la acordare, iar acest termen a trecut. Solicitați una nouă.',
    en: 'An approval is good for 24 hours after it was granted, and that time has passed. Ask for a new one.',
  },
  'auth.approval_not_applicable': {
    cs: 'Toto schválení se netýká této změny: platí jen pro osobu, role a žadatele, které uvádí, a jen když bylo uděleno.',
    ro: 'Această aprobare nu privește această modificare: este valabilă doar pentru persoana, rolurile și solicitantul pe care le numește și doar dacă a fost acordată.',
    en: 'This approval is not for this change: it allows only the person, roles and requester it names, and only once granted.',
  },
  'auth.role_unknown': {
    cs: 'Neznámá role.',
    ro: 'Rol necunoscut.',
    en: 'Unknown role.',
  },
  'auth.user_not_found': {
    cs: 'Uživatel nebyl nalezen.',
    ro: 'Utilizatorul nu a fost găsit.',
    en: 'The user was not found.',
  },
  'auth.demo_users_refused_in_production': {
    cs: 'Ukázkoví uživatelé nejsou v produkčním provozu povoleni.',
    ro: 'Utilizatorii demonstrativi nu sunt permiși în mediul de producție.',
    en: 'Demo users are not allowed in production.',
  },
  'auth.address_not_found': {
    cs: 'Adresa nebyla nalezena.',
    ro: 'Adresa nu a fost găsită.',
    en: 'The address was not found.',
  },
  'auth.address_limit': {
    cs: 'Dosáhli jste maximálního počtu uložených adres ({{max}}).',
    ro: 'Ați atins numărul maxim de adrese salvate ({{max}}).',
    en: 'You have reached the maximum number of saved addresses ({{max}}).',
  },

  // E-mails (plain text).
  'mail.password_reset.subject': {
    cs: 'Obnovení hesla k účtu Buyloop',
    ro: 'Resetarea parolei contului Buyloop',
    en: 'Reset your Buyloop password',
  },
  'mail.password_reset.body': {
    cs: { one: resetBodyCs('one'), few: resetBodyCs('few'), other: resetBodyCs('other') },
    ro: { one: resetBodyRo('one'), few: resetBodyRo('few'), other: resetBodyRo('other') },
    en: { one: resetBodyEn('one'), other: resetBodyEn('other') },
  },
  'mail.registration_confirm.subject': {
    cs: 'Dokončete registraci v Buyloop',
    ro: 'Finalizați înregistrarea la Buyloop',
    en: 'Complete your Buyloop registration',
  },
  'mail.registration_confirm.body': {
    cs: [
      'Dobrý den,',
      '',
      'někdo (doufáme, že vy) se s touto adresou zaregistroval v Buyloop. Registraci dokončíte na této adrese zadáním hesla, které jste při ní zvolili:',
      '',
      '{{link}}',
      '',
      'Odkaz platí {{hours}} h.',
      '',
      'Pokud jste se neregistrovali, tento e-mail ignorujte. Účet nevznikne.',
      '',
      'Tým Buyloop',
    ].join('\n'),
    ro: [
      'Bună ziua,',
      '',
      'cineva (sperăm că dumneavoastră) s-a înregistrat la Buyloop cu această adresă. Finalizați înregistrarea la adresa de mai jos, introducând parola aleasă atunci:',
      '',
      '{{link}}',
      '',
      'Linkul este valabil {{hours}} h.',
      '',
      'Dacă nu v-ați înregistrat, ignorați acest e-mail. Contul nu va fi creat.',
      '',
      'Echipa Buyloop',
    ].join('\n'),
    en: [
      'Hello,',
      '',
      'someone (we hope you) registered at Buyloop with this address. Complete the registration here by entering the password you chose:',
      '',
      '{{link}}',
      '',
      'The link works for {{hours}} h.',
      '',
      'If you did not register, ignore this e-mail. No account will be created.',
      '',
      'The Buyloop team',
    ].join('\n'),
  },
  'mail.registration_taken.subject': {
    cs: 'Pokus o registraci s vaší adresou v Buyloop',
    ro: 'Încercare de înregistrare cu adresa dumneavoastră la Buyloop',
    en: 'Someone tried to register your address at Buyloop',
  },
  'mail.registration_taken.body': {
    cs: [
      'Dobrý den,',
      '',
      'někdo se právě pokusil zaregistrovat v Buyloop s touto adresou, ke které už účet máte. Nový účet nevznikl.',
      '',
      'Pokud jste to byli vy, přihlaste se zde; pokud si heslo nepamatujete, na stejné stránce si můžete nechat poslat odkaz pro jeho obnovení:',
      '',
      '{{link}}',
      '',
      'Pokud jste to nebyli vy, nemusíte nic dělat. Váš účet zůstává beze změny.',
      '',
      'Tým Buyloop',
    ].join('\n'),
    ro: [
      'Bună ziua,',
      '',
      'cineva tocmai a încercat să se înregistreze la Buyloop cu această adresă, pentru care aveți deja un cont. Nu a fost creat niciun cont nou.',
      '',
      'Dacă ați fost dumneavoastră, autentificați-vă aici; dacă nu vă amintiți parola, pe aceeași pagină puteți cere un link pentru resetarea ei:',
      '',
      '{{link}}',
      '',
      'Dacă nu ați fost dumneavoastră, nu trebuie să faceți nimic. Contul dumneavoastră rămâne neschimbat.',
      '',
      'Echipa Buyloop',
    ].join('\n'),
    en: [
      'Hello,',
      '',
      'someone has just tried to register at Buyloop with this address, which already has an account. No new account was created.',
      '',
      'If it was you, sign in here; if you do not remember the password, the same page sends you a link to reset it:',
      '',
      '{{link}}',
      '',
      'If it was not you, there is nothing to do. Your account stays unchanged.',
      '',
      'The Buyloop team',
    ].join('\n'),
  },
  // Buy-back texts, one file per area (messages/).
  ...buybackFormMessages,
  ...buybackMailMessages,
  ...buybackStatusMessages,
  ...buybackContractMessages,
  ...buybackApiMessages,
  ...buybackServiceMessages,
  ...buybackRulesMessages,
  ...catalogueProductsMessages,
  ...catalogueCategoriesMessages,
  ...cataloguePricingMessages,
  ...catalogueStockMessages,
  ...catalogueMediaMessages,
  ...catalogueShopMessages,
  ...cartMessages,
} as const satisfies Readonly<Record<string, Message>>;

export type MessageKey = keyof typeof catalogue;
