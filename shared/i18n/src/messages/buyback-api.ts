import type { Message } from '../message';

export const buybackApiMessages = {
  'buyback.subject_mismatch': {
    cs: 'Osobní údaje patří jinému zákazníkovi.',
    ro: 'Datele personale aparțin altui client.',
    en: 'The personal data belongs to another customer.',
  },
  // IMEI blacklist and price-list import
  'imei_blacklist.already_listed': {
    cs: 'Toto IMEI už je na seznamu blokovaných zařízení.',
    ro: 'Acest IMEI este deja pe lista neagră a dispozitivelor.',
    en: 'This IMEI is already blacklisted.',
  },
  'imei_blacklist.not_listed': {
    cs: 'Toto IMEI není na seznamu blokovaných zařízení.',
    ro: 'Acest IMEI nu este pe lista neagră a dispozitivelor.',
    en: 'This IMEI is not blacklisted.',
  },
  'buyback.import.not_csv': {
    cs: 'Soubor není CSV. Nahrajte prosím ceník uložený jako CSV (UTF-8) s řádkem záhlaví.',
    ro: 'Fișierul nu este CSV. Vă rugăm să încărcați lista de prețuri salvată ca CSV (UTF-8) cu un rând de antet.',
    en: 'The file is not a CSV file. Please upload the price list saved as CSV (UTF-8) with a header row.',
  },
  'buyback.import.columns_missing': {
    cs: 'Přijímány jsou pouze soubory CSV se všemi povinnými sloupci. Chybějící sloupce: {{columns}}.',
    ro: 'Sunt acceptate doar fișiere CSV cu toate coloanele obligatorii. Coloane lipsă: {{columns}}.',
    en: 'Only CSV files with all required columns are accepted. Missing columns: {{columns}}.',
  },
  'buyback.import.column_duplicate': {
    cs: 'Sloupec {{column}} je v záhlaví vícekrát.',
    ro: 'Coloana {{column}} apare de mai multe ori în antet.',
    en: 'The column {{column}} appears more than once in the header.',
  },
  'buyback.import.row_malformed': {
    cs: 'Řádek nelze přečíst. Zkontrolujte prosím uvozovky.',
    ro: 'Rândul nu poate fi citit. Vă rugăm să verificați ghilimelele.',
    en: 'The row cannot be read. Please check the quotation marks.',
  },
  'buyback.import.too_many_cells': {
    cs: 'Řádek má více buněk ({{cells}}) než záhlaví ({{columns}}).',
    ro: 'Rândul are mai multe celule ({{cells}}) decât antetul ({{columns}}).',
    en: 'The row has more cells ({{cells}}) than the header ({{columns}}).',
  },
  'buyback.import.model_unknown': {
    cs: 'Model {{model_id}} v katalogu výkupu není.',
    ro: 'Modelul {{model_id}} nu există în catalogul de răscumpărare.',
    en: 'The model {{model_id}} is not in the buy-back catalogue.',
  },
  'buyback.import.model_duplicate': {
    cs: 'Model {{model_id}} už je v souboru uveden (řádek {{first_line}}).',
    ro: 'Modelul {{model_id}} apare deja în fișier (rândul {{first_line}}).',
    en: 'The model {{model_id}} is already in the file (line {{first_line}}).',
  },
  'buyback.import.amount_negative': {
    cs: 'Částka nesmí být záporná (nyní: {{value}}).',
    ro: 'Suma nu poate fi negativă (acum: {{value}}).',
    en: 'The amount cannot be negative (now: {{value}}).',
  },
  'buyback.import.whole_number_required': {
    cs: 'Zadejte celé číslo bez desetinných míst a bez měny (nyní: {{value}}).',
    ro: 'Introduceți un număr întreg, fără zecimale și fără monedă (acum: {{value}}).',
    en: 'Enter a whole number without decimals or currency (now: {{value}}).',
  },
} as const satisfies Readonly<Record<string, Message>>;
