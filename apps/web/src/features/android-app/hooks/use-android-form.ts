import { useState } from 'react';
import { toast } from '@/lib/toast.ts';
import type { AndroidConfigFields } from '@painel/contract';
import { readPickedImage, type PickedImage } from '../utils/android-images.ts';
import type { PickedImageField } from './use-picked-image.ts';

/**
 * What the create and configure forms share: the configuration being edited, a setter per
 * field, and the last check before sending, which reads the picked files again so what is
 * checked is exactly what is sent.
 */
export function useAndroidForm(initial: AndroidConfigFields) {
  const [fields, setFields] = useState(initial);
  const [checking, setChecking] = useState(false);
  const set = <K extends keyof AndroidConfigFields>(key: K) => (value: AndroidConfigFields[K]) => setFields((f) => ({ ...f, [key]: value }));

  /** True when the form may be sent; otherwise the first refusal of `rule` is shown and false returned. */
  async function passes<K extends string>(
    images: Record<K, PickedImageField>,
    rule: (picked: Record<K, PickedImage | null>) => string | null,
  ): Promise<boolean> {
    setChecking(true);
    const entries = await Promise.all(
      (Object.entries(images) as [K, PickedImageField][]).map(async ([k, f]) => [k, f.file ? await readPickedImage(f.file) : null] as const),
    ).finally(() => setChecking(false));
    const error = rule(Object.fromEntries(entries) as Record<K, PickedImage | null>);
    if (error) toast.error(error);
    return error === null;
  }

  return { fields, set, checking, passes };
}
