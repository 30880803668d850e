import type { Message } from '@buyloop/i18n';

/** Texts of the buy-back bonus's codes (cs / ro / en). */
export const bonusMessages: Readonly<Record<string, Message>> = {
  'cart.buyback_not_found': {
    cs: 'Takový výkup nemáte. Zkontrolujte číslo výkupu, nebo použijte odkaz z e-mailu.',
    ro: 'Nu aveți o astfel de răscumpărare. Verificați numărul sau folosiți linkul din e-mail.',
    en: 'You have no such buy-back. Check its number, or use the link from its e-mail.',
  },
  'cart.buyback_not_eligible': {
    cs: 'Tento výkup už bonus dát nemůže (je vyplacený, zrušený nebo čeká na vaši odpověď).',
    ro: 'Această răscumpărare nu mai poate oferi un bonus (este plătită, anulată sau așteaptă răspunsul dumneavoastră).',
    en: 'This buy-back cannot give a bonus (any more): it is paid out, cancelled or waiting for your answer.',
  },
  'cart.buyback_bonus_used': {
    cs: 'Tento výkup už bonus dal. Jeden výkup dává jeden bonus.',
    ro: 'Această răscumpărare a oferit deja un bonus. O răscumpărare oferă un singur bonus.',
    en: 'This buy-back has given a bonus already. One buy-back gives one bonus.',
  },
};
