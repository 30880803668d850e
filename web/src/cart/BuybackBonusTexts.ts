import { lookupOf } from '../buyback/review';

/**
 * The ★ buy-back bonus's texts (issue 15, spec 9 "Buy-back bonus up to {0}%"): the cart's panel and
 * the order page's notice. English here, spread into each catalogue like the sales texts.
 */
export const buybackBonusEn = {
  'bonus.buyback.title': 'Trade in your old device',
  'bonus.buyback.lead':
    'Sell us your old phone and get a bonus of up to {percent} % of its buy-back price (at most {max}) off a new device.',
  'bonus.buyback.appraise': 'Value your old device',
  'bonus.buyback.appraiseHint': 'The valuation opens in a new tab; come back here with the buy-back number from its e-mail.',
  'bonus.buyback.device': 'Device the bonus goes on',
  'bonus.buyback.number': 'Buy-back number',
  'bonus.buyback.numberHint': 'Twelve digits from the buy-back’s e-mail. You can paste the whole link from the e-mail here.',
  'bonus.buyback.token': 'Access code from the e-mail',
  'bonus.buyback.tokenHint': 'Not needed when you are signed in as the seller.',
  'bonus.buyback.apply': 'Use the bonus',
  'bonus.buyback.applying': 'Checking the buy-back…',
  'bonus.buyback.applied': 'The buy-back bonus is in your cart.',
  'bonus.buyback.numberInvalid': 'Enter the buy-back’s 12-digit number, or paste the link from its e-mail.',
  'bonus.buyback.line': 'Buy-back bonus {percent} % for buy-back {number}',
  'bonus.buyback.basis': '{percent} % of the offered {basis}, on {device}',
  'bonus.buyback.remove': 'Remove the buy-back bonus {number}',
  'bonus.buyback.removeShort': 'Remove',
  'bonus.buyback.summary': 'Buy-back bonus',
  'bonus.order.discounts': 'Discounts and buy-back bonus',
  'bonus.order.items': 'Items',
  'bonus.order.delivery': 'Delivery',
  'bonus.order.payment': 'Payment fee',
  'bonus.order.clawedBack.title': 'The buy-back bonus was clawed back: {amount}',
  'bonus.order.clawedBack.added_to_total':
    'The old device’s offer (buy-back {number}) was lowered or cancelled, so {amount} of the bonus was added to what the order costs. The total above includes it.',
  'bonus.order.clawedBack.payment_request':
    'The old device’s offer (buy-back {number}) was lowered or cancelled after you paid, so we will ask you to pay {amount} of the bonus; we will send the payment details by e-mail.',
  'bonus.order.timeline': 'Buy-back bonus clawed back: {amount} (buy-back {number})',
} as const;

type BonusCatalogue = Partial<Record<keyof typeof buybackBonusEn, string>>;

export const buybackBonusCs: BonusCatalogue = {
  'bonus.buyback.title': 'Výkup starého zařízení',
  'bonus.buyback.lead':
    'Prodejte nám svůj starý telefon a získejte bonus až {percent} % z výkupní ceny (nejvýše {max}) na nové zařízení.',
  'bonus.buyback.appraise': 'Ocenit staré zařízení',
  'bonus.buyback.appraiseHint': 'Ocenění se otevře v nové záložce; pak se sem vraťte s číslem výkupu z e-mailu.',
  'bonus.buyback.device': 'Zařízení, na které bonus uplatnit',
  'bonus.buyback.number': 'Číslo výkupu',
  'bonus.buyback.numberHint': 'Dvanáct číslic z e-mailu k výkupu. Můžete sem vložit i celý odkaz z e-mailu.',
  'bonus.buyback.token': 'Přístupový kód z e-mailu',
  'bonus.buyback.tokenHint': 'Není potřeba, když jste přihlášeni jako prodávající.',
  'bonus.buyback.apply': 'Uplatnit bonus',
  'bonus.buyback.applying': 'Ověřuji výkup…',
  'bonus.buyback.applied': 'Bonus za výkup je v košíku.',
  'bonus.buyback.numberInvalid': 'Zadejte dvanáctimístné číslo výkupu, nebo vložte odkaz z e-mailu.',
  'bonus.buyback.line': 'Bonus za výkup {percent} % k výkupu {number}',
  'bonus.buyback.basis': '{percent} % z nabídnuté ceny {basis}, na {device}',
  'bonus.buyback.remove': 'Odebrat bonus za výkup {number}',
  'bonus.buyback.removeShort': 'Odebrat',
  'bonus.buyback.summary': 'Bonus za výkup',
  'bonus.order.discounts': 'Slevy a bonus za výkup',
  'bonus.order.items': 'Zboží',
  'bonus.order.delivery': 'Doprava',
  'bonus.order.payment': 'Poplatek za platbu',
  'bonus.order.clawedBack.title': 'Bonus za výkup byl odečten: {amount}',
  'bonus.order.clawedBack.added_to_total':
    'Nabídka za staré zařízení (výkup {number}) byla snížena nebo zrušena, proto jsme {amount} z bonusu přičetli k ceně objednávky. Celková cena výše už to zahrnuje.',
  'bonus.order.clawedBack.payment_request':
    'Nabídka za staré zařízení (výkup {number}) byla snížena nebo zrušena až po zaplacení, proto vás požádáme o doplatek {amount}; platební údaje pošleme e-mailem.',
  'bonus.order.timeline': 'Bonus za výkup odečten: {amount} (výkup {number})',
};

export const buybackBonusRo: BonusCatalogue = {
  'bonus.buyback.title': 'Răscumpărarea dispozitivului vechi',
  'bonus.buyback.lead':
    'Vindeți-ne telefonul vechi și primiți un bonus de până la {percent} % din prețul de răscumpărare (cel mult {max}) la un dispozitiv nou.',
  'bonus.buyback.appraise': 'Evaluați dispozitivul vechi',
  'bonus.buyback.appraiseHint': 'Evaluarea se deschide într-o filă nouă; reveniți aici cu numărul răscumpărării din e-mail.',
  'bonus.buyback.device': 'Dispozitivul pentru care se acordă bonusul',
  'bonus.buyback.number': 'Numărul răscumpărării',
  'bonus.buyback.numberHint': 'Douăsprezece cifre din e-mailul răscumpărării. Puteți lipi aici și întregul link din e-mail.',
  'bonus.buyback.token': 'Codul de acces din e-mail',
  'bonus.buyback.tokenHint': 'Nu este necesar dacă sunteți autentificat ca vânzător.',
  'bonus.buyback.apply': 'Aplicați bonusul',
  'bonus.buyback.applying': 'Verificăm răscumpărarea…',
  'bonus.buyback.applied': 'Bonusul de răscumpărare este în coș.',
  'bonus.buyback.numberInvalid': 'Introduceți numărul de 12 cifre al răscumpărării sau lipiți linkul din e-mail.',
  'bonus.buyback.line': 'Bonus de răscumpărare {percent} % pentru răscumpărarea {number}',
  'bonus.buyback.basis': '{percent} % din prețul oferit {basis}, pentru {device}',
  'bonus.buyback.remove': 'Eliminați bonusul de răscumpărare {number}',
  'bonus.buyback.removeShort': 'Eliminați',
  'bonus.buyback.summary': 'Bonus de răscumpărare',
  'bonus.order.discounts': 'Reduceri și bonus de răscumpărare',
  'bonus.order.items': 'Produse',
  'bonus.order.delivery': 'Livrare',
  'bonus.order.payment': 'Taxă de plată',
  'bonus.order.clawedBack.title': 'Bonusul de răscumpărare a fost retras: {amount}',
  'bonus.order.clawedBack.added_to_total':
    'Oferta pentru dispozitivul vechi (răscumpărarea {number}) a fost redusă sau anulată, așa că {amount} din bonus a fost adăugat la prețul comenzii. Totalul de mai sus îl include.',
  'bonus.order.clawedBack.payment_request':
    'Oferta pentru dispozitivul vechi (răscumpărarea {number}) a fost redusă sau anulată după plată, așa că vă vom cere să plătiți {amount} din bonus; vă trimitem detaliile de plată prin e-mail.',
  'bonus.order.timeline': 'Bonus de răscumpărare retras: {amount} (răscumpărarea {number})',
};

export type BonusSettlement = 'added_to_total' | 'payment_request';

export interface ClawedBackBonus {
  readonly buyback_number: string;
  readonly amount: number;
  readonly settlement: BonusSettlement;
  readonly at: string;
}

/**
 * A `bonus_clawed_back` step of the order's timeline, as the order read model notes it
 * (`<buy-back number> <amount> <settlement>`); null for any other step or a note it cannot read.
 */
export function clawedBackOf(entry: {
  readonly status?: string;
  readonly note?: string;
  readonly at: string;
}): ClawedBackBonus | null {
  if (entry.status !== 'bonus_clawed_back' || !entry.note) return null;
  const match = /^(\d{12}) (\d+) (added_to_total|payment_request)$/.exec(entry.note.trim());
  if (!match) return null;
  return { buyback_number: match[1]!, amount: Number(match[2]), settlement: match[3] as BonusSettlement, at: entry.at };
}

/** The clawed-back amounts of an order by buy-back and settlement (one notice each, however many steps). */
export function clawbacksOf(
  timeline: readonly { readonly status?: string; readonly note?: string; readonly at: string }[],
): ClawedBackBonus[] {
  const byKey = new Map<string, ClawedBackBonus>();
  for (const entry of timeline) {
    const step = clawedBackOf(entry);
    if (!step) continue;
    const key = `${step.buyback_number} ${step.settlement}`;
    const before = byKey.get(key);
    byKey.set(key, before ? { ...step, amount: before.amount + step.amount } : step);
  }
  return [...byKey.values()];
}

/** What the customer typed or pasted: a buy-back number (12 digits) and its access code, or null for no number. */
export function buybackRequestOf(
  numberText: string,
  tokenText: string,
): { readonly buyback_number: string; readonly token?: string } | null {
  const { number, token } = lookupOf(numberText, tokenText);
  const digits = number.replace(/\s+/g, '');
  if (!/^\d{12}$/.test(digits)) return null;
  return token ? { buyback_number: digits, token } : { buyback_number: digits };
}
