import type { Message } from '../message';

/*
 * The buy-back e-mails (services/buy-back/src/notifications/templates.ts).
 * Each message is one paragraph or one line; the template puts them together,
 * adds the links, and escapes them for the HTML part. Czech and Romanian
 * letters start the body in lower case after the greeting's comma, as the
 * password-reset e-mail does.
 */

const daysCs = (count: 'one' | 'few' | 'other'): string => ({ one: 'den', few: 'dny', other: 'dní' })[count];
const daysRo = (count: 'one' | 'few' | 'other'): string => ({ one: 'zi', few: 'zile', other: 'de zile' })[count];
const daysEn = (count: 'one' | 'other'): string => ({ one: 'day', other: 'days' })[count];

const guaranteeCs = (count: 'one' | 'few' | 'other') =>
  `Cenu vám garantujeme {{days}} ${daysCs(count)} od prodeje. Dorazí-li zařízení později, přepočítáme ji podle ceníku platného v den, kdy ho převezmeme.`;
const guaranteeRo = (count: 'one' | 'few' | 'other') =>
  `Vă garantăm prețul timp de {{days}} ${daysRo(count)} de la vânzare. Dacă dispozitivul ajunge mai târziu, îl recalculăm după lista de prețuri valabilă în ziua în care îl primim.`;
const guaranteeEn = (count: 'one' | 'other') =>
  `We guarantee the price for {{days}} ${daysEn(count)} from the sale. If the device arrives later, we recalculate it by the price list in force on the day we receive it.`;

export const buybackMailMessages = {
  'mail.buyback.greeting': {
    cs: 'Dobrý den,',
    ro: 'Bună ziua,',
    en: 'Hello,',
  },
  'mail.buyback.signature': {
    cs: 'Tým Buyloop',
    ro: 'Echipa Buyloop',
    en: 'The Buyloop team',
  },
  'mail.buyback.number': {
    cs: 'Číslo výkupu: {{number}}',
    ro: 'Numărul răscumpărării: {{number}}',
    en: 'Buy-back number: {{number}}',
  },
  // Named as the storefront's "look up my buy-back" form asks for it, beside the number it goes with.
  'mail.buyback.access_code': {
    cs: 'Přístupový kód: {{code}}',
    ro: 'Codul de acces: {{code}}',
    en: 'Access code: {{code}}',
  },
  'mail.buyback.device': {
    cs: 'Zařízení: {{device}}',
    ro: 'Dispozitiv: {{device}}',
    en: 'Device: {{device}}',
  },
  'mail.buyback.imei': {
    cs: 'IMEI zařízení: {{imei}}',
    ro: 'IMEI-ul dispozitivului: {{imei}}',
    en: 'IMEI: {{imei}}',
  },
  'mail.buyback.declared_quality': {
    cs: 'Vámi uvedený stav (kvalita): {{quality}}',
    ro: 'Starea declarată de dumneavoastră (calitate): {{quality}}',
    en: 'Condition you declared (quality): {{quality}}',
  },
  'mail.buyback.price': {
    cs: 'Výkupní cena: {{price}}',
    ro: 'Prețul de răscumpărare: {{price}}',
    en: 'Buy-back price: {{price}}',
  },

  'mail.buyback.offer.subject': {
    cs: 'Nabídka výkupu {{number}}: {{device}} za {{price}}',
    ro: 'Oferta de răscumpărare {{number}}: {{device}} pentru {{price}}',
    en: 'Buy-back offer {{number}}: {{device}} for {{price}}',
  },
  'mail.buyback.offer.intro': {
    cs: 'děkujeme za zájem o výkup. Posíláme nabídku, o kterou jste požádali.',
    ro: 'vă mulțumim pentru interesul față de serviciul de răscumpărare. Vă trimitem oferta pe care ați solicitat-o.',
    en: 'thank you for your interest in our buy-back. Here is the offer you asked for.',
  },
  'mail.buyback.offer.validity': {
    cs: 'Cena vychází z ceníku platného při odeslání nabídky (verze {{version}}) a platí, dokud se ceník nezmění. Změní-li se dříve, než zařízení prodáte, přepočítáme ji podle nového ceníku.',
    ro: 'Prețul se bazează pe lista de prețuri în vigoare la trimiterea ofertei (versiunea {{version}}) și este valabil până la schimbarea acesteia. Dacă lista se schimbă înainte să vindeți dispozitivul, recalculăm prețul după noua listă.',
    en: 'The price comes from the price list in force when the offer was sent (version {{version}}) and holds until that price list changes. If it changes before you sell the device, we recalculate the price by the new list.',
  },
  'mail.buyback.offer.link': {
    cs: 'Nabídku znovu otevřete a zařízení prodáte na této adrese:',
    ro: 'Puteți redeschide oferta și vinde dispozitivul la această adresă:',
    en: 'To reopen the offer and sell the device, open this link:',
  },
  'mail.buyback.offer.note': {
    cs: 'Vaše poznámka: {{note}}',
    ro: 'Nota dumneavoastră: {{note}}',
    en: 'Your note: {{note}}',
  },
  'mail.buyback.offer.not_requested': {
    cs: 'Pokud jste o nabídku nežádali, tento e-mail ignorujte.',
    ro: 'Dacă nu ați solicitat această ofertă, ignorați acest e-mail.',
    en: 'If you did not ask for this offer, ignore this e-mail.',
  },

  'mail.buyback.submitted.subject': {
    cs: 'Potvrzení výkupu {{number}}: {{device}}',
    ro: 'Confirmarea răscumpărării {{number}}: {{device}}',
    en: 'Buy-back {{number}} confirmed: {{device}}',
  },
  'mail.buyback.submitted.thanks': {
    cs: 'děkujeme, že jste se rozhodli prodat nám své zařízení. Výkup jsme přijali pod číslem {{number}}.',
    ro: 'vă mulțumim că ați ales să ne vindeți dispozitivul. Am înregistrat răscumpărarea cu numărul {{number}}.',
    en: 'thank you for selling us your device. We have registered the buy-back under number {{number}}.',
  },
  'mail.buyback.submitted.next_courier': {
    cs: 'Co bude dál: objednáme kurýra, který si zařízení vyzvedne na adrese {{address}}. Připravte ho prosím zabalené.',
    ro: 'Ce urmează: comandăm un curier care va ridica dispozitivul de la adresa {{address}}. Vă rugăm să îl pregătiți ambalat.',
    en: 'What happens next: we order a courier who picks the device up at {{address}}. Please have it packed and ready.',
  },
  'mail.buyback.submitted.next_centre': {
    cs: 'Co bude dál: přineste zařízení do kteréhokoli výkupního centra Buyloop a uveďte číslo výkupu {{number}}.',
    ro: 'Ce urmează: aduceți dispozitivul la oricare centru de răscumpărare Buyloop și menționați numărul răscumpărării {{number}}.',
    en: 'What happens next: bring the device to any Buyloop buy-back centre and give the buy-back number {{number}}.',
  },
  'mail.buyback.submitted.after_receipt': {
    cs: 'Jakmile zařízení převezmeme, zkontrolujeme ho a peníze pošleme na váš bankovní účet.',
    ro: 'După ce primim dispozitivul, îl verificăm și vă trimitem banii în contul bancar.',
    en: 'Once we receive the device, we inspect it and send the money to your bank account.',
  },
  'mail.buyback.submitted.guarantee': {
    cs: { one: guaranteeCs('one'), few: guaranteeCs('few'), other: guaranteeCs('other') },
    ro: { one: guaranteeRo('one'), few: guaranteeRo('few'), other: guaranteeRo('other') },
    en: { one: guaranteeEn('one'), other: guaranteeEn('other') },
  },
  'mail.buyback.submitted.status_link': {
    cs: 'Stav výkupu sledujte na této stránce. Odkaz je osobní, slouží jen vám, proto ho nikomu nepřeposílejte:',
    ro: 'Urmăriți starea răscumpărării pe această pagină. Linkul este personal, doar pentru dumneavoastră, așa că nu îl trimiteți nimănui:',
    en: 'Follow your buy-back on this page. The link is personal, meant for you alone, so do not forward it to anyone:',
  },

  'mail.buyback.revised.subject': {
    cs: 'Upravená nabídka k výkupu {{number}}',
    ro: 'Ofertă revizuită pentru răscumpărarea {{number}}',
    en: 'Revised offer for buy-back {{number}}',
  },
  'mail.buyback.revised.intro': {
    cs: 'zkontrolovali jsme vaše zařízení {{device}}. Jeho stav se liší od toho, který jste uvedli, proto vám nabízíme novou cenu.',
    ro: 'am verificat dispozitivul dumneavoastră {{device}}. Starea lui diferă de cea declarată, de aceea vă oferim un preț nou.',
    en: 'we have inspected your device {{device}}. Its condition differs from what you declared, so we offer you a new price.',
  },
  'mail.buyback.revised.previous_price': {
    cs: 'Původní cena: {{price}}',
    ro: 'Prețul inițial: {{price}}',
    en: 'Original price: {{price}}',
  },
  'mail.buyback.revised.new_price': {
    cs: 'Nová cena: {{price}}',
    ro: 'Prețul nou: {{price}}',
    en: 'New price: {{price}}',
  },
  'mail.buyback.revised.reasons': {
    cs: 'Co jsme zjistili:',
    ro: 'Ce am constatat:',
    en: 'What we found:',
  },
  'mail.buyback.revised.deadline': {
    cs: 'Nabídku přijměte nebo odmítněte do {{date}} na stránce svého výkupu (odkaz je osobní):',
    ro: 'Acceptați sau refuzați oferta până la {{date}} pe pagina răscumpărării dumneavoastră (linkul este personal):',
    en: 'Accept or reject the offer by {{date}} on your buy-back page (the link is personal):',
  },
  'mail.buyback.revised.return_free': {
    cs: 'Pokud nabídku odmítnete nebo na ni do {{date}} neodpovíte, zařízení vám zdarma vrátíme.',
    ro: 'Dacă refuzați oferta sau nu răspundeți până la {{date}}, vă returnăm dispozitivul gratuit.',
    en: 'If you reject the offer or do not answer by {{date}}, we return the device to you free of charge.',
  },

  'mail.buyback.paid.subject': {
    cs: 'Výkup {{number}}: peníze jsme odeslali',
    ro: 'Răscumpărarea {{number}}: banii au fost trimiși',
    en: 'Buy-back {{number}}: the money is on its way',
  },
  'mail.buyback.paid.sent': {
    cs: 'za vaše zařízení {{device}} jsme na bankovní účet {{account}} odeslali {{amount}}.',
    ro: 'pentru dispozitivul dumneavoastră {{device}} am trimis {{amount}} în contul bancar {{account}}.',
    en: 'we have sent {{amount}} for your device {{device}} to the bank account {{account}}.',
  },
  'mail.buyback.paid.sent_to_your_account': {
    cs: 'za vaše zařízení {{device}} jsme na váš bankovní účet odeslali {{amount}}.',
    ro: 'pentru dispozitivul dumneavoastră {{device}} am trimis {{amount}} în contul dumneavoastră bancar.',
    en: 'we have sent {{amount}} for your device {{device}} to your bank account.',
  },
  'mail.buyback.paid.reference': {
    cs: 'Platební reference: {{reference}}',
    ro: 'Referința plății: {{reference}}',
    en: 'Payment reference: {{reference}}',
  },
  'mail.buyback.paid.arrival': {
    cs: 'Připsání na účet může podle vaší banky trvat několik pracovních dní.',
    ro: 'În funcție de banca dumneavoastră, creditarea contului poate dura câteva zile lucrătoare.',
    en: 'Depending on your bank, the money may take a few working days to arrive.',
  },
  'mail.buyback.paid.thanks': {
    cs: 'Děkujeme, že jste využili výkup Buyloop.',
    ro: 'Vă mulțumim că ați folosit serviciul de răscumpărare Buyloop.',
    en: 'Thank you for using the Buyloop buy-back.',
  },

  // The back office's outbox of these e-mails.
  'buyback.mail_not_found': {
    cs: 'Tento e-mail ve frontě k odeslání není.',
    ro: 'Acest e-mail nu se află în coada de trimitere.',
    en: 'This e-mail is not in the outbox.',
  },
  'buyback.mail_not_retryable': {
    cs: 'Znovu odeslat lze jen e-mail, jehož odeslání selhalo.',
    ro: 'Se poate retrimite doar un e-mail a cărui trimitere a eșuat.',
    en: 'Only an e-mail whose sending failed can be sent again.',
  },
} as const satisfies Readonly<Record<string, Message>>;
