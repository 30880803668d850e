import { ValidationError } from '@buyloop/kit';

/**
 * Product pictures for the demo data, drawn rather than downloaded: a
 * device's silhouette in its colour, shaded like a studio shot on a light
 * background, with the manufacturer and model underneath. The same input
 * always gives the same SVG, so demo images are stable between starts.
 */

export const DEVICE_KINDS = [
  'phone',
  'tablet',
  'smartwatch',
  'headphones',
  'earbuds',
  'charger',
  'cable',
  'case',
  'accessory',
] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export interface ProductImageSpec {
  readonly manufacturer: string;
  readonly model: string;
  /** Shown under the model ("Midnight", "Titan černý"). */
  readonly colourName: string;
  /** `#rrggbb` or `#rgb`. */
  readonly colourHex: string;
  readonly kind: DeviceKind;
}

/** The drawing is square; the storefront's sizes are made from it. */
export const PRODUCT_IMAGE_SIDE = 1000;

interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

function parseHex(hex: string): Rgb | null {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  const parts = long ? long.slice(1) : short ? short.slice(1).map((c) => c + c) : null;
  if (!parts) return null;
  const [r, g, b] = parts.map((part) => parseInt(part, 16)) as [number, number, number];
  return { r, g, b };
}

const toHex = ({ r, g, b }: Rgb): string =>
  `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** `amount` of the way from the colour to white (positive) or black (negative). */
const shade = (colour: Rgb, amount: number): string => {
  const target = amount >= 0 ? 255 : 0;
  const t = Math.abs(amount);
  return toHex({
    r: colour.r + (target - colour.r) * t,
    g: colour.g + (target - colour.g) * t,
    b: colour.b + (target - colour.b) * t,
  });
};

/** Relative luminance (sRGB), 0 black … 1 white: light bodies get a darker outline so they stand out from the background. */
const luminance = ({ r, g, b }: Rgb): number => {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A font size at which the text fits the width (an average glyph is about 0.56 em wide). */
const fitting = (text: string, max: number, width: number): number =>
  Math.max(18, Math.min(max, Math.floor(width / (0.56 * Math.max(1, [...text].length)))));

interface Palette {
  readonly base: string;
  readonly light: string;
  readonly lighter: string;
  readonly dark: string;
  readonly darker: string;
  readonly outline: string;
}

function paletteOf(colour: Rgb): Palette {
  const bright = luminance(colour) > 0.6;
  return {
    base: toHex(colour),
    light: shade(colour, 0.22),
    lighter: shade(colour, 0.45),
    dark: shade(colour, -0.22),
    darker: shade(colour, -0.42),
    outline: bright ? shade(colour, -0.35) : shade(colour, -0.5),
  };
}

/** Gradients every drawing uses: the body's light from the upper left, the glass, the studio background. */
const definitions = (p: Palette): string => `
  <defs>
    <radialGradient id="studio" cx="50%" cy="38%" r="75%">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="0.65" stop-color="#f3f5f8"/>
      <stop offset="1" stop-color="#e4e8ee"/>
    </radialGradient>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${p.lighter}"/>
      <stop offset="0.35" stop-color="${p.light}"/>
      <stop offset="0.7" stop-color="${p.base}"/>
      <stop offset="1" stop-color="${p.dark}"/>
    </linearGradient>
    <linearGradient id="edge" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${p.darker}"/>
      <stop offset="0.12" stop-color="${p.light}"/>
      <stop offset="0.88" stop-color="${p.base}"/>
      <stop offset="1" stop-color="${p.darker}"/>
    </linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2b3040"/>
      <stop offset="0.55" stop-color="#11141c"/>
      <stop offset="1" stop-color="#07080c"/>
    </linearGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/>
      <stop offset="0.45" stop-color="#ffffff" stop-opacity="0.06"/>
      <stop offset="0.46" stop-color="#ffffff" stop-opacity="0"/>
    </linearGradient>
    <radialGradient id="shadow" cx="50%" cy="50%" r="50%">
      <stop offset="0" stop-color="#1c2230" stop-opacity="0.32"/>
      <stop offset="1" stop-color="#1c2230" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="lens" cx="40%" cy="35%" r="65%">
      <stop offset="0" stop-color="#5a6378"/>
      <stop offset="0.45" stop-color="#1a1e29"/>
      <stop offset="1" stop-color="#05060a"/>
    </radialGradient>
  </defs>`;

const floorShadow = (cx: number, cy: number, rx: number, ry: number): string =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#shadow)"/>`;

/** A body in the device's colour: the shaded surface, an outline, and a soft highlight along the top edge. */
const body = (x: number, y: number, w: number, h: number, r: number, p: Palette): string => `
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
    <rect x="${x + 6}" y="${y + 6}" width="${w - 12}" height="${h - 12}" rx="${Math.max(0, r - 6)}" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="2"/>`;

/** A screen: dark glass with a reflection across its upper half. */
const screen = (x: number, y: number, w: number, h: number, r: number): string => `
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="url(#glass)"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="url(#sheen)"/>`;

const lens = (cx: number, cy: number, radius: number, p: Palette): string => `
    <circle cx="${cx}" cy="${cy}" r="${radius + 7}" fill="${p.dark}" stroke="${p.outline}" stroke-width="2"/>
    <circle cx="${cx}" cy="${cy}" r="${radius}" fill="url(#lens)"/>
    <circle cx="${cx - radius * 0.3}" cy="${cy - radius * 0.3}" r="${radius * 0.18}" fill="#ffffff" fill-opacity="0.35"/>`;

function phone(p: Palette): string {
  // The back in its colour, the front (screen) overlapping it to the right: the usual shot of a phone.
  return `
  ${floorShadow(500, 842, 330, 34)}
  <g transform="rotate(-6 380 480)">
    ${body(225, 150, 300, 640, 52, p)}
    <rect x="247" y="172" width="130" height="150" rx="34" fill="${p.light}" stroke="${p.outline}" stroke-width="2" fill-opacity="0.9"/>
    ${lens(288, 215, 24, p)}
    ${lens(288, 282, 24, p)}
    ${lens(340, 248, 20, p)}
  </g>
  <g transform="rotate(4 640 480)">
    <rect x="470" y="165" width="300" height="640" rx="52" fill="url(#edge)" stroke="${p.outline}" stroke-width="3"/>
    ${screen(482, 177, 276, 616, 42)}
    <rect x="585" y="195" width="70" height="20" rx="10" fill="#000000"/>
  </g>`;
}

function tablet(p: Palette): string {
  return `
  ${floorShadow(500, 860, 380, 34)}
  <g transform="rotate(-5 420 470)">
    ${body(175, 130, 470, 680, 40, p)}
    ${lens(232, 186, 20, p)}
  </g>
  <g transform="rotate(3 600 480)">
    <rect x="330" y="150" width="470" height="680" rx="40" fill="url(#edge)" stroke="${p.outline}" stroke-width="3"/>
    ${screen(348, 168, 434, 644, 26)}
  </g>`;
}

function smartwatch(p: Palette): string {
  return `
  ${floorShadow(500, 870, 200, 26)}
  <rect x="405" y="90" width="190" height="300" rx="30" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
  <rect x="405" y="610" width="190" height="260" rx="30" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
  <g stroke="${p.dark}" stroke-width="4" stroke-opacity="0.6">
    <line x1="425" y1="130" x2="575" y2="130"/><line x1="425" y1="830" x2="575" y2="830"/>
  </g>
  <circle cx="500" cy="790" r="10" fill="${p.darker}"/><circle cx="500" cy="750" r="10" fill="${p.darker}"/>
  <rect x="340" y="300" width="320" height="380" rx="92" fill="url(#edge)" stroke="${p.outline}" stroke-width="3"/>
  <rect x="658" y="420" width="22" height="70" rx="10" fill="${p.dark}" stroke="${p.outline}" stroke-width="2"/>
  ${screen(362, 322, 276, 336, 74)}
  <text x="500" y="505" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="86" font-weight="300" text-anchor="middle" fill="#ffffff">10:09</text>
  <circle cx="500" cy="575" r="26" fill="none" stroke="${p.light}" stroke-width="8" stroke-dasharray="110 60"/>`;
}

function headphones(p: Palette): string {
  return `
  ${floorShadow(500, 850, 330, 32)}
  <path d="M250 560 C250 250 750 250 750 560" fill="none" stroke="${p.outline}" stroke-width="66" stroke-linecap="round"/>
  <path d="M250 560 C250 250 750 250 750 560" fill="none" stroke="url(#edge)" stroke-width="58" stroke-linecap="round"/>
  <path d="M300 520 C310 330 690 330 700 520" fill="none" stroke="#ffffff" stroke-opacity="0.2" stroke-width="10" stroke-linecap="round"/>
  <rect x="170" y="520" width="170" height="270" rx="80" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
  <rect x="660" y="520" width="170" height="270" rx="80" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
  <rect x="300" y="545" width="60" height="220" rx="30" fill="${p.darker}"/>
  <rect x="640" y="545" width="60" height="220" rx="30" fill="${p.darker}"/>`;
}

function earbuds(p: Palette): string {
  return `
  ${floorShadow(500, 840, 300, 30)}
  <rect x="300" y="470" width="400" height="330" rx="150" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
  <line x1="310" y1="590" x2="690" y2="590" stroke="${p.darker}" stroke-width="4"/>
  <circle cx="500" cy="690" r="9" fill="#4cd964"/>
  <g transform="rotate(-18 380 330)">
    <ellipse cx="380" cy="300" rx="70" ry="78" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
    <rect x="355" y="330" width="50" height="150" rx="25" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
    <ellipse cx="372" cy="290" rx="26" ry="30" fill="${p.darker}"/>
  </g>
  <g transform="rotate(18 620 330)">
    <ellipse cx="620" cy="300" rx="70" ry="78" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
    <rect x="595" y="330" width="50" height="150" rx="25" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
    <ellipse cx="628" cy="290" rx="26" ry="30" fill="${p.darker}"/>
  </g>`;
}

function charger(p: Palette): string {
  return `
  ${floorShadow(500, 830, 260, 30)}
  <rect x="430" y="170" width="34" height="120" rx="6" fill="#c9ced6" stroke="#8a919c" stroke-width="2"/>
  <rect x="536" y="170" width="34" height="120" rx="6" fill="#c9ced6" stroke="#8a919c" stroke-width="2"/>
  <rect x="320" y="270" width="360" height="520" rx="70" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
  <rect x="340" y="290" width="320" height="480" rx="56" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="2"/>
  <rect x="455" y="660" width="90" height="34" rx="12" fill="${p.darker}"/>
  <rect x="470" y="670" width="60" height="14" rx="6" fill="#2a2e38"/>`;
}

function cable(p: Palette): string {
  const path = 'M250 230 C250 520 760 360 720 600 C690 780 330 690 360 820';
  return `
  ${floorShadow(500, 860, 300, 26)}
  <path d="${path}" fill="none" stroke="${p.outline}" stroke-width="30" stroke-linecap="round"/>
  <path d="${path}" fill="none" stroke="url(#edge)" stroke-width="24" stroke-linecap="round"/>
  <path d="${path}" fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="6" stroke-linecap="round" transform="translate(-5 -5)"/>
  <rect x="215" y="120" width="70" height="140" rx="20" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
  <rect x="232" y="70" width="36" height="60" rx="8" fill="#c9ced6" stroke="#8a919c" stroke-width="2"/>
  <rect x="325" y="790" width="70" height="120" rx="20" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>`;
}

function phoneCase(p: Palette): string {
  return `
  ${floorShadow(500, 850, 260, 30)}
  <g transform="rotate(-4 500 480)">
    <rect x="330" y="130" width="340" height="690" rx="64" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
    <rect x="352" y="152" width="296" height="646" rx="48" fill="none" stroke="${p.darker}" stroke-opacity="0.35" stroke-width="6"/>
    <rect x="360" y="165" width="150" height="170" rx="40" fill="${p.darker}" fill-opacity="0.85"/>
    <circle cx="405" cy="212" r="28" fill="#1a1e29"/><circle cx="405" cy="288" r="28" fill="#1a1e29"/><circle cx="466" cy="250" r="22" fill="#1a1e29"/>
    <rect x="672" y="300" width="10" height="110" rx="5" fill="${p.dark}"/>
  </g>`;
}

function accessory(p: Palette): string {
  // A boxed accessory: the box in the colour, a window showing its contents.
  return `
  ${floorShadow(500, 840, 320, 34)}
  <path d="M240 300 L500 200 L760 300 L760 740 L500 840 L240 740 Z" fill="url(#body)" stroke="${p.outline}" stroke-width="3"/>
  <path d="M240 300 L500 400 L760 300" fill="none" stroke="${p.outline}" stroke-width="3"/>
  <path d="M500 400 L500 840" stroke="${p.outline}" stroke-width="3"/>
  <path d="M500 400 L760 300 L760 740 L500 840 Z" fill="#000000" fill-opacity="0.12"/>
  <path d="M240 300 L500 200 L760 300 L500 400 Z" fill="#ffffff" fill-opacity="0.18"/>
  <path d="M275 470 L465 543 L465 700 L275 627 Z" fill="#ffffff" fill-opacity="0.85"/>
  <path d="M300 515 L440 569 L440 600 L300 546 Z" fill="${p.base}" fill-opacity="0.75"/>`;
}

const DRAWINGS: Readonly<Record<DeviceKind, (p: Palette) => string>> = {
  phone,
  tablet,
  smartwatch,
  headphones,
  earbuds,
  charger,
  cable,
  case: phoneCase,
  accessory,
};

/** The picture of a product in one colour, as an SVG document of PRODUCT_IMAGE_SIDE × PRODUCT_IMAGE_SIDE. */
export function renderProductImage(spec: ProductImageSpec): string {
  const colour = parseHex(spec.colourHex);
  const problems: Record<string, string[]> = {};
  if (!colour) problems.colourHex = ['validation.invalid_value'];
  if (!Object.hasOwn(DRAWINGS, spec.kind)) problems.kind = ['validation.invalid_value'];
  for (const field of ['manufacturer', 'model', 'colourName'] as const)
    if (typeof spec[field] !== 'string' || spec[field].trim() === '') problems[field] = ['validation.required'];
  if (!colour || Object.keys(problems).length > 0)
    throw new ValidationError('validation.failed', problems, 'The product image cannot be drawn');
  const palette = paletteOf(colour);
  const model = spec.model.trim();
  const manufacturer = spec.manufacturer.trim().toUpperCase();
  const colourName = spec.colourName.trim();
  const modelSize = fitting(model, 48, 860);
  const colourSize = fitting(colourName, 28, 600);
  // Half the colour name's estimated width: the swatch sits just left of the centred name.
  const swatchX = -(0.28 * colourSize * [...colourName].length) - 22;
  const font = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
  const side = PRODUCT_IMAGE_SIDE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}">
  <title>${escapeXml(`${spec.manufacturer.trim()} ${model}, ${colourName}`)}</title>${definitions(palette)}
  <rect width="${side}" height="${side}" fill="url(#studio)"/>
  <g transform="translate(70 10) scale(0.86)">${DRAWINGS[spec.kind](palette)}
  </g>
  <text x="500" y="850" font-family="${font}" font-size="${fitting(manufacturer, 24, 700)}" letter-spacing="5" text-anchor="middle" fill="#7a818d">${escapeXml(manufacturer)}</text>
  <text x="500" y="910" font-family="${font}" font-size="${modelSize}" font-weight="bold" text-anchor="middle" fill="#20242c">${escapeXml(model)}</text>
  <g transform="translate(500 958)">
    <circle cx="${swatchX.toFixed(1)}" cy="${(-colourSize * 0.35).toFixed(1)}" r="${Math.round(colourSize * 0.42)}" fill="${palette.base}" stroke="${palette.outline}" stroke-width="2"/>
    <text x="0" y="0" font-family="${font}" font-size="${colourSize}" text-anchor="middle" fill="#5b626e">${escapeXml(colourName)}</text>
  </g>
</svg>`;
}
