import sharp from 'sharp';
import { AppError } from './errors.ts';

/** The raster formats an app image may come in (SVG never: it is a document that can carry scripts). */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';
const FORMATS: readonly ImageFormat[] = ['png', 'jpeg', 'gif', 'webp'];

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The longest side accepted: a PNG of one colour compresses a huge picture into a few KB. */
export const IMAGE_MAX_SIDE = 4096;

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

/**
 * Reads an uploaded image's header: its format, width and height. Refused with a Portuguese
 * message: anything that is not a PNG, JPEG, GIF or WebP picture (SVG included), an animation,
 * more than IMAGE_MAX_BYTES or a side above IMAGE_MAX_SIDE.
 */
export async function readImage(data: Buffer): Promise<ImageInfo> {
  if (data.length > IMAGE_MAX_BYTES) throw new AppError('image_too_large');
  const meta = await sharp(data, { limitInputPixels: false }).metadata().catch(() => null);
  const format = meta?.format as ImageFormat | undefined;
  if (!meta || !format || !FORMATS.includes(format) || !meta.width || !meta.height) throw new AppError('image_invalid');
  if ((meta.pages ?? 1) > 1) throw new AppError('image_animated');
  if (meta.width > IMAGE_MAX_SIDE || meta.height > IMAGE_MAX_SIDE) throw new AppError('image_too_large');
  return { format, width: meta.width, height: meta.height };
}

const decode = (data: Buffer) =>
  sharp(data, { limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE, failOn: 'error' }).timeout({ seconds: 20 }).autoOrient();

const unreadable = () => {
  throw new AppError('image_invalid');
};

/**
 * The picture written anew in its own format (a GIF becomes a PNG): decoded whole, so a file
 * whose header lied is refused, and without metadata (camera, GPS, comments are not served).
 */
export async function cleanImage(data: Buffer, info: ImageInfo): Promise<{ data: Buffer; ext: 'png' | 'jpg' | 'webp' }> {
  const img = decode(data);
  if (info.format === 'jpeg') return { data: await img.jpeg({ quality: 90 }).toBuffer().catch(unreadable), ext: 'jpg' };
  if (info.format === 'webp') return { data: await img.webp({ quality: 90 }).toBuffer().catch(unreadable), ext: 'webp' };
  return { data: await img.png().toBuffer().catch(unreadable), ext: 'png' };
}

/** A square PNG of `size` pixels made from the picture, whole and centred on a transparent (or given) background. */
export async function squarePng(data: Buffer, size: number, background = { r: 0, g: 0, b: 0, alpha: 0 }): Promise<Buffer> {
  return decode(data).resize({ width: size, height: size, fit: 'contain', background }).png().toBuffer().catch(unreadable);
}
