import type { Market } from '@buyloop/kit';

/**
 * The demo colours: a language-neutral key (the buy-back demo's colour keys
 * where the two overlap), the name per market and a hex swatch close to the
 * maker's finish, used for the colour chips and the generated images.
 */
export interface ColourRow {
  readonly cz: string;
  readonly ro: string;
  readonly hex: `#${string}`;
}

export const COLOURS = {
  black: { cz: 'Černá', ro: 'Negru', hex: '#1C1C1E' },
  white: { cz: 'Bílá', ro: 'Alb', hex: '#F4F4F1' },
  silver: { cz: 'Stříbrná', ro: 'Argintiu', hex: '#E3E4E5' },
  gold: { cz: 'Zlatá', ro: 'Auriu', hex: '#F4E8CE' },
  grey: { cz: 'Šedá', ro: 'Gri', hex: '#8E8E93' },
  'space-grey': { cz: 'Vesmírně šedá', ro: 'Gri spațial', hex: '#7D7E80' },
  'space-black': { cz: 'Vesmírně černá', ro: 'Negru spațial', hex: '#2E2C2F' },
  graphite: { cz: 'Grafitová', ro: 'Grafit', hex: '#54524F' },
  blue: { cz: 'Modrá', ro: 'Albastru', hex: '#4F6D8F' },
  'light-blue': { cz: 'Světle modrá', ro: 'Albastru deschis', hex: '#BFD6EA' },
  'sky-blue': { cz: 'Blankytně modrá', ro: 'Albastru cer', hex: '#CFE1F0' },
  'mist-blue': { cz: 'Mlžně modrá', ro: 'Albastru ceață', hex: '#B4C8DC' },
  'deep-blue': { cz: 'Temně modrá', ro: 'Albastru închis', hex: '#2E3A55' },
  navy: { cz: 'Námořnická modrá', ro: 'Bleumarin', hex: '#2C3A57' },
  'ice-blue': { cz: 'Ledově modrá', ro: 'Albastru gheață', hex: '#C9DCEB' },
  indigo: { cz: 'Indigová', ro: 'Indigo', hex: '#3E4A7A' },
  'cobalt-blue': { cz: 'Kobaltově modrá', ro: 'Albastru cobalt', hex: '#2C4C8C' },
  ultramarine: { cz: 'Ultramarínová', ro: 'Ultramarin', hex: '#8E9BF0' },
  green: { cz: 'Zelená', ro: 'Verde', hex: '#B9D3B5' },
  'dark-green': { cz: 'Tmavě zelená', ro: 'Verde închis', hex: '#2F6B57' },
  'olive-green': { cz: 'Olivově zelená', ro: 'Verde măsliniu', hex: '#6B7045' },
  'alpine-green': { cz: 'Alpsky zelená', ro: 'Verde alpin', hex: '#576856' },
  mint: { cz: 'Mátová', ro: 'Mentă', hex: '#CDE7D8' },
  lime: { cz: 'Limetková', ro: 'Lime', hex: '#DDEBA8' },
  jade: { cz: 'Nefritově zelená', ro: 'Verde jad', hex: '#A7C5B5' },
  sage: { cz: 'Šalvějová', ro: 'Salvie', hex: '#B8C4A8' },
  teal: { cz: 'Modrozelená', ro: 'Turcoaz', hex: '#9FCBC8' },
  aqua: { cz: 'Akvamarínová', ro: 'Acvamarin', hex: '#7FD1D3' },
  lemongrass: { cz: 'Citronová tráva', ro: 'Lămâiță', hex: '#E3E8A5' },
  red: { cz: 'Červená', ro: 'Roșu', hex: '#BA0C2E' },
  coral: { cz: 'Korálově červená', ro: 'Roșu coral', hex: '#E0675B' },
  orange: { cz: 'Oranžová', ro: 'Portocaliu', hex: '#F08A24' },
  'cosmic-orange': { cz: 'Kosmicky oranžová', ro: 'Portocaliu cosmic', hex: '#F77E2D' },
  peach: { cz: 'Broskvová', ro: 'Piersică', hex: '#FFBE98' },
  magenta: { cz: 'Purpurová', ro: 'Magenta', hex: '#B23A72' },
  purple: { cz: 'Fialová', ro: 'Mov', hex: '#B9A7D1' },
  'deep-purple': { cz: 'Temně fialová', ro: 'Mov închis', hex: '#5E4F6B' },
  lavender: { cz: 'Levandulová', ro: 'Lavandă', hex: '#D9CDE6' },
  iris: { cz: 'Kosatcová', ro: 'Iris', hex: '#9FA8D8' },
  pink: { cz: 'Růžová', ro: 'Roz', hex: '#F2C6D0' },
  peony: { cz: 'Pivoňková', ro: 'Bujor', hex: '#F2B8C6' },
  rose: { cz: 'Růžový křemen', ro: 'Cuarț roz', hex: '#EBC7C3' },
  'rose-gold': { cz: 'Růžově zlatá', ro: 'Auriu roz', hex: '#E6C2B0' },
  yellow: { cz: 'Žlutá', ro: 'Galben', hex: '#F7E58F' },
  cream: { cz: 'Krémová', ro: 'Crem', hex: '#EFE8D6' },
  beige: { cz: 'Béžová', ro: 'Bej', hex: '#E3D6C2' },
  champagne: { cz: 'Šampaňská', ro: 'Șampanie', hex: '#E8D8C0' },
  'light-gold': { cz: 'Světle zlatá', ro: 'Auriu deschis', hex: '#EFE2C4' },
  midnight: { cz: 'Temně inkoustová', ro: 'Miez de noapte', hex: '#232A31' },
  starlight: { cz: 'Hvězdně bílá', ro: 'Lumina stelelor', hex: '#F0E8DC' },
  'jet-black': { cz: 'Temně černá', ro: 'Negru intens', hex: '#0F0F10' },
  'natural-titanium': { cz: 'Přírodní titan', ro: 'Titan natural', hex: '#BAB4A9' },
  'black-titanium': { cz: 'Černý titan', ro: 'Titan negru', hex: '#3C3C3D' },
  'white-titanium': { cz: 'Bílý titan', ro: 'Titan alb', hex: '#F2F1ED' },
  'blue-titanium': { cz: 'Modrý titan', ro: 'Titan albastru', hex: '#3F4555' },
  'desert-titanium': { cz: 'Pouštní titan', ro: 'Titan deșert', hex: '#BFA48F' },
  'grey-titanium': { cz: 'Šedý titan', ro: 'Titan gri', hex: '#8A8D8F' },
  'violet-titanium': { cz: 'Fialový titan', ro: 'Titan violet', hex: '#4F4C5C' },
  'silverblue-titanium': { cz: 'Stříbrně modrý titan', ro: 'Titan argintiu-albastru', hex: '#8BA0B4' },
  'silver-titanium': { cz: 'Stříbrný titan', ro: 'Titan argintiu', hex: '#C9CBCC' },
  obsidian: { cz: 'Obsidiánová', ro: 'Obsidian', hex: '#1F1F1F' },
  porcelain: { cz: 'Porcelánová', ro: 'Porțelan', hex: '#EDE9E3' },
  hazel: { cz: 'Oříšková', ro: 'Alun', hex: '#8D8E80' },
  moonstone: { cz: 'Měsíční kámen', ro: 'Piatra lunii', hex: '#7F8B99' },
  frost: { cz: 'Mrazivě modrá', ro: 'Albastru ger', hex: '#DDE6EE' },
  charcoal: { cz: 'Uhlově černá', ro: 'Cărbune', hex: '#3A3B3C' },
  snow: { cz: 'Sněhově bílá', ro: 'Zăpadă', hex: '#F4F4F0' },
  pearl: { cz: 'Perleťová', ro: 'Sidef', hex: '#EAE6DF' },
  'light-grey': { cz: 'Světle šedá', ro: 'Gri deschis', hex: '#D0D0D0' },
  'dark-grey': { cz: 'Tmavě šedá', ro: 'Gri închis', hex: '#4A4A4D' },
  'slate-grey': { cz: 'Břidlicově šedá', ro: 'Gri ardezie', hex: '#4E5256' },
  whitestone: { cz: 'Kamenně bílá', ro: 'Alb piatră', hex: '#E6E4DE' },
  'midnight-blue': { cz: 'Půlnoční modrá', ro: 'Albastru miezul nopții', hex: '#1F2A44' },
  clear: { cz: 'Průhledná', ro: 'Transparent', hex: '#EEF3F5' },
} as const satisfies Readonly<Record<string, ColourRow>>;

export type ColourKey = keyof typeof COLOURS;

export interface Colour {
  readonly key: ColourKey;
  readonly name: string;
  readonly hex: string;
}

export const colourOf = (key: ColourKey, market: Market): Colour => {
  const row: ColourRow = COLOURS[key];
  return { key, name: row[market], hex: row.hex };
};
