import type { Message } from '@buyloop/i18n';

/** Texts of the checkout's and the orders' codes (cs / ro / en); the cart's own stay in @buyloop/i18n. */
export const ordersMessages: Readonly<Record<string, Message>> = {
  'cart.empty': {
    cs: 'Košík je prázdný.',
    ro: 'Coșul este gol.',
    en: 'The cart is empty.',
  },
  'cart.price_changed': {
    cs: 'Cena se mezitím změnila. Zkontrolujte prosím novou cenu objednávky.',
    ro: 'Prețul s-a schimbat între timp. Vă rugăm să verificați noul preț al comenzii.',
    en: 'A price has changed meanwhile. Please check the order’s new price.',
  },
  // Spec 8: 'insurance price changed (select again)'.
  'cart.insurance_price_changed': {
    cs: 'Cena pojištění se změnila (vyberte jej prosím znovu).',
    ro: 'Prețul asigurării s-a schimbat (vă rugăm să o selectați din nou).',
    en: 'The insurance price changed (please select it again).',
  },
  'cart.finish_throttled': {
    cs: 'Příliš mnoho objednávek za krátkou dobu. Zkuste to prosím za chvíli.',
    ro: 'Prea multe comenzi într-un timp scurt. Vă rugăm să încercați din nou peste puțin timp.',
    en: 'Too many orders in a short time. Please try again in a moment.',
  },
  'cart.service_unavailable': {
    cs: 'Objednávku teď nelze dokončit. Zkuste to prosím později.',
    ro: 'Comanda nu poate fi finalizată acum. Vă rugăm să încercați mai târziu.',
    en: 'The order cannot be finished right now. Please try again later.',
  },
  'order.request_in_progress': {
    cs: 'Objednávka se právě zpracovává. Zkuste to prosím za chvíli znovu.',
    ro: 'Comanda este în curs de procesare. Vă rugăm să încercați din nou peste puțin timp.',
    en: 'The order is being processed. Please try again in a moment.',
  },
  // Spec 8: 'payment gateway error on sending the order'.
  'cart.payment_gateway_error': {
    cs: 'Při odesílání objednávky nastala chyba platební brány. Objednávka je uložena, zkuste platbu prosím znovu.',
    ro: 'A apărut o eroare a gateway-ului de plată la trimiterea comenzii. Comanda este salvată, vă rugăm să reîncercați plata.',
    en: 'A payment gateway error occurred while sending the order. The order is saved; please try the payment again.',
  },
  'order.mail.confirmation_subject': {
    cs: 'Potvrzení objednávky č. {{number}}',
    ro: 'Confirmarea comenzii nr. {{number}}',
    en: 'Order {{number}} confirmed',
  },
  'order.mail.confirmation_lead': {
    cs: 'Dobrý den,\n\nděkujeme za Vaši objednávku č. {{number}}. Objednali jste:',
    ro: 'Bună ziua,\n\nvă mulțumim pentru comanda nr. {{number}}. Ați comandat:',
    en: 'Hello,\n\nthank you for your order {{number}}. You ordered:',
  },
  'order.mail.total': {
    cs: 'Celkem: {{total}}',
    ro: 'Total: {{total}}',
    en: 'Total: {{total}}',
  },
  'order.mail.payment_method': {
    cs: 'Platba: {{method}}',
    ro: 'Plată: {{method}}',
    en: 'Payment: {{method}}',
  },
  'order.mail.delivery_method': {
    cs: 'Doprava: {{method}}',
    ro: 'Livrare: {{method}}',
    en: 'Delivery: {{method}}',
  },
  'order.mail.status_link': {
    cs: 'Stav objednávky sledujte zde:',
    ro: 'Urmăriți starea comenzii aici:',
    en: 'Follow your order here:',
  },
  'order.mail.paid_subject': {
    cs: 'Platba za objednávku č. {{number}} přijata',
    ro: 'Plata pentru comanda nr. {{number}} a fost primită',
    en: 'Payment for order {{number}} received',
  },
  'order.mail.paid_lead': {
    cs: 'Dobrý den,\n\npřijali jsme Vaši platbu {{amount}} za objednávku č. {{number}}. Objednávku teď připravujeme k odeslání.',
    ro: 'Bună ziua,\n\nam primit plata dumneavoastră de {{amount}} pentru comanda nr. {{number}}. Acum pregătim comanda pentru expediere.',
    en: 'Hello,\n\nwe received your payment of {{amount}} for order {{number}}. We are now getting the order ready to send.',
  },
  'order.mail.shipped_subject': {
    cs: 'Objednávka č. {{number}} je na cestě',
    ro: 'Comanda nr. {{number}} a fost expediată',
    en: 'Order {{number}} is on its way',
  },
  'order.mail.shipped_lead': {
    cs: 'Dobrý den,\n\nVaši objednávku č. {{number}} jsme odeslali ({{method}}).',
    ro: 'Bună ziua,\n\ncomanda dumneavoastră nr. {{number}} a fost expediată ({{method}}).',
    en: 'Hello,\n\nwe have sent your order {{number}} ({{method}}).',
  },
  'order.mail.tracking_number': {
    cs: 'Číslo zásilky: {{tracking}}',
    ro: 'Numărul coletului: {{tracking}}',
    en: 'Tracking number: {{tracking}}',
  },
  'order.mail.cancelled_subject': {
    cs: 'Objednávka č. {{number}} byla zrušena',
    ro: 'Comanda nr. {{number}} a fost anulată',
    en: 'Order {{number}} was cancelled',
  },
  'order.mail.cancelled_lead': {
    cs: 'Dobrý den,\n\nVaše objednávka č. {{number}} byla zrušena.',
    ro: 'Bună ziua,\n\ncomanda dumneavoastră nr. {{number}} a fost anulată.',
    en: 'Hello,\n\nyour order {{number}} was cancelled.',
  },
  'order.mail.cancelled_reason': {
    cs: 'Důvod: {{reason}}',
    ro: 'Motiv: {{reason}}',
    en: 'Reason: {{reason}}',
  },
  'order.mail.cancelled_refund': {
    cs: 'Zaplacenou částku {{amount}} Vám vrátíme stejnou cestou, jakou jste platili, obvykle do 5 pracovních dnů.',
    ro: 'Suma plătită de {{amount}} vă va fi returnată prin aceeași metodă de plată, de obicei în 5 zile lucrătoare.',
    en: 'The {{amount}} you paid will be refunded the way you paid, usually within 5 working days.',
  },
  'order.mail.cancelled_nothing_paid': {
    cs: 'Za objednávku jste nic nezaplatili, nic tedy nevracíme.',
    ro: 'Nu ați plătit nimic pentru această comandă, deci nu este nimic de returnat.',
    en: 'Nothing was paid for the order, so there is nothing to refund.',
  },
  'order.mail.withdrawn_subject': {
    cs: 'Odstoupení od smlouvy k objednávce č. {{number}} přijato',
    ro: 'Retragerea din contract pentru comanda nr. {{number}} a fost primită',
    en: 'Withdrawal from order {{number}} received',
  },
  'order.mail.withdrawn_lead': {
    cs: 'Dobrý den,\n\npřijali jsme Vaše odstoupení od smlouvy k objednávce č. {{number}}.',
    ro: 'Bună ziua,\n\nam primit retragerea dumneavoastră din contract pentru comanda nr. {{number}}.',
    en: 'Hello,\n\nwe received your withdrawal from the contract for order {{number}}.',
  },
  'order.mail.withdrawn_refund': {
    cs: 'Peníze Vám vrátíme, jakmile nám zboží dorazí zpět.',
    ro: 'Vă vom returna banii de îndată ce produsele ne vor fi returnate.',
    en: 'We will refund the money as soon as the goods are back with us.',
  },
  'order.mail.signature': {
    cs: 'Buyloop',
    ro: 'Buyloop',
    en: 'Buyloop',
  },
  'order.not_found': {
    cs: 'Taková objednávka neexistuje.',
    ro: 'Această comandă nu există.',
    en: 'There is no such order.',
  },
  'order.already_placed': {
    cs: 'Objednávku se nepodařilo uložit, odešlete ji prosím znovu.',
    ro: 'Comanda nu a putut fi salvată, vă rugăm să o trimiteți din nou.',
    en: 'The order could not be saved; please send it again.',
  },
  'order.not_placed': {
    cs: 'Taková objednávka neexistuje.',
    ro: 'Această comandă nu există.',
    en: 'There is no such order.',
  },
  'order.not_cancellable': {
    cs: 'Objednávka už byla odeslána, nelze ji zrušit.',
    ro: 'Comanda a fost deja expediată și nu mai poate fi anulată.',
    en: 'The order has been shipped and can no longer be cancelled.',
  },
  'order.reason_required': {
    cs: 'Uveďte důvod zrušení.',
    ro: 'Indicați motivul anulării.',
    en: 'Give a reason for the cancellation.',
  },
  'order.not_shippable': {
    cs: 'Ve stavu, v jakém objednávka je, to nelze.',
    ro: 'Acest lucru nu este posibil în starea actuală a comenzii.',
    en: 'This is not possible in the order’s current state.',
  },
  'order.not_delivered': {
    cs: 'Od smlouvy lze odstoupit až po doručení objednávky.',
    ro: 'Retragerea din contract este posibilă doar după livrarea comenzii.',
    en: 'A withdrawal is possible only once the order was delivered.',
  },
  'order.withdrawal_period_over': {
    cs: 'Lhůta {{days}} dní pro odstoupení od smlouvy uplynula.',
    ro: 'Termenul de {{days}} zile pentru retragerea din contract a expirat.',
    en: 'The {{days}} days for withdrawing from the contract are over.',
  },
};
