import type { Message } from '../message';

/**
 * The buy-back's status as people read it: the status labels of the back
 * office and the customer's status page (`buyback.status.<status>`), one
 * title and text per step of the customer's timeline
 * (`buyback.timeline.<EventType>.title|text`), and what happens next in
 * each status (`buyback.next_step.<status>`). Texts name the device, prices
 * and dates through placeholders, never a person.
 */
export const buybackStatusMessages = {
  'buyback.status.offered': { cs: 'Nabídka odeslána', ro: 'Ofertă trimisă', en: 'Offer sent' },
  'buyback.status.submitted': { cs: 'Prodáno online', ro: 'Vândut online', en: 'Sold online' },
  'buyback.status.awaiting_device': { cs: 'Čeká se na zařízení', ro: 'Se așteaptă dispozitivul', en: 'Awaiting the device' },
  'buyback.status.received': { cs: 'Zařízení doručeno', ro: 'Dispozitiv primit', en: 'Device received' },
  'buyback.status.inspected': { cs: 'Zkontrolováno', ro: 'Verificat', en: 'Inspected' },
  'buyback.status.quarantined': { cs: 'V karanténě', ro: 'În carantină', en: 'In quarantine' },
  'buyback.status.revised': { cs: 'Upravená nabídka', ro: 'Ofertă revizuită', en: 'Revised offer' },
  'buyback.status.approved': { cs: 'Schváleno', ro: 'Aprobat', en: 'Approved' },
  'buyback.status.payout_ordered': { cs: 'Platba zadána', ro: 'Plată inițiată', en: 'Payment ordered' },
  'buyback.status.paid': { cs: 'Zaplaceno', ro: 'Plătit', en: 'Paid' },
  'buyback.status.completed': { cs: 'Dokončeno', ro: 'Finalizat', en: 'Completed' },
  'buyback.status.returning': { cs: 'Vrací se zákazníkovi', ro: 'În curs de returnare', en: 'Returning to the customer' },
  'buyback.status.returned': { cs: 'Vráceno', ro: 'Returnat', en: 'Returned' },
  'buyback.status.cancelled': { cs: 'Zrušeno', ro: 'Anulat', en: 'Cancelled' },
  'buyback.status.reported': { cs: 'Nahlášeno úřadům', ro: 'Raportat autorităților', en: 'Reported to the authorities' },

  'buyback.timeline.OfferEmailed.title': {
    cs: 'Nabídka odeslána e-mailem',
    ro: 'Ofertă trimisă prin e-mail',
    en: 'Offer sent by e-mail',
  },
  'buyback.timeline.OfferEmailed.text': {
    cs: 'Poslali jsme vám naši nabídku na {{device}}: {{price}}.',
    ro: 'V-am trimis oferta noastră pentru {{device}}: {{price}}.',
    en: 'We sent you our offer for {{device}}: {{price}}.',
  },
  'buyback.timeline.Submitted.title': { cs: 'Zařízení prodáno', ro: 'Dispozitiv vândut', en: 'Device sold' },
  'buyback.timeline.Submitted.text': {
    cs: 'Prodali jste nám {{device}} za {{price}}.',
    ro: 'Ne-ați vândut {{device}} pentru {{price}}.',
    en: 'You sold us {{device}} for {{price}}.',
  },
  'buyback.timeline.PickupOrdered.title': { cs: 'Kurýr objednán', ro: 'Curier comandat', en: 'Courier ordered' },
  'buyback.timeline.PickupOrdered.text': {
    cs: 'Kurýr společnosti {{carrier}} si u vás zařízení vyzvedne. Číslo zásilky: {{reference}}.',
    ro: 'Un curier {{carrier}} va ridica dispozitivul de la dumneavoastră. Numărul expedierii: {{reference}}.',
    en: 'A courier from {{carrier}} will pick up the device from you. Shipment number: {{reference}}.',
  },
  'buyback.timeline.DeviceReceived.title': { cs: 'Zařízení doručeno', ro: 'Dispozitiv primit', en: 'Device received' },
  'buyback.timeline.DeviceReceived.text': {
    cs: 'Vaše zařízení dorazilo do našeho výkupního centra.',
    ro: 'Dispozitivul dumneavoastră a ajuns la centrul nostru de răscumpărare.',
    en: 'Your device has arrived at our buy-back centre.',
  },
  'buyback.timeline.PriceGuaranteeLost.title': {
    cs: 'Cenová garance vypršela',
    ro: 'Garanția de preț a expirat',
    en: 'Price guarantee expired',
  },
  'buyback.timeline.PriceGuaranteeLost.text': {
    cs: {
      one: 'Zařízení dorazilo později než {{days}} den po prodeji, proto nabídnutá cena již neplatí.',
      few: 'Zařízení dorazilo později než {{days}} dny po prodeji, proto nabídnutá cena již neplatí.',
      other: 'Zařízení dorazilo později než {{days}} dní po prodeji, proto nabídnutá cena již neplatí.',
    },
    ro: {
      one: 'Dispozitivul a sosit la mai mult de {{days}} zi după vânzare, așa că prețul oferit nu mai este garantat.',
      few: 'Dispozitivul a sosit la mai mult de {{days}} zile după vânzare, așa că prețul oferit nu mai este garantat.',
      other: 'Dispozitivul a sosit la mai mult de {{days}} de zile după vânzare, așa că prețul oferit nu mai este garantat.',
    },
    en: {
      one: 'The device arrived more than {{days}} day after the sale, so the offered price no longer holds.',
      other: 'The device arrived more than {{days}} days after the sale, so the offered price no longer holds.',
    },
  },
  'buyback.timeline.Repriced.title': { cs: 'Cena aktualizována', ro: 'Preț actualizat', en: 'Price updated' },
  'buyback.timeline.Repriced.text': {
    cs: 'Cena se nyní řídí aktuálním ceníkem: {{price}} (dříve {{previous}}).',
    ro: 'Prețul urmează acum lista de prețuri actuală: {{price}} (anterior {{previous}}).',
    en: 'The price now follows the current price list: {{price}} (previously {{previous}}).',
  },
  'buyback.timeline.DeviceInspected.title': { cs: 'Zařízení zkontrolováno', ro: 'Dispozitiv verificat', en: 'Device inspected' },
  'buyback.timeline.DeviceInspected.text': {
    cs: 'Vaše zařízení jsme zkontrolovali. Zjištěný stav: {{quality}}.',
    ro: 'Am verificat dispozitivul dumneavoastră. Starea constatată: {{quality}}.',
    en: 'We have inspected your device. Condition found: {{quality}}.',
  },
  'buyback.timeline.Quarantined.title': { cs: 'Dodatečná kontrola', ro: 'Verificare suplimentară', en: 'Additional check' },
  'buyback.timeline.Quarantined.text': {
    cs: 'Vaše zařízení vyžaduje dodatečnou kontrolu. Ozveme se vám.',
    ro: 'Dispozitivul dumneavoastră necesită o verificare suplimentară. Vă vom contacta.',
    en: 'Your device needs an additional check. We will contact you.',
  },
  'buyback.timeline.QuarantineReleased.title': { cs: 'Kontrola dokončena', ro: 'Verificare finalizată', en: 'Check completed' },
  'buyback.timeline.QuarantineReleased.text': {
    cs: 'Dodatečná kontrola je dokončena a výkup pokračuje.',
    ro: 'Verificarea suplimentară s-a încheiat, iar răscumpărarea continuă.',
    en: 'The additional check is complete and your buy-back continues.',
  },
  'buyback.timeline.QuarantineReported.title': {
    cs: 'Nahlášeno úřadům',
    ro: 'Raportat autorităților',
    en: 'Reported to the authorities',
  },
  'buyback.timeline.QuarantineReported.text': {
    cs: 'Zařízení bylo předáno úřadům ({{authority}}).',
    ro: 'Dispozitivul a fost predat autorităților ({{authority}}).',
    en: 'The device has been handed over to the authorities ({{authority}}).',
  },
  'buyback.timeline.Approved.title': { cs: 'Výkup schválen', ro: 'Răscumpărare aprobată', en: 'Buy-back approved' },
  'buyback.timeline.Approved.text': {
    cs: 'Zařízení odpovídá vašemu popisu. Zaplatíme vám {{price}}.',
    ro: 'Dispozitivul corespunde descrierii dumneavoastră. Vă vom plăti {{price}}.',
    en: 'Your device matches your description. We will pay you {{price}}.',
  },
  'buyback.timeline.OfferRevised.title': { cs: 'Upravená nabídka', ro: 'Ofertă revizuită', en: 'Revised offer' },
  'buyback.timeline.OfferRevised.text': {
    cs: 'Zařízení se liší od vašeho popisu. Nabízíme {{price}} místo {{previous}}. Odpovězte prosím do {{expires}}.',
    ro: 'Dispozitivul diferă de descrierea dumneavoastră. Vă oferim {{price}} în loc de {{previous}}. Vă rugăm să răspundeți până la {{expires}}.',
    en: 'The device differs from your description. We offer {{price}} instead of {{previous}}. Please reply by {{expires}}.',
  },
  'buyback.timeline.RevisedOfferAccepted.title': {
    cs: 'Upravená nabídka přijata',
    ro: 'Ofertă revizuită acceptată',
    en: 'Revised offer accepted',
  },
  'buyback.timeline.RevisedOfferAccepted.text': {
    cs: 'Přijali jste novou cenu {{price}}.',
    ro: 'Ați acceptat noul preț de {{price}}.',
    en: 'You accepted the new price of {{price}}.',
  },
  'buyback.timeline.RevisedOfferRejected.title': {
    cs: 'Upravená nabídka odmítnuta',
    ro: 'Ofertă revizuită refuzată',
    en: 'Revised offer rejected',
  },
  'buyback.timeline.RevisedOfferRejected.text': {
    cs: 'Novou cenu jste odmítli. Zařízení vám bezplatně vrátíme.',
    ro: 'Ați refuzat noul preț. Vă vom returna dispozitivul gratuit.',
    en: 'You rejected the new price. We will return the device to you free of charge.',
  },
  'buyback.timeline.RevisedOfferExpired.title': {
    cs: 'Platnost upravené nabídky vypršela',
    ro: 'Oferta revizuită a expirat',
    en: 'Revised offer expired',
  },
  'buyback.timeline.RevisedOfferExpired.text': {
    cs: 'Vaši odpověď jsme včas neobdrželi. Zařízení vám bezplatně vrátíme.',
    ro: 'Nu am primit răspunsul dumneavoastră la timp. Vă vom returna dispozitivul gratuit.',
    en: 'We did not receive your reply in time. We will return the device to you free of charge.',
  },
  'buyback.timeline.DeviceReturned.title': {
    cs: 'Zařízení odesláno zpět',
    ro: 'Dispozitiv trimis înapoi',
    en: 'Device sent back',
  },
  'buyback.timeline.DeviceReturned.text': {
    cs: 'Zařízení jsme vám bezplatně odeslali zpět.',
    ro: 'V-am trimis dispozitivul înapoi gratuit.',
    en: 'We have sent the device back to you free of charge.',
  },
  'buyback.timeline.PayoutOrdered.title': { cs: 'Platba zadána', ro: 'Plată inițiată', en: 'Payment ordered' },
  'buyback.timeline.PayoutOrdered.text': {
    cs: 'Zadali jsme platbu {{amount}} na váš bankovní účet.',
    ro: 'Am inițiat plata sumei de {{amount}} în contul dumneavoastră bancar.',
    en: 'We have ordered the payment of {{amount}} to your bank account.',
  },
  'buyback.timeline.Paid.title': { cs: 'Zaplaceno', ro: 'Plătit', en: 'Paid' },
  'buyback.timeline.Paid.text': {
    cs: 'Částka {{amount}} byla odeslána na váš bankovní účet.',
    ro: 'Suma de {{amount}} a fost trimisă în contul dumneavoastră bancar.',
    en: '{{amount}} has been sent to your bank account.',
  },
  'buyback.timeline.Completed.title': { cs: 'Výkup dokončen', ro: 'Răscumpărare finalizată', en: 'Buy-back completed' },
  'buyback.timeline.Completed.text': {
    cs: 'Výkup je dokončen. Děkujeme, že jste nám zařízení prodali.',
    ro: 'Răscumpărarea este finalizată. Vă mulțumim că ne-ați vândut dispozitivul.',
    en: 'The buy-back is complete. Thank you for selling your device to us.',
  },
  'buyback.timeline.Cancelled.title': { cs: 'Výkup zrušen', ro: 'Răscumpărare anulată', en: 'Buy-back cancelled' },
  'buyback.timeline.Cancelled.by_customer': {
    cs: 'Výkup jste zrušili.',
    ro: 'Ați anulat răscumpărarea.',
    en: 'You cancelled the buy-back.',
  },
  'buyback.timeline.Cancelled.by_staff': {
    cs: 'Výkup jsme zrušili.',
    ro: 'Am anulat răscumpărarea.',
    en: 'We cancelled the buy-back.',
  },
  'buyback.timeline.Cancelled.device_held': {
    cs: 'Výkup byl zrušen. Zařízení vám bezplatně vrátíme.',
    ro: 'Răscumpărarea a fost anulată. Vă vom returna dispozitivul gratuit.',
    en: 'The buy-back was cancelled. We will return the device to you free of charge.',
  },
  'buyback.timeline.PersonalDataErased.title': {
    cs: 'Osobní údaje vymazány',
    ro: 'Date personale șterse',
    en: 'Personal data erased',
  },
  'buyback.timeline.PersonalDataErased.text': {
    cs: 'Vaše osobní údaje k tomuto výkupu byly vymazány.',
    ro: 'Datele dumneavoastră personale din această răscumpărare au fost șterse.',
    en: 'Your personal data in this buy-back has been erased.',
  },

  'buyback.next_step.offered': {
    cs: 'Chcete-li zařízení prodat, otevřete nabídku z našeho e-mailu a dokončete prodej.',
    ro: 'Pentru a vinde dispozitivul, deschideți oferta din e-mailul nostru și finalizați vânzarea.',
    en: 'To sell the device, open the offer from our e-mail and complete the sale.',
  },
  'buyback.next_step.submitted': {
    cs: 'Objednáváme kurýra, který si u vás zařízení vyzvedne. Podrobnosti se objeví zde.',
    ro: 'Comandăm un curier care va ridica dispozitivul de la dumneavoastră. Detaliile vor apărea aici.',
    en: 'We are ordering a courier to pick up your device. The details will appear here.',
  },
  'buyback.next_step.awaiting_device': {
    cs: 'Předejte zařízení kurýrovi. Jakmile k nám dorazí, zkontrolujeme ho.',
    ro: 'Predați dispozitivul curierului. După ce ajunge la noi, îl vom verifica.',
    en: 'Hand the device to the courier. Once it reaches us, we will inspect it.',
  },
  'buyback.next_step.awaiting_device_centre': {
    cs: 'Přineste zařízení do našeho výkupního centra. Jakmile ho převezmeme, zkontrolujeme ho.',
    ro: 'Aduceți dispozitivul la centrul nostru de răscumpărare. După ce îl primim, îl vom verifica.',
    en: 'Bring the device to our buy-back centre. Once we have it, we will inspect it.',
  },
  'buyback.next_step.received': {
    cs: 'Zařízení zkontrolujeme a porovnáme s vaším popisem.',
    ro: 'Vom verifica dispozitivul și îl vom compara cu descrierea dumneavoastră.',
    en: 'We will inspect the device and compare it with your description.',
  },
  'buyback.next_step.inspected': {
    cs: 'Vyhodnocujeme výsledek kontroly. Brzy se vám ozveme.',
    ro: 'Analizăm rezultatul verificării. Veți primi vești de la noi în curând.',
    en: 'We are reviewing the inspection result. You will hear from us soon.',
  },
  'buyback.next_step.quarantined': {
    cs: 'Vaše zařízení prochází dodatečnou kontrolou. Ozveme se vám.',
    ro: 'Dispozitivul dumneavoastră trece printr-o verificare suplimentară. Vă vom contacta.',
    en: 'Your device is undergoing an additional check. We will contact you.',
  },
  'buyback.next_step.revised': {
    cs: 'Přijměte nebo odmítněte prosím upravenou nabídku do {{expires}}. Pokud neodpovíte, zařízení vám bezplatně vrátíme.',
    ro: 'Vă rugăm să acceptați sau să refuzați oferta revizuită până la {{expires}}. Fără un răspuns, vă vom returna dispozitivul gratuit.',
    en: 'Please accept or reject the revised offer by {{expires}}. Without a reply, we will return the device to you free of charge.',
  },
  'buyback.next_step.revised_expired': {
    cs: 'Lhůta pro odpověď na upravenou nabídku uplynula. Zařízení vám bezplatně vrátíme.',
    ro: 'Termenul de răspuns la oferta revizuită a expirat. Vă vom returna dispozitivul gratuit.',
    en: 'The time to reply to the revised offer has run out. We will return the device to you free of charge.',
  },
  'buyback.next_step.approved': {
    cs: 'Zadáme platbu na váš bankovní účet.',
    ro: 'Vom iniția plata în contul dumneavoastră bancar.',
    en: 'We will order the payment to your bank account.',
  },
  'buyback.next_step.payout_ordered': {
    cs: 'Platba je na cestě na váš bankovní účet.',
    ro: 'Plata este în drum spre contul dumneavoastră bancar.',
    en: 'The payment is on its way to your bank account.',
  },
  'buyback.next_step.paid': {
    cs: 'Peníze jsme odeslali. Na účet mohou dorazit během několika dní.',
    ro: 'Banii au fost trimiși. Pot ajunge în cont în câteva zile.',
    en: 'The money has been sent. It may take a few days to reach your account.',
  },
  'buyback.next_step.completed': {
    cs: 'Už není potřeba nic dělat. Děkujeme!',
    ro: 'Nu mai este nimic de făcut. Vă mulțumim!',
    en: 'Nothing more to do. Thank you!',
  },
  'buyback.next_step.returning': {
    cs: 'Zařízení vám bezplatně vracíme.',
    ro: 'Vă returnăm dispozitivul gratuit.',
    en: 'We are returning the device to you free of charge.',
  },
  'buyback.next_step.returned': {
    cs: 'Zařízení jsme vám odeslali zpět. Už není potřeba nic dělat.',
    ro: 'Dispozitivul v-a fost trimis înapoi. Nu mai este nimic de făcut.',
    en: 'The device has been sent back to you. Nothing more to do.',
  },
  'buyback.next_step.cancelled': {
    cs: 'Výkup byl zrušen. Už není potřeba nic dělat.',
    ro: 'Răscumpărarea a fost anulată. Nu mai este nimic de făcut.',
    en: 'The buy-back has been cancelled. Nothing more to do.',
  },
  'buyback.next_step.reported': {
    cs: 'Zařízení bylo předáno úřadům, které vás v případě potřeby kontaktují.',
    ro: 'Dispozitivul a fost predat autorităților, care vă vor contacta dacă este necesar.',
    en: 'The device has been handed over to the authorities, who will contact you if needed.',
  },

  // The back office's timeline: each detail's name (`buyback.detail.<key>`), the values that are words
  // (`buyback.detail.<key>.<value>`), and who acted when it was nobody with a name.
  'buyback.detail.price': { cs: 'Cena', ro: 'Preț', en: 'Price' },
  'buyback.detail.previous_price': { cs: 'Původní cena', ro: 'Prețul anterior', en: 'Previous price' },
  'buyback.detail.price_list_version': { cs: 'Verze ceníku', ro: 'Versiunea listei de prețuri', en: 'Price list version' },
  'buyback.detail.declared_quality': { cs: 'Deklarovaná kvalita', ro: 'Calitatea declarată', en: 'Declared quality' },
  'buyback.detail.pickup': { cs: 'Vyzvednutí', ro: 'Ridicare', en: 'Pickup' },
  'buyback.detail.pickup.courier': { cs: 'Kurýrem', ro: 'Prin curier', en: 'By courier' },
  'buyback.detail.carrier': { cs: 'Dopravce', ro: 'Transportator', en: 'Carrier' },
  'buyback.detail.pickup_reference': { cs: 'Číslo zásilky', ro: 'Numărul expedierii', en: 'Shipment number' },
  'buyback.detail.where': { cs: 'Kde', ro: 'Unde', en: 'Where' },
  'buyback.detail.submitted_at': { cs: 'Prodáno', ro: 'Vândut la', en: 'Sold at' },
  'buyback.detail.received_at': { cs: 'Doručeno', ro: 'Primit la', en: 'Received at' },
  'buyback.detail.guarantee_days': { cs: 'Záruka ceny (dny)', ro: 'Garanția prețului (zile)', en: 'Price guarantee (days)' },
  'buyback.detail.quality_found': { cs: 'Zjištěná kvalita', ro: 'Calitatea constatată', en: 'Quality found' },
  'buyback.detail.findings': { cs: 'Zjištění', ro: 'Constatări', en: 'Findings' },
  'buyback.detail.imei_matches_submitted': {
    cs: 'IMEI odpovídá zadanému',
    ro: 'IMEI corespunde celui declarat',
    en: 'IMEI matches the one given',
  },
  'buyback.detail.imei_blacklisted': { cs: 'IMEI na blacklistu', ro: 'IMEI pe lista neagră', en: 'IMEI blacklisted' },
  'buyback.detail.reasons': { cs: 'Důvody', ro: 'Motive', en: 'Reasons' },
  'buyback.detail.reason': { cs: 'Důvod', ro: 'Motiv', en: 'Reason' },
  'buyback.detail.authority': { cs: 'Úřad', ro: 'Autoritatea', en: 'Authority' },
  'buyback.detail.reference': { cs: 'Číslo jednací', ro: 'Numărul de referință', en: 'Reference' },
  'buyback.detail.expires_at': { cs: 'Platí do', ro: 'Valabilă până la', en: 'Valid until' },
  'buyback.detail.revised_at': { cs: 'Upraveno', ro: 'Revizuită la', en: 'Revised at' },
  'buyback.detail.shipment_reference': {
    cs: 'Číslo zásilky zpět',
    ro: 'Numărul expedierii de retur',
    en: 'Return shipment number',
  },
  'buyback.detail.amount': { cs: 'Částka', ro: 'Suma', en: 'Amount' },
  'buyback.detail.payout_limit': { cs: 'Limit výplaty', ro: 'Limita de plată', en: 'Payout limit' },
  'buyback.detail.approved_by': { cs: 'Schválil', ro: 'Aprobat de', en: 'Approved by' },
  'buyback.detail.payment_reference': { cs: 'Reference platby', ro: 'Referința plății', en: 'Payment reference' },
  'buyback.detail.by': { cs: 'Zrušil', ro: 'Anulat de', en: 'Cancelled by' },
  'buyback.detail.by.customer': { cs: 'Zákazník', ro: 'Clientul', en: 'The customer' },
  'buyback.detail.by.staff': { cs: 'Zaměstnanec', ro: 'Personalul', en: 'Staff' },
  'buyback.detail.device_held': { cs: 'Zařízení je u nás', ro: 'Dispozitivul este la noi', en: 'We hold the device' },
  'buyback.actor.customer': { cs: 'Zákazník', ro: 'Client', en: 'Customer' },
  'buyback.actor.system': { cs: 'Systém', ro: 'Sistem', en: 'System' },
} as const satisfies Readonly<Record<string, Message>>;
