import type { Message } from '../message';

/** Error codes and texts of the cart (cs / ro / en). */
export const cartMessages = {
  'cart.product_unknown': {
    cs: 'Takový produkt nemáme.',
    ro: 'Nu avem un astfel de produs.',
    en: 'There is no such product.',
  },
  // Spec 8: 'product not available or not possible to buy'.
  'cart.product_unavailable': {
    cs: 'Produkt není dostupný nebo jej nelze koupit.',
    ro: 'Produsul nu este disponibil sau nu poate fi cumpărat.',
    en: 'The product is not available or cannot be bought.',
  },
  'cart.quantity_out_of_range': {
    cs: 'Počet kusů musí být od {{min}} do {{max}}.',
    ro: 'Cantitatea trebuie să fie între {{min}} și {{max}}.',
    en: 'The quantity must be between {{min}} and {{max}}.',
  },
  'cart.too_many_items': {
    cs: 'Košík pojme nejvýše {{max}} položek.',
    ro: 'Coșul poate conține cel mult {{max}} articole.',
    en: 'A cart holds at most {{max}} items.',
  },
  'cart.item_not_found': {
    cs: 'Tato položka v košíku není.',
    ro: 'Acest articol nu se află în coș.',
    en: 'This item is not in the cart.',
  },
  'cart.parent_not_device': {
    cs: 'Příslušenství a služby lze přidat jen k zařízení v košíku.',
    ro: 'Accesoriile și serviciile pot fi adăugate doar la un dispozitiv din coș.',
    en: 'Accessories and services can only be added to a device in the cart.',
  },
  'cart.child_is_device': {
    cs: 'Zařízení nelze přidat k jinému zařízení.',
    ro: 'Un dispozitiv nu poate fi adăugat la alt dispozitiv.',
    en: 'A device cannot be added to another device.',
  },
  'cart.insurance_needs_device': {
    cs: 'Pojištění lze sjednat jen k zařízení.',
    ro: 'Asigurarea se poate încheia doar pentru un dispozitiv.',
    en: 'Insurance can only be taken out for a device.',
  },
  'cart.not_insurance': {
    cs: 'Toto pojištění k zařízení nenabízíme.',
    ro: 'Nu oferim această asigurare pentru dispozitiv.',
    en: 'This insurance is not offered with the device.',
  },
  'cart.warranty_unavailable': {
    cs: 'Prodloužení záruky na tuto dobu k zařízení nenabízíme.',
    ro: 'Nu oferim extinderea garanției pentru această perioadă la dispozitiv.',
    en: 'A warranty extension of this length is not offered with the device.',
  },
  'cart.bonus_needs_device': {
    cs: 'Záruku navíc zdarma lze získat jen k zařízení.',
    ro: 'Garanția suplimentară gratuită se acordă doar pentru un dispozitiv.',
    en: 'The free extra warranty is given on a device only.',
  },
  'cart.merged': {
    cs: 'Tento košík byl po přihlášení převeden do košíku vašeho účtu.',
    ro: 'Acest coș a fost transferat în coșul contului dumneavoastră după autentificare.',
    en: 'This cart was moved into your account’s cart when you signed in.',
  },
  // An insurance or warranty extension named as a product (alone or through parent_item_id) instead of with its device.
  'cart.cover_needs_device': {
    cs: 'Pojištění a prodloužení záruky se přidávají spolu se zařízením.',
    ro: 'Asigurarea și extinderea garanției se adaugă împreună cu dispozitivul.',
    en: 'Insurance and warranty extensions are added together with the device.',
  },
  'cart.quantity_follows_device': {
    cs: 'Počet kusů pojištění a prodloužení záruky se řídí počtem kusů zařízení.',
    ro: 'Cantitatea asigurării și a extinderii garanției urmează cantitatea dispozitivului.',
    en: 'The quantity of an insurance or warranty extension follows the device’s.',
  },
  // Spec 8: 'sale code invalid'.
  'discount.code_invalid': {
    cs: 'Slevový kód není platný.',
    ro: 'Codul de reducere nu este valabil.',
    en: 'The sale code is not valid.',
  },
  // Spec 8: 'invalid discount in the cart (remove it)'.
  'discount.invalid': {
    cs: 'Sleva v košíku už neplatí (odeberte ji).',
    ro: 'Reducerea din coș nu mai este valabilă (eliminați-o).',
    en: 'The discount in the cart is no longer valid (remove it).',
  },
  'discount.code_used': {
    cs: 'Tento jednorázový slevový kód už byl použit.',
    ro: 'Acest cod de reducere de unică folosință a fost deja utilizat.',
    en: 'This single-use discount code has already been used.',
  },
  'discount.not_found': {
    cs: 'Taková sleva neexistuje.',
    ro: 'Această reducere nu există.',
    en: 'There is no such discount.',
  },
  'discount.exists': {
    cs: 'Sleva s tímto označením už existuje.',
    ro: 'O reducere cu acest identificator există deja.',
    en: 'A discount with this id exists already.',
  },
  'discount.archived': {
    cs: 'Sleva je archivovaná a nelze ji měnit.',
    ro: 'Reducerea este arhivată și nu mai poate fi modificată.',
    en: 'The discount is archived and can no longer be changed.',
  },
  'discount.value_out_of_range': {
    cs: 'Hodnota slevy musí být od {{min}} do {{max}}.',
    ro: 'Valoarea reducerii trebuie să fie între {{min}} și {{max}}.',
    en: 'The discount value must be between {{min}} and {{max}}.',
  },
  'discount.valid_to_before_from': {
    cs: 'Konec platnosti musí být po jejím začátku.',
    ro: 'Sfârșitul valabilității trebuie să fie după începutul ei.',
    en: 'The end of validity must come after its start.',
  },
  'discount.code_taken': {
    cs: 'Kód {{code}} už používá jiná sleva.',
    ro: 'Codul {{code}} este deja folosit de altă reducere.',
    en: 'The code {{code}} is used by another discount already.',
  },
  'discount.count_out_of_range': {
    cs: 'Počet kódů musí být od {{min}} do {{max}}.',
    ro: 'Numărul de coduri trebuie să fie între {{min}} și {{max}}.',
    en: 'The number of codes must be between {{min}} and {{max}}.',
  },
  'discount.isic_card_invalid': {
    cs: 'Číslo karty ISIC není platné (písmeno, 12 číslic, písmeno).',
    ro: 'Numărul cardului ISIC nu este valabil (literă, 12 cifre, literă).',
    en: 'The ISIC card number is not valid (a letter, 12 digits, a letter).',
  },
  'discount.isic_holder_required': {
    cs: 'Vyplňte jméno držitele karty ISIC.',
    ro: 'Completați numele titularului cardului ISIC.',
    en: 'Fill in the ISIC card holder’s name.',
  },
  'discount.too_many_codes': {
    cs: 'V košíku může být nejvýše {{max}} slevových kódů.',
    ro: 'Coșul poate conține cel mult {{max}} coduri de reducere.',
    en: 'A cart holds at most {{max}} discount codes.',
  },
  'discount.code_not_in_cart': {
    cs: 'Tento slevový kód v košíku není.',
    ro: 'Acest cod de reducere nu se află în coș.',
    en: 'This discount code is not in the cart.',
  },
  // Spec 5/9: a warning, never a refusal.
  'discount.high_percentage': {
    cs: 'Pozor: sleva je {{value}} % nebo více.',
    ro: 'Atenție: reducerea este de {{value}} % sau mai mult.',
    en: 'Careful: the discount is {{value}} % or more.',
  },
} satisfies Record<string, Message>;
