import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface ContractFonts {
  readonly regular: string;
  readonly bold: string;
}

let resolved: ContractFonts | undefined;

/**
 * Paths of the DejaVu Sans faces. The PDF standard fonts (Helvetica & co.)
 * know only WinAnsi, which has no ř, ů, ě, ș or ț, so the contract embeds a
 * TrueType font that covers Czech and Romanian. The package is resolved from
 * this module, not from the working directory, because pnpm keeps it in this
 * workspace package's own node_modules.
 */
export function contractFonts(): ContractFonts {
  if (resolved) return resolved;
  const ttf = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const fonts = { regular: join(ttf, 'DejaVuSans.ttf'), bold: join(ttf, 'DejaVuSans-Bold.ttf') };
  for (const path of Object.values(fonts))
    if (!existsSync(path)) throw new Error(`contract fonts: ${path} is missing; is dejavu-fonts-ttf installed?`);
  resolved = fonts;
  return fonts;
}
