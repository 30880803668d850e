/**
 * The buy-back's colours as they look: a swatch colour per language-neutral colour key (the
 * key the catalogue names its images by, `/images/buyout/<model>/<key>.svg`). Apple's and
 * the others' marketing names map to the shade they are sold in.
 */
export const COLOUR_HEX: Readonly<Record<string, string>> = {
  black: '#1f2023',
  white: '#f5f5f0',
  silver: '#d9dadc',
  gold: '#e9d3b0',
  grey: '#8e9094',
  'space-grey': '#5c5e62',
  'space-black': '#2e2c2e',
  graphite: '#4b4a48',
  blue: '#3e6fa3',
  'light-blue': '#a9c6e3',
  'sierra-blue': '#9bb5ce',
  navy: '#27344f',
  'ice-blue': '#c8dcea',
  green: '#3f6b4f',
  'alpine-green': '#505f4e',
  mint: '#b6dfc8',
  lime: '#c9df6a',
  jade: '#5aa78b',
  sage: '#a9b59a',
  teal: '#3b8d8f',
  red: '#c8102e',
  magenta: '#b5367f',
  purple: '#8b74a8',
  'deep-purple': '#54485f',
  lavender: '#c7bde0',
  pink: '#f2c9d3',
  rose: '#e8b6ae',
  yellow: '#f4e07a',
  cream: '#efe6d2',
  beige: '#d8c8ab',
  champagne: '#e6d5b8',
  midnight: '#232a35',
  starlight: '#ece4d6',
  'natural-titanium': '#b9b4a8',
  'black-titanium': '#3c3b39',
  'white-titanium': '#ebe9e4',
  'blue-titanium': '#3f4757',
  'desert-titanium': '#c2a98c',
  'grey-titanium': '#8d8e8c',
  'violet-titanium': '#6f6389',
  obsidian: '#262626',
  porcelain: '#eee9e1',
  hazel: '#8c8472',
  charcoal: '#36393b',
  snow: '#f2f3f1',
  lemongrass: '#dfe39c',
  pearl: '#ece8e1',
  bronze: '#a97a4e',
};

/** The neutral swatch of a colour we do not know (it still reads as "a colour", not as nothing). */
export const UNKNOWN_COLOUR = '#9aa3af';

/**
 * The colour key of a colour choice: its image's file name when it has one, else the longest
 * known key the value ends with (`apple-iphone-15-pro-black-titanium` → black-titanium, not black).
 */
export function colourKeyOf(choice: { readonly value: string; readonly image?: string | undefined }): string | null {
  const file = /\/([a-z0-9-]+)\.[a-z0-9]+$/.exec(choice.image ?? '')?.[1];
  if (file && file in COLOUR_HEX) return file;
  let best: string | null = null;
  for (const key of Object.keys(COLOUR_HEX))
    if ((choice.value === key || choice.value.endsWith(`-${key}`)) && key.length > (best?.length ?? 0)) best = key;
  return best;
}

export const colourHexOf = (choice: { readonly value: string; readonly image?: string | undefined }): string => {
  const key = colourKeyOf(choice);
  return (key && COLOUR_HEX[key]) ?? UNKNOWN_COLOUR;
};
