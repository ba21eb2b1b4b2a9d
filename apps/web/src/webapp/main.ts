import type { PublicWebApp } from '@painel/contract';
import { h } from './dom.ts';
import { applyTheme, renderApp, startScreen, type Variant } from './layout.ts';
import { textsNow } from '../i18n/store.ts';
import { webappCatalogue } from '../i18n/webapp.ts';
import { startLanguage } from './texts.ts';
import './webapp.css';

/**
 * The channel's published app, at /webapp/{login}/ (installable, with its service worker) and
 * at /webapp/{login}/tv/ (the page the Android app opens). Everything it reads is relative to
 * its own address: app.json, the banner, the chat.
 */
const variant: Variant = /\/tv\/?$/.test(location.pathname) ? 'tv' : 'web';
const root = document.getElementById('app')!;

async function boot(): Promise<void> {
  const texts = textsNow(webappCatalogue);
  root.setAttribute('aria-busy', 'true');
  root.replaceChildren(h('p', { class: 'state' }, texts.loading));
  let d: PublicWebApp;
  try {
    const r = await fetch('app.json', { cache: 'no-cache' });
    if (!r.ok) throw new Error(String(r.status));
    d = (await r.json()) as PublicWebApp;
  } catch {
    const retry = h('button', { type: 'button', class: 'play' }, texts.retry);
    retry.addEventListener('click', () => void boot());
    root.replaceChildren(h('div', { class: 'state' }, h('p', {}, texts.loadError), retry));
    root.removeAttribute('aria-busy');
    return;
  }
  applyTheme(d);
  if (variant === 'tv' && d.modelo === 1) startScreen(root, d, () => renderApp(root, d, variant));
  else renderApp(root, d, variant);
  root.removeAttribute('aria-busy');
}

// the service worker keeps the app opening offline and shows the channel's notifications
if (variant === 'web' && 'serviceWorker' in navigator) void navigator.serviceWorker.register('sw.js', { scope: './' }).catch(() => {});
void startLanguage().then(boot);
