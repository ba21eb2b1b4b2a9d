import { ANDROID_LIMITS } from '@painel/contract';

/*
 * The images of the Android app are checked in the browser before anything is sent: the file's
 * real format (its first bytes, not its name) and its exact pixel size. The server checks the
 * same again; this only spares an upload that would be refused.
 */

export type AndroidImageKind = 'logo' | 'icone' | 'fundo';
export type ImageFormat = 'png' | 'jpeg' | 'other';

/** What the page knows about a picked file: its format and pixel size (0x0 when it is no image). */
export interface PickedImage {
  format: ImageFormat;
  width: number;
  height: number;
}

/** The refusals these checks show, in the panel's language (the messages catalogue's texts). */
export type AndroidImageTexts = Readonly<Record<
  | 'androidLogoSize' | 'androidLogoType' | 'androidIconSize' | 'androidIconType' | 'androidBackgroundSize' | 'androidBackgroundType'
  | 'androidNameRequired' | 'androidNameTooLong' | 'androidImagesRequired',
  string
>>;

const messages = (msg: AndroidImageTexts): Record<AndroidImageKind, { size: string; type: string }> => ({
  logo: { size: msg.androidLogoSize, type: msg.androidLogoType },
  icone: { size: msg.androidIconSize, type: msg.androidIconType },
  fundo: { size: msg.androidBackgroundSize, type: msg.androidBackgroundType },
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format a file's first bytes say (PNG signature, JPEG start-of-image marker). */
export function sniffFormat(head: Uint8Array): ImageFormat {
  if (PNG_SIGNATURE.every((b, i) => head[i] === b)) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  return 'other';
}

/** The message refusing an image for `kind`, or null when it is the right format and exact size. */
export function androidImageError(kind: AndroidImageKind, image: PickedImage, msg: AndroidImageTexts): string | null {
  const want = ANDROID_LIMITS[kind];
  if (image.format !== want.format) return messages(msg)[kind].type;
  if (image.width !== want.width || image.height !== want.height) return messages(msg)[kind].size;
  return null;
}

/** The first refusal of the create form, in the order a person reads it; null when it may be sent. */
export function createFormError(form: {
  nome: string;
  logo: PickedImage | null;
  icone: PickedImage | null;
  fundo: PickedImage | null;
}, msg: AndroidImageTexts): string | null {
  const nome = form.nome.trim();
  if (!nome) return msg.androidNameRequired;
  if (nome.length > ANDROID_LIMITS.nameMax) return msg.androidNameTooLong;
  if (!form.logo || !form.icone || !form.fundo) return msg.androidImagesRequired;
  return androidImageError('logo', form.logo, msg) ?? androidImageError('icone', form.icone, msg) ?? androidImageError('fundo', form.fundo, msg);
}

/** The configure form's images are optional; a picked one must still be right. */
export function configureFormError(form: { logo: PickedImage | null; fundo: PickedImage | null }, msg: AndroidImageTexts): string | null {
  return (form.logo && androidImageError('logo', form.logo, msg)) || (form.fundo && androidImageError('fundo', form.fundo, msg)) || null;
}

/** Reads a picked file's format and pixel size (browser only). A file that does not decode is 0x0. */
export async function readPickedImage(file: File): Promise<PickedImage> {
  const format = sniffFormat(new Uint8Array(await file.slice(0, PNG_SIGNATURE.length).arrayBuffer()));
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return { format, ...size };
  } catch {
    return { format, width: 0, height: 0 };
  }
}
