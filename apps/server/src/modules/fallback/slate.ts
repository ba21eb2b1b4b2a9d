import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { slateArgs } from '@painel/media/slate';
import { runChild } from '../../platform/exec.ts';

/** The slate's picture size: what most channels send (a player scales it either way). */
export const SLATE_WIDTH = 1280;
export const SLATE_HEIGHT = 720;
/** The longest text a slate shows (two lines at the smallest size). */
export const SLATE_TEXT_MAX = 80;
/** How long the slate video is; its child on air loops it. */
export const SLATE_SECONDS = 10;
/**
 * A keyframe this often: nginx closes an HLS fragment at the first keyframe past its length
 * (1.6 s), so the slate's first fragment is listed 1.6 s after it goes on air, not 2 or more.
 */
export const SLATE_KEYFRAME_SECONDS = 0.8;

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The text in at most two lines of about `width` characters, broken at spaces. */
function lines(text: string, width: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && `${line} ${w}`.length > width) {
      out.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) out.push(line);
  if (out.length <= 2) return out;
  return [out[0]!, out.slice(1).join(' ')];
}

/**
 * The slate's picture: the channel's logo (when it has one) above its text, on a dark
 * background, drawn by sharp from SVG (the text is escaped, never markup). PNG.
 */
export async function slateImage(o: { texto: string; logo?: Buffer | null }): Promise<Buffer> {
  const texto = o.texto.slice(0, SLATE_TEXT_MAX);
  const rows = lines(texto, 28);
  const size = rows.length > 1 || texto.length > 20 ? 56 : 72;
  const logo = o.logo
    ? await sharp(o.logo, { limitInputPixels: 4096 * 4096 }).resize({ width: 560, height: 240, fit: 'inside', withoutEnlargement: true }).png().toBuffer()
    : null;
  const logoMeta = logo ? await sharp(logo).metadata() : null;
  const textTop = logo ? Math.round(SLATE_HEIGHT * 0.62) : Math.round(SLATE_HEIGHT / 2 - ((rows.length - 1) * size * 1.25) / 2);
  const text = rows.map((r, i) =>
    `<text x="50%" y="${textTop + Math.round(i * size * 1.25)}" text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size}" fill="#ffffff">${escapeXml(r)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SLATE_WIDTH}" height="${SLATE_HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#1e3a8a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${text}</svg>`;
  let image = sharp(Buffer.from(svg));
  if (logo && logoMeta?.width && logoMeta.height) {
    image = image.composite([{ input: logo, left: Math.round((SLATE_WIDTH - logoMeta.width) / 2), top: Math.round(SLATE_HEIGHT * 0.42 - logoMeta.height) }]);
  }
  return image.png().toBuffer();
}

/**
 * Makes the slate video: the picture above as a looping-ready MP4 (H.264 + silent AAC) at `out`,
 * written next to it first and renamed into place, so a reader never sees half a file.
 */
export async function renderSlate(o: {
  texto: string; logo?: Buffer | null; out: string; ffmpegBin: string; signal: AbortSignal;
  /** Where to keep the picture too (a preview), renamed into place with the video. */
  picture?: string;
}): Promise<void> {
  const dir = path.dirname(o.out);
  await fsp.mkdir(dir, { recursive: true });
  const picture = `${o.out}.${process.pid}.png`;
  const partial = `${o.out}.${process.pid}.part.mp4`;
  try {
    await fsp.writeFile(picture, await slateImage(o));
    const run = await runChild(o.ffmpegBin, slateArgs({ image: picture, out: partial, seconds: SLATE_SECONDS, keyframeSeconds: SLATE_KEYFRAME_SECONDS }), { signal: o.signal, timeoutMs: 60_000 });
    if (run.code !== 0) throw new Error(`o vídeo do sinal reserva não foi gerado: ${run.tail.slice(-3).join(' | ')}`);
    await fsp.rename(partial, o.out);
    if (o.picture) await fsp.rename(picture, o.picture);
  } finally {
    await fsp.rm(picture, { force: true });
    await fsp.rm(partial, { force: true });
  }
}
