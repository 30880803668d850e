import type { Message } from '../message';

/** Texts of the buy-back's application service and its HTTP routes. */
export const buybackServiceMessages = {
  'request.idempotency_key_invalid': {
    cs: 'Hlavička Idempotency-Key musí mít 8 až 200 tisknutelných znaků ASCII.',
    ro: 'Antetul Idempotency-Key trebuie să aibă între 8 și 200 de caractere ASCII imprimabile.',
    en: 'The Idempotency-Key header must be 8 to 200 printable ASCII characters.',
  },
  'request.idempotency_key_reused': {
    cs: 'Tento klíč Idempotency-Key už byl použit pro jiný požadavek.',
    ro: 'Această cheie Idempotency-Key a fost deja folosită pentru o altă cerere.',
    en: 'This Idempotency-Key was already used for another request.',
  },
  'request.unsupported_media_type': {
    cs: 'Tělo požadavku musí být ve formátu JSON.',
    ro: 'Corpul cererii trebuie să fie în format JSON.',
    en: 'The request body must be JSON.',
  },
  'request.rate_limited': {
    cs: 'Příliš mnoho požadavků. Zkuste to prosím znovu za chvíli.',
    ro: 'Prea multe cereri. Vă rugăm să încercați din nou peste puțin timp.',
    en: 'Too many requests. Please try again in a while.',
  },
  'request.if_match_required': {
    cs: 'Změna vyžaduje hlavičku If-Match s verzí, kterou jste naposledy viděli. Načtěte výkup znovu.',
    ro: 'Modificarea necesită antetul If-Match cu versiunea văzută ultima dată. Reîncărcați răscumpărarea.',
    en: 'The change needs an If-Match header with the version you last saw. Reload the buy-back.',
  },
  'request.if_match_invalid': {
    cs: 'Hlavička If-Match neobsahuje platnou verzi.',
    ro: 'Antetul If-Match nu conține o versiune validă.',
    en: 'The If-Match header does not hold a valid version.',
  },
  'buyback.payout_approval_invalid': {
    cs: 'Schválení vedoucím neexistuje, nebylo uděleno nebo se netýká výplaty tohoto výkupu.',
    ro: 'Aprobarea supervizorului nu există, nu a fost acordată sau nu privește plata acestei răscumpărări.',
    en: 'The supervisor approval does not exist, was not granted, or is not for the payout of this buy-back.',
  },
  'buyback.contract_not_available': {
    cs: 'Kupní smlouva vzniká až prodejem zařízení online.',
    ro: 'Contractul de vânzare-cumpărare se emite doar după vânzarea online a dispozitivului.',
    en: 'The purchase contract exists only once the device has been sold online.',
  },
  'buyback.personal_data_erased': {
    cs: 'Osobní údaje byly vymazány.',
    ro: 'Datele personale au fost șterse.',
    en: 'The personal data has been erased.',
  },
  'buyback.number_unavailable': {
    cs: 'Nepodařilo se přidělit číslo výkupu. Zkuste to prosím znovu.',
    ro: 'Nu s-a putut atribui un număr de răscumpărare. Vă rugăm să încercați din nou.',
    en: 'No buy-back number could be assigned. Please try again.',
  },
  'buyback.price_list_not_found': {
    cs: 'Pro tento model neexistuje výkupní ceník.',
    ro: 'Nu există o listă de prețuri de răscumpărare pentru acest model.',
    en: 'There is no buy-back price list for this model.',
  },
  'mail.not_found': {
    cs: 'Tento e-mail neexistuje.',
    ro: 'Acest e-mail nu există.',
    en: 'There is no such e-mail.',
  },
  // Capability names, as the back office lists what a role may do.
  'buyback.read': {
    cs: 'Prohlížení výkupů',
    ro: 'Vizualizarea răscumpărărilor',
    en: 'Viewing buy-backs',
  },
  'buyback.logistics': {
    cs: 'Svoz, příjem a vrácení zařízení',
    ro: 'Ridicarea, primirea și returnarea dispozitivelor',
    en: 'Device pickup, receipt and return',
  },
  'buyback.inspect': {
    cs: 'Kontrola zařízení a úprava nabídky',
    ro: 'Inspecția dispozitivelor și revizuirea ofertei',
    en: 'Device inspection and revised offers',
  },
  'buyback.payout': {
    cs: 'Výplaty výkupů',
    ro: 'Plățile răscumpărărilor',
    en: 'Buy-back payouts',
  },
  'buyback.cancel': {
    cs: 'Rušení výkupů',
    ro: 'Anularea răscumpărărilor',
    en: 'Cancelling buy-backs',
  },
  'buyback.price_lists': {
    cs: 'Správa výkupních ceníků',
    ro: 'Administrarea listelor de prețuri de răscumpărare',
    en: 'Managing buy-back price lists',
  },
  'buyback.blacklist.read': {
    cs: 'Prohlížení seznamu blokovaných IMEI',
    ro: 'Vizualizarea listei IMEI blocate',
    en: 'Viewing the IMEI blacklist',
  },
  'buyback.blacklist.manage': {
    cs: 'Správa seznamu blokovaných IMEI',
    ro: 'Administrarea listei IMEI blocate',
    en: 'Managing the IMEI blacklist',
  },
} as const satisfies Readonly<Record<string, Message>>;
