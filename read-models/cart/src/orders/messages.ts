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
  'order.mail.confirmation_text': {
    cs: 'Děkujeme za Vaši objednávku č. {{number}}.\n\nCelkem k úhradě: {{total}} {{currency}}.\n\nStav objednávky sledujte zde: {{url}}\n\nBuyloop',
    ro: 'Vă mulțumim pentru comanda nr. {{number}}.\n\nTotal de plată: {{total}} {{currency}}.\n\nUrmăriți starea comenzii aici: {{url}}\n\nBuyloop',
    en: 'Thank you for your order {{number}}.\n\nTotal to pay: {{total}} {{currency}}.\n\nFollow your order here: {{url}}\n\nBuyloop',
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
