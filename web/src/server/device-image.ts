import type { RequestHandler } from 'express';
import { COLOUR_HEX } from '../buyback/colours';

export type DeviceKind = 'phone' | 'tablet' | 'smartwatch';

/** What a model's slug says it is (`galaxy-tab-s9-…`, `apple-watch-…`); anything else is drawn as a phone. */
export function deviceKindOf(modelSlug: string): DeviceKind {
  if (/(^|-)watch(-|\d|$)/.test(modelSlug)) return 'smartwatch';
  if (/(^|-)(ipad|tab|pad)(-|$)/.test(modelSlug)) return 'tablet';
  return 'phone';
}

/** Perceived lightness 0–1, so a light body gets a darker outline and screen frame. */
function lightness(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/**
 * A picture of a device in its colour, drawn (no photos in the demo catalogue): the body in the
 * colour, a dark screen with a soft reflection, the camera or the crown. 240×320, a few hundred bytes.
 */
export function deviceSvg(kind: DeviceKind, hex: string): string {
  const outline = lightness(hex) > 0.7 ? '#9aa0a6' : '#1f2023';
  const shade = `<linearGradient id="s" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity=".25"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".15"/></linearGradient>`;
  const screen = `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b3a55"/><stop offset="1" stop-color="#0d1320"/></linearGradient>`;
  const body = (() => {
    switch (kind) {
      case 'phone':
        return `<rect x="62" y="20" width="116" height="240" rx="22" fill="${hex}" stroke="${outline}" stroke-width="2"/>
<rect x="62" y="20" width="116" height="240" rx="22" fill="url(#s)"/>
<rect x="70" y="30" width="100" height="220" rx="15" fill="url(#g)"/>
<rect x="104" y="36" width="32" height="9" rx="4.5" fill="#05070b"/>
<path d="M80 60 L150 40 L160 40 L80 120 Z" fill="#fff" opacity=".08"/>`;
      case 'tablet':
        return `<rect x="24" y="40" width="192" height="250" rx="18" fill="${hex}" stroke="${outline}" stroke-width="2"/>
<rect x="24" y="40" width="192" height="250" rx="18" fill="url(#s)"/>
<rect x="34" y="50" width="172" height="230" rx="9" fill="url(#g)"/>
<circle cx="120" cy="45" r="2.5" fill="#05070b"/>
<path d="M44 80 L170 56 L186 56 L44 170 Z" fill="#fff" opacity=".08"/>`;
      case 'smartwatch':
        return `<rect x="88" y="16" width="64" height="70" rx="12" fill="${hex}" stroke="${outline}" stroke-width="2"/>
<rect x="88" y="234" width="64" height="70" rx="12" fill="${hex}" stroke="${outline}" stroke-width="2"/>
<rect x="64" y="76" width="112" height="168" rx="34" fill="${hex}" stroke="${outline}" stroke-width="2"/>
<rect x="64" y="76" width="112" height="168" rx="34" fill="url(#s)"/>
<rect x="74" y="88" width="92" height="144" rx="26" fill="url(#g)"/>
<rect x="174" y="130" width="10" height="26" rx="4" fill="${hex}" stroke="${outline}" stroke-width="1.5"/>`;
    }
  })();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 320" width="240" height="320"><defs>${shade}${screen}</defs>${body}</svg>`;
}

/**
 * GET /images/buyout/<model>/<colour>.svg: the picture the catalogue names for a colour. The
 * catalogues published before the pictures were drawn name `.webp` files: those addresses
 * lead to the drawing. An unknown colour or a malformed address goes on (the API's 404).
 */
export const deviceImages: RequestHandler = (req, res, next) => {
  const match = /^\/images\/buyout\/([a-z0-9-]{1,120})\/([a-z0-9-]{1,60})\.(svg|webp)$/.exec(req.path);
  const [, model, colour, extension] = match ?? [];
  if (!model || !colour || !COLOUR_HEX[colour]) return next();
  if (extension === 'webp') return res.redirect(301, `/images/buyout/${model}/${colour}.svg`);
  res
    .status(200)
    .type('image/svg+xml')
    .set('Cache-Control', 'public, max-age=86400')
    .send(deviceSvg(deviceKindOf(model), COLOUR_HEX[colour]));
};
