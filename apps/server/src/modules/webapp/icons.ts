import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import QRCode from 'qrcode';
import { WEBAPP_BADGES, WEBAPP_DEFAULTS } from '@painel/contract';
import { safeColor } from '../../platform/form.ts';
import { squarePng } from '../../platform/images.ts';

/**
 * The pictures the panel draws for a published app: its home-screen icons (from the logo, or
 * the app's initial on its splash colour when it has no logo), the QR code of its address and
 * the two install badges. Nothing comes from an outside service.
 */

/** `any` icons show the logo whole; `maskable` ones keep it inside the safe circle Android crops to. */
export type IconPurpose = 'any' | 'maskable';

export interface IconSource {
  /** The folder of the app's files; the icons are cached there, next to the logo. */
  dir: string;
  /** The logo's file name in that folder, or null. */
  logo: string | null;
  nome: string;
  splash: string;
}

const CACHED = /^icon-([0-9a-f]{16})-/;

/** A #RRGGBB colour (the app's default splash when the stored one is not one). */
/** A stored colour, or the default splash colour. */
export const splashColor = (c: string): string => safeColor(c, WEBAPP_DEFAULTS.cor_splash);

function rgb(hex: string): { r: number; g: number; b: number; alpha: number } {
  const n = Number.parseInt(splashColor(hex).slice(1), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, alpha: 1 };
}

/** Dark text on a light colour, white on a dark one. */
const inkOn = (hex: string): string => {
  const { r, g, b } = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#111111' : '#FFFFFF';
};

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The first letter or digit of the name, upper-case ('' when it has none). */
export function initialOf(nome: string): string {
  return /[\p{L}\p{N}]/u.exec(nome)?.[0]?.toLocaleUpperCase('pt-BR') ?? '';
}

/** The icon of an app without a logo: its initial (or a play sign) centred on its splash colour. */
function letterSvg(nome: string, splash: string, size: number): string {
  const ink = inkOn(splash);
  const letter = initialOf(nome);
  const s = size;
  const mark = letter
    ? `<text x="${s / 2}" y="${s * 0.5 + s * 0.19}" font-size="${s * 0.52}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="700" text-anchor="middle" fill="${ink}">${xml(letter)}</text>`
    : `<path d="M${s * 0.4} ${s * 0.32} L${s * 0.68} ${s * 0.5} L${s * 0.4} ${s * 0.68} Z" fill="${ink}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}"><rect width="${s}" height="${s}" fill="${splashColor(splash)}"/>${mark}</svg>`;
}

/** What an icon depends on: when the logo, the name's initial or the splash colour change, the key does. */
const keyOf = (src: IconSource): string =>
  createHash('sha256').update(`${src.logo ?? ''}\n${src.logo ? '' : initialOf(src.nome)}\n${splashColor(src.splash)}`).digest('hex').slice(0, 16);

async function draw(src: IconSource, purpose: IconPurpose, size: number): Promise<Buffer> {
  if (!src.logo) return sharp(Buffer.from(letterSvg(src.nome, src.splash, size))).png().toBuffer();
  const logo = await fs.readFile(path.join(src.dir, src.logo));
  if (purpose === 'any') return squarePng(logo, size);
  // Android crops maskable icons to a circle of 80 % of the side: the logo stays inside it, on the splash colour
  const inner = Math.round(size * 0.7);
  const pad = size - inner;
  const bg = rgb(src.splash);
  return sharp(await squarePng(logo, inner, bg))
    .extend({ top: Math.floor(pad / 2), bottom: Math.ceil(pad / 2), left: Math.floor(pad / 2), right: Math.ceil(pad / 2), background: bg })
    .png().toBuffer();
}

/**
 * One icon of the app as PNG, made once and kept on disk next to the logo. Icons of an older
 * logo, name or colour are removed when a new one is made, so the folder never grows.
 */
export async function appIcon(src: IconSource, purpose: IconPurpose, size: number): Promise<Buffer> {
  const key = keyOf(src);
  const file = path.join(src.dir, `icon-${key}-${purpose}-${size}.png`);
  const cached = await fs.readFile(file).catch(() => null);
  if (cached) return cached;
  const png = await draw(src, purpose, size);
  await fs.mkdir(src.dir, { recursive: true });
  const tmp = path.join(src.dir, `.icon-${randomBytes(6).toString('hex')}.tmp`);
  await fs.writeFile(tmp, png);
  await fs.rename(tmp, file);
  for (const name of await fs.readdir(src.dir)) {
    const m = CACHED.exec(name);
    if (m && m[1] !== key) await fs.rm(path.join(src.dir, name), { force: true });
  }
  return png;
}

/** The version of an app's icons: addresses carry it so a new logo is not hidden by a cached icon. */
export const iconVersion = keyOf;

/** A QR code of the address, as SVG, drawn here. */
export const qrSvg = (address: string): Promise<string> =>
  QRCode.toString(address, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#FFFFFF' } });

/** What the install badges say: the platform's own wording for adding an app to the phone. */

const ANDROID_MARK = '<path d="M30 26a10 9 0 0 1 20 0z" fill="#3DDC84"/><rect x="30" y="28" width="20" height="14" rx="2" fill="#3DDC84"/><circle cx="36" cy="22" r="1.3" fill="#000"/><circle cx="44" cy="22" r="1.3" fill="#000"/><path d="M33 15l2 3M47 15l-2 3" stroke="#3DDC84" stroke-width="1.4" stroke-linecap="round"/>';
const IOS_MARK = '<rect x="27" y="15" width="26" height="26" rx="6" fill="none" stroke="#fff" stroke-width="2.2"/><path d="M40 21v14M33 28h14" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/>';

/** The install badge of a platform: a black rounded button with the platform's mark and the words. */
export function badgeSvg(platform: keyof typeof WEBAPP_BADGES): string {
  const t = WEBAPP_BADGES[platform];
  const font = "font-family=\"-apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif\"";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="250" height="56" viewBox="0 0 250 56" role="img" aria-label="${xml(t.label)}">`
    + `<title>${xml(t.label)}</title><rect x="0.5" y="0.5" width="249" height="55" rx="9" fill="#000" stroke="#A6A6A6"/>`
    + `<g transform="translate(-14 0)">${platform === 'android' ? ANDROID_MARK : IOS_MARK}</g>`
    + `<text x="52" y="23" ${font} font-size="11" fill="#fff">${xml(t.small)}</text>`
    + `<text x="52" y="43" ${font} font-size="19" font-weight="600" fill="#fff">${xml(t.big)}</text></svg>`;
}
