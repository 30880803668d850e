import type { Message } from '../message';

/** Error codes and texts of the catalogue's categories area (cs / ro / en). */
export const catalogueCategoriesMessages = {
  'catalogue.category.not_found': {
    cs: 'Kategorie neexistuje.',
    ro: 'Categoria nu există.',
    en: 'The category does not exist.',
  },
  'catalogue.category.parent_not_found': {
    cs: 'Nadřazená kategorie neexistuje.',
    ro: 'Categoria părinte nu există.',
    en: 'The parent category does not exist.',
  },
  'catalogue.category.target_not_found': {
    cs: 'Cílová kategorie neexistuje.',
    ro: 'Categoria țintă nu există.',
    en: 'The target category does not exist.',
  },
  'catalogue.category.move_into_own_subtree': {
    cs: 'Kategorii nelze přesunout pod ni samotnou ani pod její podkategorii.',
    ro: 'Categoria nu poate fi mutată sub ea însăși sau sub una dintre subcategoriile ei.',
    en: 'A category cannot be moved under itself or under one of its subcategories.',
  },
  'catalogue.category.too_deep': {
    cs: 'Strom kategorií může mít nejvýše 8 úrovní.',
    ro: 'Arborele de categorii poate avea cel mult 8 niveluri.',
    en: 'The category tree can have at most 8 levels.',
  },
  'catalogue.category.too_many': {
    cs: 'Strom kategorií už obsahuje nejvyšší povolený počet kategorií ({{max}}).',
    ro: 'Arborele de categorii conține deja numărul maxim permis de categorii ({{max}}).',
    en: 'The category tree already holds the largest number of categories allowed ({{max}}).',
  },
  'catalogue.category.name_taken': {
    cs: 'Kategorie se stejným názvem už na tomto místě stromu existuje.',
    ro: 'O categorie cu același nume există deja în acest loc al arborelui.',
    en: 'A category with the same name already exists at this place in the tree.',
  },
  'catalogue.category.seo_name_taken': {
    cs: 'Tento SEO název už používá jiná kategorie.',
    ro: 'Acest nume SEO este deja folosit de o altă categorie.',
    en: 'Another category already uses this SEO name.',
  },
  'catalogue.category.seo_name_invalid': {
    cs: 'SEO název smí obsahovat jen malá písmena bez diakritiky, číslice a pomlčky mezi slovy.',
    ro: 'Numele SEO poate conține doar litere mici fără diacritice, cifre și cratime între cuvinte.',
    en: 'The SEO name may contain only lower-case letters without accents, digits and hyphens between words.',
  },
  'catalogue.category.already_exists': {
    cs: 'Kategorie s tímto identifikátorem už existuje.',
    ro: 'O categorie cu acest identificator există deja.',
    en: 'A category with this id already exists.',
  },
  'catalogue.category.manufacturer_not_found': {
    cs: 'Výrobce neexistuje.',
    ro: 'Producătorul nu există.',
    en: 'The manufacturer does not exist.',
  },
  'catalogue.category.type_device_not_found': {
    cs: 'Typ zařízení neexistuje.',
    ro: 'Tipul de dispozitiv nu există.',
    en: 'The device type does not exist.',
  },
  'catalogue.category.photo_not_found': {
    cs: 'Obrázek neexistuje.',
    ro: 'Imaginea nu există.',
    en: 'The image does not exist.',
  },
  'catalogue.category.master_product_not_found': {
    cs: 'Produkt neexistuje nebo byl smazán.',
    ro: 'Produsul nu există sau a fost șters.',
    en: 'The product does not exist or has been deleted.',
  },
  'catalogue.category.selection_required': {
    cs: 'Pro aktualizaci je nutné vybrat produkty a kategorie.',
    ro: 'Pentru actualizare trebuie să selectați produse și categorii.',
    en: 'You must select products and categories to update.',
  },
} as const satisfies Readonly<Record<string, Message>>;
