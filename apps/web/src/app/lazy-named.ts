import { lazy, type ComponentType } from 'react';
import { translationsReady } from '@/i18n/store.ts';

/**
 * React.lazy for a module's named export (feature files export components by name). The page
 * resolves once the translations of the catalogues it declared are loaded, so it is drawn in the
 * panel's language at once.
 */
export function lazyNamed<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => {
    const module = await load();
    await translationsReady();
    return { default: module[name] };
  });
}
