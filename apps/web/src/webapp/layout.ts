import type { PublicWebApp } from '@painel/contract';
import { canPush, installButton, notice, pushButton } from './actions.ts';
import { bannerStrip } from './banner.ts';
import { chatPanel } from './chat.ts';
import { h } from './dom.ts';
import { contactsOf, firstSection, sectionsOf, type SectionId } from './links.ts';
import { textsNow } from '../i18n/store.ts';
import { webappCatalogue } from '../i18n/webapp.ts';

export type Variant = 'web' | 'tv';

/** The owner's colours, for the stylesheet. */
export function applyTheme(d: PublicWebApp): void {
  const s = document.documentElement.style;
  s.setProperty('--texto', d.cor_texto);
  s.setProperty('--claro', d.cor_menu_claro);
  s.setProperty('--escuro', d.cor_menu_escuro);
  s.setProperty('--splash', d.cor_splash);
  document.title = d.nome;
}

const backdrop = (el: HTMLElement, url: string) => {
  if (url) el.style.backgroundImage = `url(${JSON.stringify(url)})`;
  return el;
};

/** The Android app's start screen (model 1): the logo and a play button that opens the app. */
export function startScreen(root: HTMLElement, d: PublicWebApp, play: () => void): void {
  const texts = textsNow(webappCatalogue);
  const button = h('button', { type: 'button', class: 'play' }, h('span', { 'aria-hidden': 'true' }, '▶'), texts.watch);
  button.addEventListener('click', play);
  root.replaceChildren(backdrop(h('div', { class: 'start' },
    d.url_logo && h('img', { class: 'start-logo', src: d.url_logo, alt: '' }), h('h1', {}, d.nome), button), d.url_background));
}

function contactList(d: PublicWebApp): HTMLElement {
  const texts = textsNow(webappCatalogue);
  const contacts = contactsOf(d);
  if (!contacts.length) return h('p', { class: 'muted' }, texts.contactEmpty);
  return h('ul', { class: 'contacts' }, ...contacts.map((c) =>
    h('li', {}, h('a', { href: c.href, target: '_blank', rel: 'noopener noreferrer' }, h('span', { class: 'label' }, texts.contacts[c.kind]), h('span', {}, c.shown)))));
}

/**
 * The app: header with logo and name in the menu colours, the channel's player, the banner
 * strip and the sections. Model 1 puts the sections in tabs under the player; model 2 shows
 * the background picture full-bleed with the logo, the player in a card and the sections in a
 * menu at the bottom (at the side on a wide screen).
 */
export function renderApp(root: HTMLElement, d: PublicWebApp, variant: Variant): void {
  const texts = textsNow(webappCatalogue);
  const model = d.modelo === 2 && variant === 'web' ? 2 : 1;
  document.body.classList.toggle('m2', model === 2);
  const status = notice();
  const actions = h('div', { class: 'actions' });
  const header = h('header', { class: model === 2 ? 'hero' : 'bar' },
    d.url_logo && h('img', { class: 'logo', src: d.url_logo, alt: '' }), h('h1', {}, d.nome), actions);
  const player = h('div', { class: 'player' },
    h('iframe', { src: d.player_url, title: texts.player, allow: 'autoplay; fullscreen; picture-in-picture', allowfullscreen: true }));

  const ids = sectionsOf(d);
  const chat = d.chat ? chatPanel() : null;
  const panel = h('section', { class: 'panel', role: 'tabpanel', id: 'secao' });
  const tabs = new Map<SectionId, HTMLButtonElement>();
  const content = (id: SectionId): HTMLElement =>
    id === 'programacao' ? h('div', { class: 'text' }, d.text_prog)
      : id === 'historia' ? h('div', { class: 'text' }, d.text_hist)
        : id === 'chat' && chat ? chat.el : contactList(d);
  function show(id: SectionId) {
    for (const [key, tab] of tabs) tab.setAttribute('aria-selected', String(key === id));
    panel.replaceChildren(h('h2', {}, texts.sections[id]), content(id));
    if (id === 'chat') chat?.start();
    else chat?.stop();
    history.replaceState(null, '', `#${id}`);
  }
  const menu = h('nav', { class: model === 2 ? 'menu dock' : 'menu', 'aria-label': texts.menu, role: 'tablist' });
  for (const id of ids) {
    const tab = h('button', { type: 'button', role: 'tab', 'aria-controls': 'secao', 'aria-selected': 'false' }, texts.sections[id]);
    tab.addEventListener('click', () => show(id));
    tabs.set(id, tab);
    menu.append(tab);
  }

  const strip = variant === 'web' ? bannerStrip() : null;
  const main = model === 2
    ? h('main', {}, h('div', { class: 'card player-card' }, player), strip, ids.length > 0 && h('div', { class: 'card' }, panel))
    : h('main', {}, player, strip, ids.length > 0 && menu, ids.length > 0 && panel);
  root.replaceChildren(...(model === 2 ? [backdrop(h('div', { class: 'backdrop' }), d.url_background)] : []), header, main,
    ...(model === 2 && ids.length > 0 ? [menu] : []), status.el);
  const first = firstSection(ids, location.hash);
  if (first) show(first);

  if (variant === 'web') {
    installButton(actions);
    if (canPush(d.push_key)) void pushButton(d.push_key, status.say).then((b) => actions.append(b), () => {});
  }
}
