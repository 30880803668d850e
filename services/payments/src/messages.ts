import type { Message } from '@buyloop/i18n';

/** The payments context's texts (cs / ro / en): error codes and the sandbox gateway's pages. */
export const paymentMessages = {
  'payment.not_found': {
    cs: 'Taková platba neexistuje.',
    ro: 'Această plată nu există.',
    en: 'There is no such payment.',
  },
  'payment.started_otherwise': {
    cs: 'Platba této objednávky už byla zahájena jiným způsobem nebo na jinou částku.',
    ro: 'Plata acestei comenzi a fost deja inițiată prin altă metodă sau pentru altă sumă.',
    en: 'This order’s payment was already started with another method or amount.',
  },
  'payment.amount_mismatch': {
    cs: 'Zaplacená částka neodpovídá částce k úhradě.',
    ro: 'Suma plătită nu corespunde sumei de plată.',
    en: 'The amount paid is not the amount due.',
  },
  'payment.nothing_collected': {
    cs: 'Za tuto objednávku nebylo nic zaplaceno, není co vracet.',
    ro: 'Pentru această comandă nu s-a încasat nimic, nu există ce rambursa.',
    en: 'Nothing was collected for this order, so there is nothing to refund.',
  },
  'payment.method_unavailable': {
    cs: 'Tento způsob platby nelze s vybranou dopravou použít.',
    ro: 'Această metodă de plată nu poate fi folosită cu livrarea aleasă.',
    en: 'This payment method cannot be used with the chosen delivery.',
  },
  // Spec 8: 'payment gateway error on sending the order'.
  'payment.gateway_error': {
    cs: 'Při odesílání objednávky nastala chyba platební brány.',
    ro: 'A apărut o eroare a procesatorului de plăți la trimiterea comenzii.',
    en: 'The payment gateway failed while the order was being sent.',
  },
  // Spec 8: 'card wallet not available or failed to load (choose another method)'.
  'payment.wallet_unavailable': {
    cs: 'Platební peněženka není dostupná nebo se nepodařilo ji načíst. Zvolte prosím jiný způsob platby.',
    ro: 'Portofelul de plată nu este disponibil sau nu a putut fi încărcat. Vă rugăm să alegeți altă metodă de plată.',
    en: 'The card wallet is not available or failed to load. Please choose another payment method.',
  },
  'payment.signature_invalid': {
    cs: 'Oznámení není podepsáno platební bránou.',
    ro: 'Notificarea nu este semnată de procesatorul de plăți.',
    en: 'The notification is not signed by the gateway.',
  },
  'payment.notification_not_raw': {
    cs: 'Oznámení musí přijít jako application/octet-stream nebo text/plain.',
    ro: 'Notificarea trebuie trimisă ca application/octet-stream sau text/plain.',
    en: 'The notification must be sent as application/octet-stream or text/plain.',
  },
  'payment.not_awaiting_buyer': {
    cs: 'Tato platba už na zaplacení nečeká.',
    ro: 'Această plată nu mai așteaptă să fie achitată.',
    en: 'This payment no longer awaits the buyer.',
  },
  'payment.unknown_variable_symbol': {
    cs: 'K tomuto variabilnímu symbolu nečeká žádná platba převodem.',
    ro: 'Nicio plată prin transfer nu așteaptă această referință.',
    en: 'No bank transfer awaits this variable symbol.',
  },
  'payment.status.started': { cs: 'Čeká na zaplacení', ro: 'Așteaptă plata', en: 'Awaiting payment' },
  'payment.status.pending': { cs: 'Zpracovává se', ro: 'În procesare', en: 'Processing' },
  'payment.status.authorised': {
    cs: 'Ověřeno, čeká na potvrzení',
    ro: 'Autorizată, așteaptă confirmarea',
    en: 'Authorised, awaiting confirmation',
  },
  'payment.status.paid': { cs: 'Zaplaceno', ro: 'Plătită', en: 'Paid' },
  'payment.status.failed': { cs: 'Platba se nezdařila', ro: 'Plata a eșuat', en: 'Payment failed' },
  'payment.status.refund_requested': { cs: 'Vrácení peněz zadáno', ro: 'Rambursare solicitată', en: 'Refund requested' },
  'payment.status.refunded': { cs: 'Peníze vráceny', ro: 'Rambursată', en: 'Refunded' },
  'payment.sandbox.title': {
    cs: 'Testovací platební brána',
    ro: 'Procesator de plăți de test',
    en: 'Sandbox payment gateway',
  },
  'payment.sandbox.intro': {
    cs: 'Toto je testovací brána: žádné peníze se nestrhnou.',
    ro: 'Acesta este un procesator de test: nu se încasează bani reali.',
    en: 'This is a sandbox gateway: no real money is taken.',
  },
  'payment.sandbox.order': { cs: 'Objednávka', ro: 'Comanda', en: 'Order' },
  'payment.sandbox.amount': { cs: 'Částka', ro: 'Suma', en: 'Amount' },
  'payment.sandbox.method': { cs: 'Způsob platby', ro: 'Metoda de plată', en: 'Payment method' },
  'payment.sandbox.status': { cs: 'Stav', ro: 'Stare', en: 'Status' },
  'payment.sandbox.approve': { cs: 'Zaplatit', ro: 'Plătește', en: 'Pay' },
  'payment.sandbox.decline': { cs: 'Zamítnout platbu', ro: 'Refuză plata', en: 'Decline the payment' },
  'payment.sandbox.challenge': {
    cs: 'Zaplatit s ověřením 3-D Secure',
    ro: 'Plătește cu verificare 3-D Secure',
    en: 'Pay with 3-D Secure verification',
  },
  'payment.sandbox.challenge_title': {
    cs: 'Ověření platby 3-D Secure',
    ro: 'Verificarea plății 3-D Secure',
    en: '3-D Secure verification',
  },
  'payment.sandbox.challenge_hint': {
    cs: 'Zadejte kód, který vám poslala banka (v testovací bráně 1234).',
    ro: 'Introduceți codul primit de la bancă (în procesatorul de test 1234).',
    en: 'Enter the code your bank sent you (1234 in the sandbox).',
  },
  'payment.sandbox.code': { cs: 'Ověřovací kód', ro: 'Cod de verificare', en: 'Verification code' },
  'payment.sandbox.confirm': { cs: 'Potvrdit', ro: 'Confirmă', en: 'Confirm' },
  'payment.sandbox.closed': {
    cs: 'Tato platba už na zaplacení nečeká.',
    ro: 'Această plată nu mai așteaptă să fie achitată.',
    en: 'This payment no longer awaits the buyer.',
  },
  'payment.sandbox.back': { cs: 'Zpět do obchodu', ro: 'Înapoi la magazin', en: 'Back to the shop' },
  'payment.sandbox.noscript': {
    cs: 'Testovací brána potřebuje JavaScript.',
    ro: 'Procesatorul de test are nevoie de JavaScript.',
    en: 'The sandbox gateway needs JavaScript.',
  },
} as const satisfies Record<string, Message>;
