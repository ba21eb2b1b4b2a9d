import { useRef, useState } from 'react';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { useObjectUrl } from '@/lib/use-object-url.ts';
import { androidImageError, readPickedImage, type AndroidImageKind, type PickedImage } from '../utils/android-images.ts';

/**
 * One image field of the Android forms: the picked file, what it really is (format and pixel
 * size, read at once so a wrong image is refused while the form is still being filled) and a
 * local address to show it.
 */
export function usePickedImage(kind: AndroidImageKind) {
  const msg = useTexts(messageCatalogue);
  const [file, setFile] = useState<File | null>(null);
  const [image, setImage] = useState<PickedImage | null>(null);
  const url = useObjectUrl(file);
  // a later pick wins over a slower read of an earlier one
  const latest = useRef<File | null>(null);

  async function pick(next: File | null) {
    latest.current = next;
    setFile(next);
    setImage(null);
    if (!next) return;
    const read = await readPickedImage(next);
    if (latest.current === next) setImage(read);
  }

  return { kind, file, image, url, error: image ? androidImageError(kind, image, msg) : null, pick };
}

export type PickedImageField = ReturnType<typeof usePickedImage>;
