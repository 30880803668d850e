import type { Message } from '../message';

/** Error codes and texts of the catalogue's pricing area (cs / ro / en). */
export const cataloguePricingMessages = {
  'catalogue.pricing.price_not_whole': {
    cs: 'Cena musí být celé číslo bez haléřů.',
    ro: 'Prețul trebuie să fie un număr întreg, fără bani.',
    en: 'The price must be a whole number, without decimals.',
  },
  'catalogue.pricing.price_not_positive': {
    cs: 'Cena musí být alespoň 1.',
    ro: 'Prețul trebuie să fie cel puțin 1.',
    en: 'The price must be at least 1.',
  },
  'catalogue.pricing.price_too_high': {
    cs: 'Cena je nepřiměřeně vysoká. Zkontrolujte prosím počet číslic.',
    ro: 'Prețul este nerezonabil de mare. Vă rugăm să verificați numărul de cifre.',
    en: 'The price is unreasonably high. Please check the number of digits.',
  },
  'catalogue.pricing.date_invalid': {
    cs: 'Datum není platné.',
    ro: 'Data nu este validă.',
    en: 'The date is not valid.',
  },
  'catalogue.pricing.valid_from_past': {
    cs: 'Cenu nelze nastavit zpětně. Zvolte okamžik od teď.',
    ro: 'Prețul nu poate fi stabilit retroactiv. Alegeți un moment de acum încolo.',
    en: 'A price cannot be set retroactively. Choose a moment from now on.',
  },
  'catalogue.pricing.valid_from_too_far': {
    cs: 'Cenu lze naplánovat nejvýše dva roky dopředu.',
    ro: 'Prețul poate fi planificat cu cel mult doi ani înainte.',
    en: 'A price can be scheduled at most two years ahead.',
  },
  'catalogue.pricing.valid_to_not_after_from': {
    cs: 'Konec akce musí být po jejím začátku.',
    ro: 'Sfârșitul ofertei trebuie să fie după începutul ei.',
    en: 'The offer must end after it starts.',
  },
  'catalogue.pricing.offer_too_long': {
    cs: 'Akce může trvat nejvýše rok. Na delší dobu nastavte běžnou cenu.',
    ro: 'O ofertă poate dura cel mult un an. Pentru o perioadă mai lungă stabiliți prețul obișnuit.',
    en: 'An offer can last at most a year. For longer, set the regular price.',
  },
  'catalogue.pricing.no_regular_price': {
    cs: 'Akce potřebuje běžnou cenu platnou už před jejím začátkem.',
    ro: 'Oferta are nevoie de un preț obișnuit valabil deja înainte de începutul ei.',
    en: 'An offer needs a regular price in force before it starts.',
  },
  'catalogue.pricing.offer_not_reduced': {
    cs: 'Akční cena musí být nižší než běžná cena ({{regular_price}}).',
    ro: 'Prețul ofertei trebuie să fie mai mic decât prețul obișnuit ({{regular_price}}).',
    en: 'The offer price must be below the regular price ({{regular_price}}).',
  },
  'catalogue.pricing.offer_exists': {
    cs: 'Akce s tímto označením už existuje s jinými podmínkami.',
    ro: 'O ofertă cu acest identificator există deja, cu alte condiții.',
    en: 'An offer with this id already exists with other terms.',
  },
  'catalogue.pricing.product_not_found': {
    cs: 'Produkt {{code}} v katalogu není nebo se už neprodává.',
    ro: 'Produsul {{code}} nu există în catalog sau nu se mai vinde.',
    en: 'The product {{code}} is not in the catalogue or is no longer sold.',
  },
  'catalogue.pricing.import.not_csv': {
    cs: 'Soubor není CSV. Nahrajte prosím ceny uložené jako CSV (UTF-8) s řádkem záhlaví.',
    ro: 'Fișierul nu este CSV. Vă rugăm să încărcați prețurile salvate ca CSV (UTF-8) cu un rând de antet.',
    en: 'The file is not a CSV file. Please upload the prices saved as CSV (UTF-8) with a header row.',
  },
  'catalogue.pricing.import.columns_missing': {
    cs: 'Přijímány jsou pouze soubory CSV se všemi povinnými sloupci. Chybějící sloupce: {{columns}}.',
    ro: 'Sunt acceptate doar fișiere CSV cu toate coloanele obligatorii. Coloane lipsă: {{columns}}.',
    en: 'Only CSV files with all required columns are accepted. Missing columns: {{columns}}.',
  },
  'catalogue.pricing.import.column_duplicate': {
    cs: 'Sloupec {{column}} je v záhlaví vícekrát.',
    ro: 'Coloana {{column}} apare de mai multe ori în antet.',
    en: 'The column {{column}} appears more than once in the header.',
  },
  'catalogue.pricing.import.row_malformed': {
    cs: 'Řádek nelze přečíst. Zkontrolujte prosím uvozovky.',
    ro: 'Rândul nu poate fi citit. Vă rugăm să verificați ghilimelele.',
    en: 'The row cannot be read. Please check the quotation marks.',
  },
  'catalogue.pricing.import.too_many_cells': {
    cs: 'Řádek má více buněk ({{cells}}) než záhlaví ({{columns}}).',
    ro: 'Rândul are mai multe celule ({{cells}}) decât antetul ({{columns}}).',
    en: 'The row has more cells ({{cells}}) than the header ({{columns}}).',
  },
  'catalogue.pricing.import.not_a_number': {
    cs: 'Hodnota není číslo.',
    ro: 'Valoarea nu este un număr.',
    en: 'The value is not a number.',
  },
  'catalogue.pricing.import.row_duplicate': {
    cs: 'Stejná cena produktu {{code}} už je v souboru (řádek {{first_line}}).',
    ro: 'Același preț al produsului {{code}} apare deja în fișier (rândul {{first_line}}).',
    en: 'The same price of {{code}} is already in the file (line {{first_line}}).',
  },
  'catalogue.pricing.import.empty': {
    cs: 'Soubor neobsahuje žádnou cenu.',
    ro: 'Fișierul nu conține niciun preț.',
    en: 'The file contains no price.',
  },
  'catalogue.pricing.import.too_many_rows': {
    cs: 'Soubor má příliš mnoho řádků (nejvýše {{max}}). Rozdělte jej prosím.',
    ro: 'Fișierul are prea multe rânduri (cel mult {{max}}). Vă rugăm să îl împărțiți.',
    en: 'The file has too many rows (at most {{max}}). Please split it.',
  },
  'catalogue.pricing.import.changed_meanwhile': {
    cs: 'Ceny produktu {{code}} se během importu změnily. Nahrajte prosím soubor znovu.',
    ro: 'Prețurile produsului {{code}} s-au schimbat în timpul importului. Vă rugăm să încărcați fișierul din nou.',
    en: 'The prices of {{code}} changed during the import. Please upload the file again.',
  },
} as const satisfies Readonly<Record<string, Message>>;
