import sharp from 'sharp';
import { AppError } from '../../platform/errors.ts';

/**
 * Pixels a logo may have before it is decoded. A PNG of one colour compresses a huge picture
 * into a few hundred KB: the byte limit alone would let a 30000 × 30000 image (3.6 GB once
 * decoded) through to the server and to every viewer. 25 megapixels covers phone photos.
 */
export const LOGO_MAX_PIXELS = 25_000_000;
/** The long side a stored logo keeps at most: a watermark never needs more, even full screen at 1080p. */
export const LOGO_MAX_SIDE = 1920;

// each logo is decoded once: libvips' operation cache would only hold memory
sharp.cache(false);

/**
 * Decodes an uploaded logo and writes it anew: at most LOGO_MAX_SIDE on its long side, turned
 * as its EXIF says, without metadata (camera, GPS, comments are not served to viewers), PNG
 * with its transparency or JPEG as it came. Whatever cannot be decoded is refused.
 */
export async function normaliseLogo(data: Buffer, format: 'png' | 'jpeg'): Promise<{ data: Buffer; width: number; height: number }> {
  // the header alone, to refuse by dimensions with the sizes the user can act on
  const meta = await sharp(data, { limitInputPixels: false }).metadata().catch(() => null);
  if (!meta || meta.format !== format || !meta.width || !meta.height) throw new AppError('logo_unreadable');
  if (meta.width * meta.height > LOGO_MAX_PIXELS) {
    throw new AppError('logo_too_many_pixels', { width: meta.width, height: meta.height, maxMegapixels: LOGO_MAX_PIXELS / 1_000_000 });
  }
  // the pixel limit again on the decode itself, and a time limit, in case the header lied
  const img = sharp(data, { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error' })
    .timeout({ seconds: 20 })
    .autoOrient()
    .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  // a palette PNG stays a palette PNG (with its transparency), so a small logo does not grow
  const out = format === 'png' ? img.png({ palette: meta.isPalette }) : img.jpeg({ quality: 90 });
  const { data: bytes, info } = await out.toBuffer({ resolveWithObject: true }).catch(() => {
    throw new AppError('logo_unreadable');
  });
  return { data: bytes, width: info.width, height: info.height };
}
