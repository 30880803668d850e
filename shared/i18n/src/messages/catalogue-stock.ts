import type { Message } from '../message';

/** Error codes and texts of the catalogue's stock area (cs / ro / en). */
export const catalogueStockMessages = {
  'catalogue.stock.not_whole': {
    cs: 'Počet kusů musí být celé číslo.',
    ro: 'Numărul de bucăți trebuie să fie un număr întreg.',
    en: 'The number of pieces must be a whole number.',
  },
  'catalogue.stock.negative': {
    cs: 'Počet kusů nesmí být záporný.',
    ro: 'Numărul de bucăți nu poate fi negativ.',
    en: 'The number of pieces cannot be negative.',
  },
  'catalogue.stock.zero_quantity': {
    cs: 'Zadejte alespoň jeden kus.',
    ro: 'Introduceți cel puțin o bucată.',
    en: 'Enter at least one piece.',
  },
  'catalogue.stock.too_many': {
    cs: 'Počet kusů je nepřiměřeně vysoký. Zkontrolujte jej prosím.',
    ro: 'Numărul de bucăți este nerezonabil de mare. Vă rugăm să îl verificați.',
    en: 'The number of pieces is unreasonably high. Please check it.',
  },
  'catalogue.stock.same_location': {
    cs: 'Zboží nelze převést na stejné místo.',
    ro: 'Marfa nu poate fi transferată în aceeași locație.',
    en: 'Goods cannot be transferred to the same location.',
  },
  'catalogue.stock.expiry_past': {
    cs: 'Rezervace musí vypršet až v budoucnu.',
    ro: 'Rezervarea trebuie să expire în viitor.',
    en: 'The reservation must expire in the future.',
  },
  'catalogue.stock.expiry_too_far': {
    cs: 'Rezervace může trvat nejvýše 14 dní.',
    ro: 'Rezervarea poate dura cel mult 14 zile.',
    en: 'A reservation can last at most 14 days.',
  },
  'catalogue.stock.date_invalid': {
    cs: 'Datum není platné.',
    ro: 'Data nu este validă.',
    en: 'The date is not valid.',
  },
  'catalogue.stock.insufficient': {
    cs: 'Produktu {{code}} je na místě {{location}} k dispozici jen {{available}} ks (požadováno {{requested}} ks).',
    ro: 'Din produsul {{code}} sunt disponibile în locația {{location}} doar {{available}} buc. (solicitate {{requested}} buc.).',
    en: 'Only {{available}} pieces of {{code}} are available at {{location}} ({{requested}} requested).',
  },
  'catalogue.stock.count_below_reserved': {
    cs: 'Zákazníci mají rezervováno {{reserved}} ks; stav nemůže být nižší. Nejprve uvolněte jejich rezervace.',
    ro: 'Clienții au rezervat {{reserved}} buc.; stocul nu poate fi mai mic. Eliberați mai întâi rezervările lor.',
    en: 'Customers have reserved {{reserved}} pieces; the count cannot be lower. Release their reservations first.',
  },
  'catalogue.stock.reservation_exists': {
    cs: 'Rezervace s tímto označením už drží jiný počet kusů.',
    ro: 'O rezervare cu acest identificator deține deja un alt număr de bucăți.',
    en: 'A reservation with this id already holds another number of pieces.',
  },
  'catalogue.stock.reservation_closed': {
    cs: 'Rezervace už skončila (uvolněna, vypršela nebo prodána).',
    ro: 'Rezervarea s-a încheiat deja (eliberată, expirată sau vândută).',
    en: 'The reservation has already ended (released, expired or sold).',
  },
  'catalogue.stock.reservation_expired': {
    cs: 'Rezervace vypršela a její kusy mezitím rezervoval někdo jiný.',
    ro: 'Rezervarea a expirat, iar bucățile ei au fost rezervate între timp de altcineva.',
    en: 'The reservation expired and its pieces have since been reserved by someone else.',
  },
  'catalogue.stock.reservation_not_found': {
    cs: 'Rezervace nebyla nalezena.',
    ro: 'Rezervarea nu a fost găsită.',
    en: 'The reservation was not found.',
  },
  'catalogue.stock.product_not_found': {
    cs: 'Produkt {{code}} v katalogu není.',
    ro: 'Produsul {{code}} nu există în catalog.',
    en: 'The product {{code}} is not in the catalogue.',
  },
  'catalogue.stock.location_not_found': {
    cs: 'Místo {{location}} neexistuje.',
    ro: 'Locația {{location}} nu există.',
    en: 'The location {{location}} does not exist.',
  },
  'catalogue.stock.location_invalid': {
    cs: 'Označení místa smí obsahovat jen malá písmena bez diakritiky, číslice a pomlčky.',
    ro: 'Identificatorul locației poate conține doar litere mici fără diacritice, cifre și cratime.',
    en: 'A location id may contain only lower-case letters, digits and dashes.',
  },
  'catalogue.stock.location_kind_fixed': {
    cs: 'Sklad nelze změnit na prodejnu ani naopak.',
    ro: 'Un depozit nu poate fi transformat în magazin și nici invers.',
    en: 'A warehouse cannot become a store, nor the other way round.',
  },
} as const satisfies Readonly<Record<string, Message>>;
