import type { Message } from '../message';

/** Refusals of the buy-back decider that guard its business rules: the payout approval, the inspection and the revised price. */
export const buybackRulesMessages = {
  'buyback.payout_approval_amount_mismatch': {
    cs: 'Schválení vedoucím se týká jiné částky nebo měny, než jaká se má vyplatit. Požádejte o schválení přesné částky výplaty.',
    ro: 'Aprobarea supervizorului se referă la o altă sumă sau monedă decât cea care urmează să fie plătită. Solicitați aprobarea sumei exacte a plății.',
    en: 'The supervisor approval is for a different amount or currency than the one to be paid. Ask for an approval of the exact payout amount.',
  },
  'buyback.findings_missing_for_quality': {
    cs: 'Zjištěná kvalita je horší, než uvedl zákazník. Označte otázku, u které se stav zařízení liší od popisu zákazníka.',
    ro: 'Calitatea constatată este mai slabă decât cea declarată de client. Indicați întrebarea la care starea dispozitivului diferă de descrierea clientului.',
    en: 'The quality found is worse than the customer declared. Mark the question where the condition of the device differs from the description given by the customer.',
  },
  'buyback.revised_price_below_minimum': {
    cs: 'Upravená cena nesmí být nižší než minimální výkupní cena.',
    ro: 'Prețul revizuit nu poate fi mai mic decât prețul minim de răscumpărare.',
    en: 'The revised price cannot be lower than the minimal buy-back price.',
  },
} as const satisfies Readonly<Record<string, Message>>;
