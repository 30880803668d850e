import type { Message } from '@buyloop/i18n';

/** The delivery context's texts (cs / ro / en): its refusals (spec 8) and the names of its methods. */
export const deliveryMessages: Readonly<Record<string, Message>> = {
  // Spec 8: 'unavailable delivery method'.
  'delivery.method_unavailable': {
    cs: 'Tento způsob doručení není dostupný.',
    ro: 'Această metodă de livrare nu este disponibilă.',
    en: 'This delivery method is not available.',
  },
  // Spec 8: 'unavailable or congested pickup point'.
  'delivery.place_unavailable': {
    cs: 'Výdejní místo není dostupné nebo je přeplněné, vyberte prosím jiné.',
    ro: 'Punctul de ridicare nu este disponibil sau este aglomerat, vă rugăm alegeți altul.',
    en: 'The pickup point is unavailable or congested; please choose another one.',
  },
  'delivery.timeslot_unavailable': {
    cs: 'Zvolený čas doručení už není volný, vyberte prosím jiný.',
    ro: 'Intervalul de livrare ales nu mai este disponibil, vă rugăm alegeți altul.',
    en: 'The chosen delivery time is no longer available; please choose another one.',
  },
  'delivery.electronic_only': {
    cs: 'Licence v košíku doručíme e-mailem, není co posílat.',
    ro: 'Licențele din coș le trimitem prin e-mail, nu este nimic de expediat.',
    en: 'The licences in the cart are delivered by e-mail; there is nothing to ship.',
  },
  'delivery.not_electronic': {
    cs: 'E-mailem doručujeme jen košík, ve kterém jsou pouze elektronické licence.',
    ro: 'Prin e-mail livrăm doar coșurile care conțin numai licențe electronice.',
    en: 'Delivery by e-mail is for carts of electronic licences only.',
  },
  'delivery.no_stores': {
    cs: 'Na tomto trhu zatím nemáme prodejnu.',
    ro: 'Pe această piață nu avem încă un magazin.',
    en: 'There is no store on this market yet.',
  },
  'delivery.store_unknown': {
    cs: 'Takovou prodejnu nemáme.',
    ro: 'Nu avem un astfel de magazin.',
    en: 'There is no such store.',
  },
  'delivery.zip_invalid': {
    cs: 'PSČ má pět číslic (např. 110 00).',
    ro: 'Codul poștal are șase cifre (de ex. 010011).',
    en: 'The postcode is not valid for this market.',
  },
  'delivery.same_day_other_town': {
    cs: 'Doručení ještě dnes je možné jen ve městě prodejny.',
    ro: 'Livrarea în aceeași zi este posibilă doar în orașul magazinului.',
    en: 'Same-day delivery is only possible in the store’s town.',
  },
  'delivery.same_day_too_far': {
    cs: 'Adresa je pro doručení ještě dnes příliš daleko od prodejny.',
    ro: 'Adresa este prea departe de magazin pentru livrarea în aceeași zi.',
    en: 'The address is too far from the store for same-day delivery.',
  },
  'delivery.same_day_closed': {
    cs: 'Prodejna dnes už nestihne zásilku předat kurýrovi.',
    ro: 'Magazinul nu mai poate preda astăzi coletul curierului.',
    en: 'The store can no longer hand a parcel to the courier today.',
  },
  'delivery.address_unknown': {
    cs: 'Adresu se nepodařilo najít.',
    ro: 'Adresa nu a putut fi găsită.',
    en: 'The address could not be found.',
  },
  'delivery.lat_lng_together': {
    cs: 'Zeměpisnou šířku a délku je třeba zadat spolu.',
    ro: 'Latitudinea și longitudinea trebuie date împreună.',
    en: 'Latitude and longitude go together.',
  },
  'delivery.name.store_pickup': { cs: 'Osobní odběr na prodejně', ro: 'Ridicare din magazin', en: 'Pickup in a store' },
  'delivery.name.pickup_point': { cs: 'Výdejní místo', ro: 'Punct de ridicare', en: 'Pickup point' },
  'delivery.name.courier': { cs: 'Kurýr na adresu', ro: 'Curier la adresă', en: 'Courier to your address' },
  'delivery.name.same_day_courier': { cs: 'Kurýr ještě dnes', ro: 'Curier în aceeași zi', en: 'Same-day courier' },
  'delivery.name.electronic': { cs: 'E-mailem', ro: 'Prin e-mail', en: 'By e-mail' },
  'delivery.description.store_pickup': {
    cs: 'Rezervace je na prodejně připravena do 30 minut.',
    ro: 'Rezervarea este pregătită în magazin în 30 de minute.',
    en: 'Your reservation is ready in the store within 30 minutes.',
  },
  'delivery.description.pickup_point': {
    cs: 'Vyzvednete si na jednom z tisíců výdejních míst.',
    ro: 'Ridicați coletul de la unul dintre miile de puncte de ridicare.',
    en: 'Collect it at one of thousands of pickup points.',
  },
  'delivery.description.courier': {
    cs: 'Doručíme na adresu v čase, který si vyberete.',
    ro: 'Livrăm la adresă în intervalul pe care îl alegeți.',
    en: 'Delivered to your address in the time window you choose.',
  },
  'delivery.description.same_day_courier': {
    cs: 'Z prodejny ve vašem městě ještě dnes.',
    ro: 'Din magazinul din orașul dumneavoastră, chiar astăzi.',
    en: 'From a store in your town, today.',
  },
  'delivery.description.electronic': {
    cs: 'Licenci pošleme e-mailem hned po zaplacení.',
    ro: 'Trimitem licența prin e-mail imediat după plată.',
    en: 'The licence is sent by e-mail as soon as it is paid.',
  },
};
