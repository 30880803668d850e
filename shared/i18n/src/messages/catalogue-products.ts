import type { Message } from '../message';

/** Error codes and texts of the catalogue's products area (cs / ro / en). */
export const catalogueProductsMessages = {
  // --- ids, slugs, reference lists ---------------------------------------------------------
  'catalogue.product.id_invalid': {
    cs: 'Identifikátor smí obsahovat jen malá písmena bez diakritiky, číslice a pomlčky (nejvýše 64 znaků).',
    ro: 'Identificatorul poate conține doar litere mici fără diacritice, cifre și cratime (cel mult 64 de caractere).',
    en: 'The id may hold only lower-case letters without accents, digits and hyphens (at most 64 characters).',
  },
  'catalogue.product.seo_name_invalid': {
    cs: 'SEO název smí obsahovat jen malá písmena bez diakritiky a číslice, slova oddělená jednou pomlčkou.',
    ro: 'Numele SEO poate conține doar litere mici fără diacritice și cifre, cuvinte despărțite de o singură cratimă.',
    en: 'The SEO name may hold only lower-case letters without accents and digits, words joined by single hyphens.',
  },
  'catalogue.product.seo_name_taken': {
    cs: 'Tento SEO název už používá jiný produkt.',
    ro: 'Acest nume SEO este deja folosit de alt produs.',
    en: 'This SEO name is already used by another product.',
  },
  'catalogue.product.reference_exists': {
    cs: 'Položka s tímto identifikátorem už existuje.',
    ro: 'Există deja o înregistrare cu acest identificator.',
    en: 'An entry with this id already exists.',
  },
  'catalogue.product.type_device_not_found': {
    cs: 'Tento typ zařízení neexistuje.',
    ro: 'Acest tip de dispozitiv nu există.',
    en: 'This device type does not exist.',
  },
  'catalogue.product.manufacturer_not_found': {
    cs: 'Tento výrobce neexistuje.',
    ro: 'Acest producător nu există.',
    en: 'This manufacturer does not exist.',
  },
  'catalogue.product.unit_not_found': {
    cs: 'Tato jednotka neexistuje.',
    ro: 'Această unitate de măsură nu există.',
    en: 'This unit does not exist.',
  },
  'catalogue.product.attribute_name_not_found': {
    cs: 'Tento název parametru neexistuje.',
    ro: 'Acest nume de atribut nu există.',
    en: 'This attribute name does not exist.',
  },
  // --- master products ---------------------------------------------------------------------
  'catalogue.product.master_not_found': {
    cs: 'Tento produkt (model) neexistuje nebo byl smazán.',
    ro: 'Acest produs (model) nu există sau a fost șters.',
    en: 'This master product does not exist or was deleted.',
  },
  'catalogue.product.master_exists': {
    cs: 'Produkt (model) s tímto identifikátorem už existuje.',
    ro: 'Există deja un produs (model) cu acest identificator.',
    en: 'A master product with this id already exists.',
  },
  'catalogue.product.master_has_active_variants': {
    cs: 'Produkt nelze smazat, dokud má prodávané varianty ({{count}}: {{codes}}). Nejprve je ukončete.',
    ro: 'Produsul nu poate fi șters cât timp are variante în vânzare ({{count}}: {{codes}}). Încheiați-le mai întâi.',
    en: 'The product cannot be deleted while it has variants on sale ({{count}}: {{codes}}). Discontinue them first.',
  },
  'catalogue.product.param_duplicate': {
    cs: 'Parametr s tímto názvem už v seznamu je.',
    ro: 'Un parametru cu acest nume există deja în listă.',
    en: 'A parameter with this name is already in the list.',
  },
  'catalogue.product.param_boolean_invalid': {
    cs: 'Hodnota typu ano/ne musí být true nebo false.',
    ro: 'O valoare de tip da/nu trebuie să fie true sau false.',
    en: 'A yes/no value must be true or false.',
  },
  'catalogue.product.dimension_not_positive': {
    cs: 'Zadejte kladné číslo.',
    ro: 'Introduceți un număr pozitiv.',
    en: 'Enter a positive number.',
  },
  'catalogue.product.photo_not_found': {
    cs: 'Tato fotografie neexistuje. Nahrajte ji prosím znovu.',
    ro: 'Această fotografie nu există. Vă rugăm să o încărcați din nou.',
    en: 'This photo does not exist. Please upload it again.',
  },
  'catalogue.product.photo_duplicate': {
    cs: 'Tato fotografie už je přiřazena.',
    ro: 'Această fotografie este deja atribuită.',
    en: 'This photo is already assigned.',
  },
  // --- meta masters ------------------------------------------------------------------------
  'catalogue.product.meta_master_not_found': {
    cs: 'Tato skupina produktů (meta master) neexistuje nebo byla smazána.',
    ro: 'Acest grup de produse (meta master) nu există sau a fost șters.',
    en: 'This product group (meta master) does not exist or was deleted.',
  },
  'catalogue.product.meta_master_exists': {
    cs: 'Skupina produktů s tímto identifikátorem už existuje.',
    ro: 'Există deja un grup de produse cu acest identificator.',
    en: 'A product group with this id already exists.',
  },
  'catalogue.product.master_in_other_meta_master': {
    cs: 'Produkt už patří do jiné skupiny. Použijte přesun do jiné skupiny.',
    ro: 'Produsul aparține deja altui grup. Folosiți mutarea în alt grup.',
    en: 'The product already belongs to another group. Move it to the other group instead.',
  },
  // --- catalogue products (variants) -------------------------------------------------------
  'catalogue.product.not_found': {
    cs: 'Tento katalogový produkt neexistuje.',
    ro: 'Acest produs din catalog nu există.',
    en: 'This catalogue product does not exist.',
  },
  'catalogue.product.discontinued': {
    cs: 'Prodej tohoto produktu byl ukončen.',
    ro: 'Vânzarea acestui produs a fost încheiată.',
    en: 'This product has been discontinued.',
  },
  'catalogue.product.code_taken': {
    cs: 'Produkt s kódem {{code}} už existuje.',
    ro: 'Există deja un produs cu codul {{code}}.',
    en: 'A product with the code {{code}} already exists.',
  },
  'catalogue.product.code_invalid': {
    cs: 'Kód smí obsahovat jen velká písmena bez diakritiky, číslice, pomlčky a podtržítka (nejvýše 40 znaků).',
    ro: 'Codul poate conține doar majuscule fără diacritice, cifre, cratime și liniuțe de subliniere (cel mult 40 de caractere).',
    en: 'The code may hold only capital letters without accents, digits, hyphens and underscores (at most 40 characters).',
  },
  'catalogue.product.ean_invalid': {
    cs: 'Neplatný EAN: zadejte 13 nebo 8 číslic se správnou kontrolní číslicí.',
    ro: 'EAN nevalid: introduceți 13 sau 8 cifre cu cifra de control corectă.',
    en: 'Invalid EAN: enter 13 or 8 digits with the correct check digit.',
  },
  'catalogue.product.ean_taken': {
    cs: 'Tento EAN už má jiný produkt.',
    ro: 'Acest EAN aparține deja altui produs.',
    en: 'Another product already has this EAN.',
  },
  'catalogue.product.grade_required': {
    cs: 'U použitého zboží vyberte stupeň (A+ až D).',
    ro: 'Pentru produsele folosite alegeți gradul (A+ până la D).',
    en: 'Choose a grade (A+ to D) for used goods.',
  },
  'catalogue.product.grade_not_allowed': {
    cs: 'Tento stupeň neodpovídá stavu zboží: nové zboží stupeň nemá, rozbalené jen A+ nebo A.',
    ro: 'Acest grad nu corespunde stării produsului: produsele noi nu au grad, cele desigilate doar A+ sau A.',
    en: 'This grade does not fit the condition: new goods have none, almost new ones only A+ or A.',
  },
  'catalogue.product.quality_not_for_kind': {
    cs: 'Pojištění, rozšíření záruky a služby jsou vždy nové.',
    ro: 'Asigurările, extensiile de garanție și serviciile sunt întotdeauna noi.',
    en: 'Insurance, warranty extensions and services are always new.',
  },
  'catalogue.product.vat_rate_invalid': {
    cs: 'Tato sazba DPH na tomto trhu neplatí.',
    ro: 'Această cotă de TVA nu se aplică pe această piață.',
    en: 'This VAT rate does not apply in this market.',
  },
  'catalogue.product.legal_warranty_too_short': {
    cs: 'Zákonná záruka je nejméně 24 měsíců u nového zboží a 12 měsíců u použitého.',
    ro: 'Garanția legală este de cel puțin 24 de luni pentru produsele noi și 12 luni pentru cele folosite.',
    en: 'The legal warranty is at least 24 months for new goods and 12 months for used ones.',
  },
  'catalogue.product.extension_months_not_allowed': {
    cs: 'Počet měsíců rozšíření se zadává jen u rozšíření záruky.',
    ro: 'Numărul de luni de extensie se completează doar la extensiile de garanție.',
    en: 'Extension months apply only to warranty extensions.',
  },
  'catalogue.product.kind_immutable': {
    cs: 'Druh produktu nelze po založení změnit.',
    ro: 'Tipul produsului nu poate fi schimbat după creare.',
    en: 'The kind of a product cannot change once it is created.',
  },
  // --- relations ---------------------------------------------------------------------------
  'catalogue.product.relation_self': {
    cs: 'Produkt nemůže nabízet sám sebe.',
    ro: 'Un produs nu se poate oferi pe sine.',
    en: 'A product cannot offer itself.',
  },
  'catalogue.product.relation_duplicate': {
    cs: 'Tento produkt už v seznamu je.',
    ro: 'Acest produs este deja în listă.',
    en: 'This product is already in the list.',
  },
  'catalogue.product.relation_not_found': {
    cs: 'Tento produkt neexistuje nebo se už neprodává.',
    ro: 'Acest produs nu există sau nu se mai vinde.',
    en: 'This product does not exist or is no longer sold.',
  },
  'catalogue.product.relation_kind_accessory': {
    cs: 'Jako příslušenství lze nabízet jen produkty druhu příslušenství.',
    ro: 'Ca accesorii pot fi oferite doar produse de tip accesoriu.',
    en: 'Only accessory products can be offered as accessories.',
  },
  'catalogue.product.relation_kind_insurance': {
    cs: 'Jako pojištění lze nabízet jen produkty druhu pojištění.',
    ro: 'Ca asigurare pot fi oferite doar produse de tip asigurare.',
    en: 'Only insurance products can be offered as insurance.',
  },
  'catalogue.product.relation_kind_warranty_extension': {
    cs: 'Jako rozšíření záruky lze nabízet jen produkty druhu rozšíření záruky.',
    ro: 'Ca extensie de garanție pot fi oferite doar produse de tip extensie de garanție.',
    en: 'Only warranty extension products can be offered as warranty extensions.',
  },
  // --- CSV import --------------------------------------------------------------------------
  'catalogue.product.import.columns_missing': {
    cs: 'Přijímány jsou pouze soubory CSV se všemi povinnými sloupci. Chybějící sloupce: {{columns}}.',
    ro: 'Sunt acceptate doar fișiere CSV cu toate coloanele obligatorii. Coloane lipsă: {{columns}}.',
    en: 'Only CSV files with all required columns are accepted. Missing columns: {{columns}}.',
  },
  'catalogue.product.import.not_csv': {
    cs: 'Soubor není CSV. Nahrajte prosím produkty uložené jako CSV (UTF-8) s řádkem záhlaví.',
    ro: 'Fișierul nu este CSV. Vă rugăm să încărcați produsele salvate ca CSV (UTF-8) cu un rând de antet.',
    en: 'The file is not a CSV file. Please upload the products saved as CSV (UTF-8) with a header row.',
  },
  'catalogue.product.import.row_malformed': {
    cs: 'Řádek nelze přečíst. Zkontrolujte prosím uvozovky.',
    ro: 'Rândul nu poate fi citit. Vă rugăm să verificați ghilimelele.',
    en: 'The row cannot be read. Please check the quotation marks.',
  },
  'catalogue.product.import.column_duplicate': {
    cs: 'Sloupec {{column}} je v záhlaví vícekrát.',
    ro: 'Coloana {{column}} apare de mai multe ori în antet.',
    en: 'The column {{column}} appears more than once in the header.',
  },
  'catalogue.product.import.column_unknown': {
    cs: 'Sloupec {{column}} import nezná.',
    ro: 'Coloana {{column}} nu este cunoscută de import.',
    en: 'The import does not know the column {{column}}.',
  },
  'catalogue.product.import.too_many_cells': {
    cs: 'Řádek má více buněk ({{cells}}) než záhlaví ({{columns}}). Zkontrolujte oddělovače.',
    ro: 'Rândul are mai multe celule ({{cells}}) decât antetul ({{columns}}). Verificați separatorii.',
    en: 'The row has more cells ({{cells}}) than the header ({{columns}}). Check the separators.',
  },
  'catalogue.product.import.no_rows': {
    cs: 'Soubor neobsahuje žádný produkt.',
    ro: 'Fișierul nu conține niciun produs.',
    en: 'The file holds no product.',
  },
  'catalogue.product.import.boolean_invalid': {
    cs: 'Zadejte ano nebo ne (true/false, 1/0).',
    ro: 'Introduceți da sau nu (true/false, 1/0).',
    en: 'Enter yes or no (true/false, 1/0).',
  },
  'catalogue.product.import.master_mismatch': {
    cs: 'Údaj modelu se liší od řádku {{first_line}} se stejným SEO názvem.',
    ro: 'Datele modelului diferă de rândul {{first_line}} cu același nume SEO.',
    en: 'The model’s value differs from line {{first_line}} with the same SEO name.',
  },
  'catalogue.product.import.code_duplicate': {
    cs: 'Kód už je v souboru na řádku {{first_line}}.',
    ro: 'Codul apare deja în fișier pe rândul {{first_line}}.',
    en: 'The code is already in the file on line {{first_line}}.',
  },
  'catalogue.product.import.ean_duplicate': {
    cs: 'EAN už je v souboru na řádku {{first_line}}.',
    ro: 'EAN-ul apare deja în fișier pe rândul {{first_line}}.',
    en: 'The EAN is already in the file on line {{first_line}}.',
  },
} as const satisfies Readonly<Record<string, Message>>;
