import { createElement, lazy, useEffect, type ComponentType } from 'react';
import { translationsReady } from '@/i18n/store.ts';
import { pageLoadEnded, pageLoadStarted } from '@/lib/page-loads.ts';

/** How long a loaded page that is not drawn still counts as coming. */
const NOT_DRAWN_MS = 3000;

/**
 * React.lazy for a module's named export (feature files export components by name). The page
 * resolves once the translations of the catalogues it declared are loaded, so it is drawn in the
 * panel's language at once. While it loads, it counts as a page not yet shown (lib/page-loads.ts).
 */
export function lazyNamed<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => {
    pageLoadStarted();
    let Page: ComponentType;
    try {
      const module = await load();
      await translationsReady();
      Page = module[name];
    } catch (error) {
      pageLoadEnded();
      throw error;
    }
    // counted out when drawn; a page never drawn (the visitor went elsewhere first) is let go soon after
    let counted = true;
    const end = () => {
      if (!counted) return;
      counted = false;
      clearTimeout(abandoned);
      pageLoadEnded();
    };
    const abandoned = setTimeout(end, NOT_DRAWN_MS);
    function Shown(props: object) {
      useEffect(end, []);
      return createElement(Page, props);
    }
    return { default: Shown as ComponentType };
  });
}
