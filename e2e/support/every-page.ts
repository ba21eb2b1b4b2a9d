/**
 * The account, the pages and the measures of the every-page tests (e2e/every-page*.test.ts):
 * two files, so the sizes and the languages run side by side.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_MENU, msg } from '@painel/contract';
import { compileTexts } from '../../apps/web/src/i18n/compile.ts';
import playlistsTextsSource from '../../apps/web/src/i18n/pt-BR/playlists.ts';
import { makeChannelClip, multipart } from '../../apps/server/src/testing/library.ts';
import { launchBrowser, logIn } from './browser.ts';
import { catalogue, portugueseOnly, shownText, wordsIn } from './languages.ts';
import { apiLogin, until } from './publish.ts';
import { startStack, type Stack } from './stack.ts';
import { ptBR } from './texts.ts';

export const playlistsTexts = ptBR(playlistsTextsSource);

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

export const FOLDER = 'Grade da Semana';
export const CLIPS = [['Abertura', 'testsrc'], ['Jornal', 'testsrc2']] as const;
export const PLAYLIST = 'Programação da Manhã';
export const ACCOUNT = 'TV Litoral';
/** What the account itself wrote (its names), shown as written in every language. */
export const OWN_TEXTS = [ACCOUNT, FOLDER, PLAYLIST, ...CLIPS.map(([name]) => name)];
export const TRANSLATED = ['en-US', 'es-ES'] as const;

export const SIZES = [{ name: 'desktop', width: 1366, height: 768 }, { name: 'celular', width: 390, height: 844 }] as const;
/**
 * The day the calendar is opened on, whatever day the test runs: September 2027 begins on a
 * Wednesday and ends on a Thursday, so its first and last weeks show days of both neighbours.
 */
export const CALENDAR_DAY = new Date('2027-09-15T15:00:00Z');
export const CALENDAR_PATH = '/dashboard/agendamentos';

/** A page of the menu, opened so that its content (not a loading state) is what gets measured. */
export async function openPage(page: Page, pathname: string, selectPlaylistCard = playlistsTexts.selectPlaylistCard): Promise<void> {
  await page.goto(pathname);
  await page.locator('main h1').first().waitFor();
  if (pathname === '/dashboard/gerenciarvideos') {
    // the table of videos is what is wide here: open the folder
    await page.getByRole('button', { name: FOLDER, exact: true }).click();
    await page.getByRole('row').filter({ hasText: 'Abertura.mp4' }).waitFor();
  }
  if (pathname === '/dashboard/conversao-videos') {
    await page.getByRole('button', { name: new RegExp(FOLDER) }).click();
    await page.getByText('Abertura.mp4').first().waitFor();
  }
  if (pathname === '/dashboard/iniciar-transmissao') await page.getByText(PLAYLIST).first().waitFor();
  if (pathname === '/dashboard/playlists') {
    await page.getByRole('button', { name: selectPlaylistCard({ name: PLAYLIST }) }).click();
    await page.getByTestId('entrada-playlist').first().waitFor();
  }
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    if (!main || /Carregando|Loading|Cargando/.test(main.innerText) || main.querySelector('[role="status"] .animate-spin')) return false;
    // the page's fade-in changes colours and positions until it ends
    const entering = main.querySelector('.page-enter');
    return !entering || entering.getAnimations().every((a) => a.playState !== 'running');
  });
}

/**
 * What breaks the layout at this size: an element of the main content past the window's right
 * edge (a box that scrolls sideways on purpose, like a wide table's, may hold wider content),
 * and a heading, button or link whose text is cut by its own or an enclosing box.
 */
export function layoutProblems(): string[] {
  const describe = (el: Element): string => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e.tagName !== 'MAIN' && parts.length < 4; e = e.parentElement) {
      const cls = [...e.classList].slice(0, 3).join('.');
      parts.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${cls ? `.${cls}` : ''}`);
    }
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return `${parts.join(' > ')} «${text}»`;
  };
  const main = document.querySelector('main')!;
  const header = document.querySelector('header');
  const width = document.documentElement.clientWidth;
  const clips = (s: string) => s === 'hidden' || s === 'clip';
  const scrolls = (s: string) => s === 'auto' || s === 'scroll';
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none';
  };
  // whether el sits in a box below <main> that scrolls sideways on purpose
  const inScroller = (el: Element): boolean => {
    for (let e = el.parentElement; e && e !== main; e = e.parentElement) if (scrolls(getComputedStyle(e).overflowX)) return true;
    return false;
  };
  const problems: string[] = [];

  // the part of el left visible by the boxes around it that hide what passes their edges
  const shownRight = (el: Element): number => {
    let right = el.getBoundingClientRect().right;
    for (let e = el.parentElement; e && e !== main; e = e.parentElement) {
      if (clips(getComputedStyle(e).overflowX)) right = Math.min(right, e.getBoundingClientRect().right);
    }
    return right;
  };
  const wide = new Set<Element>();
  for (const el of main.querySelectorAll('*')) {
    if (!visible(el) || inScroller(el)) continue;
    if (shownRight(el) > width + 1 || el.getBoundingClientRect().left < -1) wide.add(el);
  }
  // the outermost offender names the box to fix
  for (const el of wide) {
    if (el.parentElement && wide.has(el.parentElement)) continue;
    problems.push(`passa da largura da janela (${Math.round(el.getBoundingClientRect().right)} > ${width}): ${describe(el)}`);
  }

  const texts = [main, header].flatMap((root) => (root ? [...root.querySelectorAll('h1, h2, h3, h4, h5, h6, button, a, [role="button"], [role="tab"]')] : []));
  for (const el of texts) {
    if (!visible(el) || !(el.textContent ?? '').trim()) continue;
    const st = getComputedStyle(el);
    if (clips(st.overflowX) && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`texto cortado (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
      continue;
    }
    // a word longer than the box spills over whatever is beside it
    if (st.display !== 'inline' && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`texto maior que a caixa (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
      continue;
    }
    // a part of the text cut with an ellipsis
    const cut = [el, ...el.querySelectorAll('*')].find((d) =>
      getComputedStyle(d).textOverflow === 'ellipsis' && d.scrollWidth > d.clientWidth + 1);
    if (cut) {
      problems.push(`texto com reticências: ${describe(cut)}`);
      continue;
    }
    // cut by an enclosing box that hides what passes its edges
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a && a !== main && a !== header; a = a.parentElement) {
      const ast = getComputedStyle(a);
      if (!clips(ast.overflowX)) continue;
      const ar = a.getBoundingClientRect();
      if (r.right > ar.right + 1 || r.left < ar.left - 1) {
        problems.push(`texto escondido pela caixa ${describe(a).split(' «')[0]}: ${describe(el)}`);
        break;
      }
    }
  }
  // a bar that stays on screen while the page scrolls under it covers content on purpose
  const floating = (el: Element): boolean => {
    for (let e: Element | null = el; e && e !== main; e = e.parentElement) {
      const pos = getComputedStyle(e).position;
      if (pos === 'sticky' || pos === 'fixed') return true;
    }
    return false;
  };
  // the part of a line of text left visible by the boxes around it
  const shown = (node: Text, rect: DOMRect): DOMRect | null => {
    let { left, right, top, bottom } = rect;
    for (let e = node.parentElement; e && e !== main; e = e.parentElement) {
      const st = getComputedStyle(e);
      if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
      const r = e.getBoundingClientRect();
      left = Math.max(left, r.left); right = Math.min(right, r.right);
      top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
    }
    return right - left > 2 && bottom - top > 2 ? new DOMRect(left, top, right - left, bottom - top) : null;
  };
  // text drawn over other text or over a control: a badge over a title, a title under a button
  const lines: { node: Text; rect: DOMRect }[] = [];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
    const parent = n.parentElement;
    if (!n.data.trim() || !parent || !visible(parent) || parent.closest('.sr-only') || inScroller(parent) || floating(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) {
      const rect = shown(n, r);
      if (rect) lines.push({ node: n, rect });
    }
  }
  // an invisible input stretched over its label is how a custom radio card is clicked, not a cover
  const controls = [...main.querySelectorAll('button, a, input, select, textarea, [role="button"]')]
    .filter((c) => visible(c) && !inScroller(c) && !floating(c) && getComputedStyle(c).opacity !== '0');
  const overlaps = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
  const reported = new Set<Node>();
  for (const [i, a] of lines.entries()) {
    if (reported.has(a.node)) continue;
    const other = lines.slice(i + 1).find((b) => b.node !== a.node && overlaps(a.rect, b.rect));
    if (other) {
      reported.add(a.node);
      problems.push(`texto sobreposto: ${describe(a.node.parentElement!)} × ${describe(other.node.parentElement!)}`);
      continue;
    }
    const control = controls.find((c) => !c.contains(a.node) && overlaps(a.rect, c.getBoundingClientRect()));
    if (control) {
      reported.add(a.node);
      problems.push(`texto sob um controle: ${describe(a.node.parentElement!)} × ${describe(control)}`);
    }
  }
  // a title (bold or semibold text) cut short with an ellipsis, outside the headings, buttons and links seen above
  for (const el of main.querySelectorAll('*')) {
    if (!visible(el) || el.closest('h1, h2, h3, h4, h5, h6, button, a, [role="button"], [role="tab"]')) continue;
    const st = getComputedStyle(el);
    if (st.textOverflow === 'ellipsis' && Number(st.fontWeight) >= 500 && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`título com reticências: ${describe(el)}`);
    }
  }
  if (main.scrollWidth > main.clientWidth + 1) problems.push(`a área principal rola para o lado (${main.scrollWidth} > ${main.clientWidth})`);
  return problems;
}

/** Chooses the panel's language in Configurações, as a person does, and saves. */
export async function chooseLanguage(page: Page, locale: string): Promise<void> {
  await page.goto('/dashboard/configuracoes');
  const select = page.locator('main select:has(option[value="en-US"])');
  await select.waitFor();
  await select.selectOption(locale);
  await page.locator('main form button[type="submit"]').click();
}

interface AxeResult { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }

export async function accessibilityProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(
    () => (window as unknown as { axe: { run(ctx: Document, o: object): Promise<AxeResult> } }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** An account as the pages are measured with: a library, a playlist on air, a booking tomorrow. */
export interface EveryPageFixture {
  stack: Stack;
  browser: Browser;
  /** Logged in, at the browser's clock. */
  page: Page;
  /** The same account in a browser whose clock says CALENDAR_DAY: the calendar is measured there. */
  calendarPage: Page;
  close(): Promise<void>;
}

export async function openEveryPageFixture(): Promise<EveryPageFixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-paginas-'));
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  // whatever was started, stopped: a stack left running would keep the test file's process waiting
  const close = async () => {
    await browser?.close();
    await stack?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const started = await startStack();
    stack = started;
    const launched = await launchBrowser();
    browser = launched;
    return { ...(await furnish(started, launched, dir)), stack: started, browser: launched, close };
  } catch (e) {
    await close();
    throw e;
  }
}

async function furnish(stack: Stack, browser: Browser, dir: string): Promise<{ page: Page; calendarPage: Page }> {
  const account = await stack.addAccount({ nome: ACCOUNT });
  const token = await apiLogin(stack.baseUrl, account.email, account.password);
  const api = async <T>(method: string, url: string, body: unknown): Promise<T> => {
    const r = await fetch(`${stack.baseUrl}${url}`, {
      method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const json = (await r.json()) as T;
    assert.ok(r.ok, `${method} ${url}: ${JSON.stringify(json)}`);
    return json;
  };
  const folder = await api<{ id: number }>('POST', '/api/folders', { nome: FOLDER });
  const videos: number[] = [];
  for (const [name, source] of CLIPS) {
    const body = multipart(`${name}.mp4`, makeChannelClip(dir, name, source));
    const r = await fetch(`${stack.baseUrl}/api/videos/upload?folder_id=${folder.id}`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType }, body: body.payload,
    });
    const answer = (await r.json()) as { video?: { id: number } };
    assert.equal(r.status, 200, JSON.stringify(answer));
    videos.push(answer.video!.id);
  }
  const playlist = await api<{ id: number }>('POST', '/api/playlists', { nome: PLAYLIST });
  await api('PUT', `/api/playlists/${playlist.id}`, { videos: videos.map((id, ordem) => ({ id, ordem })) });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await api('POST', '/api/agendamentos', { id_playlist: playlist.id, frequencia: 'uma_vez', data: tomorrow, inicio: `${tomorrow} 10:30` });
  // the playlist on air: the pages then show their live badges and banners
  await until('servidor de mídia no ar', async () => {
    const h = (await (await fetch(`${stack.baseUrl}/api/health`)).json()) as { components: Record<string, string> };
    return Object.values(h.components).every((s) => s === 'ok');
  }, 30_000);
  await api('POST', '/api/streaming/start', { playlist_id: playlist.id });
  // axe is injected as an inline script, which the panel's Content-Security-Policy rightly refuses
  const context = await browser.newContext({ baseURL: stack.baseUrl, locale: 'pt-BR', bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await logIn(page, account.email, account.password);
  const calendarContext = await browser.newContext({ baseURL: stack.baseUrl, locale: 'pt-BR', bypassCSP: true });
  await calendarContext.clock.setFixedTime(CALENDAR_DAY);
  const calendarPage = await calendarContext.newPage();
  calendarPage.setDefaultTimeout(60_000);
  await logIn(calendarPage, account.email, account.password);
  return { page, calendarPage };
}

/**
 * The fixture for the describe block it is called in: opened before its tests, closed after them.
 * Its fields are read when a test runs (they exist once `before` has run).
 */
export function everyPageFixture(): EveryPageFixture {
  let opened: EveryPageFixture | undefined;
  before(async () => {
    opened = await openEveryPageFixture();
  });
  after(async () => {
    await opened?.close();
  });
  const get = (): EveryPageFixture => {
    assert.ok(opened, 'a conta das páginas não foi preparada');
    return opened;
  };
  return {
    get stack() { return get().stack; },
    get browser() { return get().browser; },
    get page() { return get().page; },
    get calendarPage() { return get().calendarPage; },
    close: () => get().close(),
  };
}
