/** "My orders" texts (issue 15): the account's order list and an order opened from it. English here, spread into each catalogue. */
export const myOrdersEn = {
  'nav.myOrders': 'My orders',
  'myOrders.title': 'My orders',
  'myOrders.lead': 'Orders placed while signed in to this account, newest first.',
  'myOrders.empty.title': 'No orders yet',
  'myOrders.empty.text':
    'Orders you place while signed in will be listed here. An order placed without signing in is in its e-mail.',
  'myOrders.signIn.title': 'Sign in to see your orders',
  'myOrders.signIn.text': 'Your orders are kept in your account.',
  'myOrders.number': 'Order',
  'myOrders.date': 'Placed',
  'myOrders.status': 'Status',
  'myOrders.total': 'Total',
  'myOrders.open': 'Open order {number}',
  'myOrders.more': 'Showing the newest {shown} of {total} orders.',
  'myOrders.back': 'Back to my orders',
  'myOrders.notFound.title': 'Order not found',
  'myOrders.notFound.text': 'There is no such order in your account.',
} as const;

type MyOrdersCatalogue = Partial<Record<keyof typeof myOrdersEn, string>>;

export const myOrdersCs: MyOrdersCatalogue = {
  'nav.myOrders': 'Moje objednávky',
  'myOrders.title': 'Moje objednávky',
  'myOrders.lead': 'Objednávky odeslané s přihlášením k tomuto účtu, od nejnovější.',
  'myOrders.empty.title': 'Zatím žádné objednávky',
  'myOrders.empty.text':
    'Objednávky, které odešlete přihlášení, najdete tady. Objednávku odeslanou bez přihlášení najdete v jejím e-mailu.',
  'myOrders.signIn.title': 'Pro zobrazení objednávek se přihlaste',
  'myOrders.signIn.text': 'Vaše objednávky uchováváme ve vašem účtu.',
  'myOrders.number': 'Objednávka',
  'myOrders.date': 'Odeslána',
  'myOrders.status': 'Stav',
  'myOrders.total': 'Celkem',
  'myOrders.open': 'Otevřít objednávku {number}',
  'myOrders.more': 'Zobrazujeme nejnovějších {shown} z {total} objednávek.',
  'myOrders.back': 'Zpět na moje objednávky',
  'myOrders.notFound.title': 'Objednávka nenalezena',
  'myOrders.notFound.text': 'Taková objednávka ve vašem účtu není.',
};

export const myOrdersRo: MyOrdersCatalogue = {
  'nav.myOrders': 'Comenzile mele',
  'myOrders.title': 'Comenzile mele',
  'myOrders.lead': 'Comenzile trimise cu autentificare în acest cont, de la cea mai nouă.',
  'myOrders.empty.title': 'Nicio comandă încă',
  'myOrders.empty.text':
    'Comenzile trimise cu autentificare vor apărea aici. O comandă trimisă fără autentificare se găsește în e-mailul ei.',
  'myOrders.signIn.title': 'Autentificați-vă pentru a vedea comenzile',
  'myOrders.signIn.text': 'Comenzile dumneavoastră sunt păstrate în cont.',
  'myOrders.number': 'Comanda',
  'myOrders.date': 'Trimisă',
  'myOrders.status': 'Stare',
  'myOrders.total': 'Total',
  'myOrders.open': 'Deschide comanda {number}',
  'myOrders.more': 'Se afișează cele mai noi {shown} din {total} comenzi.',
  'myOrders.back': 'Înapoi la comenzile mele',
  'myOrders.notFound.title': 'Comanda nu a fost găsită',
  'myOrders.notFound.text': 'Această comandă nu există în contul dumneavoastră.',
};
