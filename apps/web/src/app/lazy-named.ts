import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named export (feature files export components by name). */
export function lazyNamed<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
