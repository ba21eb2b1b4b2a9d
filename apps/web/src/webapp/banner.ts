import { WEBAPP_LIMITS } from '@painel/contract/webapp-limits';
import type { PublishedBanner } from '@painel/contract/webapp';
import { h } from './dom.ts';
import { textsNow } from '../i18n/store.ts';
import { webappCatalogue } from '../i18n/webapp.ts';

/**
 * The banner strip: a banner the server picks at random (and counts as seen) when the app opens
 * and every WEBAPP_LIMITS.bannerRotateMs after. Nothing shows when the channel has none. A
 * banner with a link opens it through the app's click address, which counts the click.
 */
export function bannerStrip(): HTMLElement {
  const texts = textsNow(webappCatalogue);
  const strip = h('aside', { class: 'banner', 'aria-label': texts.banner, hidden: true, 'data-testid': 'banner' });
  async function pick() {
    try {
      const r = await fetch('banner', { cache: 'no-store' });
      if (!r.ok) return;
      const { banner } = (await r.json()) as { banner: PublishedBanner | null };
      if (!banner) {
        strip.hidden = true;
        strip.replaceChildren();
        return;
      }
      const img = h('img', { src: banner.url_imagem, alt: texts.banner, 'data-banner': String(banner.id) });
      strip.replaceChildren(banner.link ? h('a', { href: `banner/${banner.id}/click`, target: '_blank', rel: 'noopener' }, img) : img);
      strip.hidden = false;
    } catch {
      // offline: the strip keeps what it shows
    }
  }
  void pick();
  setInterval(() => void pick(), WEBAPP_LIMITS.bannerRotateMs);
  return strip;
}
