/**
 * What a browser downloads before each page can show: the panel's built JavaScript, gzipped
 * (level 9, as a reverse proxy would serve it), per route. A route's initial JavaScript is
 * everything index.html names (its entry script and each <link rel="modulepreload">) and every
 * chunk those import statically, plus the route's own page chunks and what they import statically
 * (a lazily loaded page is still needed before it can paint). A signed-in route also counts the
 * session: its own chunk (session-root: the query library and the guards, which /login does not
 * load) and, with a stored token, the session's schemas (auth-schemas) to validate GET
 * /api/auth/me before the shell shows. Its lazy part is what may come after the page
 * has painted: what the page's own chunks load with import() (maps, charts, players) and what the
 * entry itself loads on demand besides the router's pages (the toast library on the first toast,
 * the server's error texts on the first error). Stylesheets are printed apart. Reads apps/web/dist (run
 * `npm run build -w apps/web` first). Prints each figure against its aim (/login ≤ 110 KB, the
 * dashboard after login ≤ 200 KB) as a ratio.
 *
 * Then the same two figures the way that matters, in a real browser: the built panel served by
 * the product (`./painel start` on test ports, e2e/support/stack.ts), Debian's Chromium with a
 * cold cache, in each of the panel's languages, a first sign-in from that browser; every script
 * Chromium has fully received (resource timing) by the moment the login form is in the page with
 * its fields and button laid out (and, signed in from that form, the dashboard's greeting naming
 * the account), each counted at its gzip level 9 size. `--static` skips the browser.
 *
 *   node bench/bundle.ts [--static]
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startStack } from '../e2e/support/stack.ts';

const dist = path.join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const assets = path.join(dist, 'assets');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist não existe: rode antes `npm run build -w apps/web`');
  process.exit(1);
}

const gz = new Map<string, number>();
const sizeOf = (file: string): number => {
  let n = gz.get(file);
  if (n === undefined) {
    n = gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length;
    gz.set(file, n);
  }
  return n;
};

/** The chunks a chunk imports: statically (`import … from "./x.js"`) and lazily (`import("./x.js")`). */
function importsOf(file: string): { statics: string[]; lazy: string[] } {
  const text = fs.readFileSync(path.join(assets, file), 'utf8');
  const statics = new Set<string>();
  const lazy = new Set<string>();
  for (const m of text.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) statics.add(m[1]!);
  for (const m of text.matchAll(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)) lazy.add(m[1]!);
  return { statics: [...statics], lazy: [...lazy] };
}

/** A chunk and everything it imports statically, transitively. */
function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...importsOf(f).statics);
  }
  return seen;
}

const total = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + sizeOf(f), 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
const styles = [...html.matchAll(/href="\/assets\/([\w.-]+\.css)"/g)].map((m) => m[1]!);
const base = closure(entry);
/** A page of the router: the entry loads each one lazily, counted by the routes below. */
const isPage = (f: string) => /^(?:[\w-]+-page|dashboard-layout|session-root)-[\w-]{8}\.js$/.test(f);
/** What the entry loads with import() besides the pages (toast library, session schemas). */
const entryLazy = [...new Set([...base].flatMap((f) => importsOf(f).lazy))].filter((f) => !isPage(f));
const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
const chunk = (prefix: string): string => {
  const f = files.find((x) => x.startsWith(`${prefix}-`) && /^[\w-]+-[\w-]{8}\.js$/.test(x) && x.slice(prefix.length + 1).length === 11);
  if (!f) throw new Error(`chunk ${prefix} não encontrado em ${assets}`);
  return f;
};

/** Initial and lazy JavaScript of a route whose page is made of these chunks. */
function route(pages: string[]): { initial: number; lazy: number } {
  const initial = closure([...base, ...pages.map(chunk)]);
  // what the page's own chunks load with import(), and the entry's own on-demand loads (the
  // router's other pages are not this route's)
  const later = new Set<string>();
  const roots = [...entryLazy];
  for (const f of initial) if (!base.has(f)) roots.push(...importsOf(f).lazy);
  for (const c of closure(roots)) if (!initial.has(c)) later.add(c);
  return { initial: total(initial), lazy: total(later) };
}

/**
 * What every signed-in route waits for (see above): the session check's schemas, and the
 * session's own chunk (the query library, the guards: app/session-root.tsx), which /login does not load.
 */
const SESSION = ['auth-schemas', 'session-root'];

const AIMS: { name: string; pages: string[]; aimKb: number | null }[] = [
  { name: '/login', pages: ['login-page'], aimKb: 110 },
  { name: '/dashboard (depois do login)', pages: [...SESSION, 'dashboard-layout', 'dashboard-page'], aimKb: 200 },
  ...['videos-page', 'playlists-page', 'players-page', 'lives-page', 'audience-page', 'settings-page']
    .map((p) => ({ name: `/dashboard/… ${p}`, pages: [...SESSION, 'dashboard-layout', p], aimKb: null })),
];

/** A figure against its aim: the ratio, and whether it meets it. */
const againstAim = (bytes: number, aimKb: number) => {
  const r = bytes / 1024 / aimKb;
  return `meta ${aimKb} KB → razão ${r.toFixed(2)} (${r <= 1 ? 'atende' : 'acima da meta'})`;
};

console.log(`entrada (index.html): ${kb(total(base))} em ${base.size} arquivos; CSS à parte: ${kb(total(styles))}`);
for (const a of AIMS) {
  const r = route(a.pages);
  const aim = a.aimKb === null ? '' : `  ${againstAim(r.initial, a.aimKb)}`;
  console.log(`${a.name}: inicial ${kb(r.initial)}, sob demanda ${kb(r.lazy)}${aim}`);
}

/** Every script a page receives: its path → gzip-9 size of the body Chromium got. */
function watchScripts(page: Page): { sizes: Map<string, number>; read: Promise<unknown>[] } {
  const sizes = new Map<string, number>();
  const read: Promise<unknown>[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    // BUNDLE_LIST=1 also names the refused requests (an error loads the server's error texts)
    if (process.env.BUNDLE_LIST && res.status() >= 400) console.log(`  (${res.status()} ${url.pathname})`);
    if (!url.pathname.endsWith('.js')) return;
    read.push(res.body().then((body) => sizes.set(url.pathname, gzipSync(body, { level: 9 }).length), () => undefined));
  });
  return { sizes, read };
}

/**
 * Installed in the page before its scripts: the moment (performance.now()) each thing a person
 * waits for is first in the document and laid out (the login form with its fields and button;
 * the dashboard's greeting naming the account), seen by a MutationObserver as the page commits it.
 */
function markShown(greeting: string): void {
  const w = window as unknown as { shownAt: Record<string, number> };
  w.shownAt = {};
  const shown = (el: Element | null) => !!el && (el as HTMLElement).offsetWidth > 0;
  const look = () => {
    const form = document.querySelector('form');
    if (!w.shownAt.form && form && shown(form.querySelector('input[type=password]')) && shown(form.querySelector('button[type=submit]'))) {
      w.shownAt.form = performance.now();
    }
    const h1 = [...document.querySelectorAll('main h1')].find((h) => h.textContent?.includes(greeting));
    if (!w.shownAt.dashboard && shown(h1 ?? null)) w.shownAt.dashboard = performance.now();
  };
  performance.setResourceTimingBufferSize(2000);
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

/** The scripts fully received by a moment of the page's clock (resource timing: responseEnd). */
const scriptsBy = (page: Page, at: number): Promise<string[]> =>
  page.evaluate((t) => performance.getEntriesByType('resource')
    .filter((e) => (e as PerformanceResourceTiming).responseEnd <= t && new URL(e.name).pathname.endsWith('.js'))
    .map((e) => new URL(e.name).pathname), at);

const LOCALES = ['pt-BR', 'en-US', 'es-ES'] as const;

async function inBrowser(): Promise<void> {
  const stack = await startStack();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    for (const locale of LOCALES) {
      // a first sign-in from a browser in this language: the account keeps it (no switch after login)
      const account = await stack.addAccount({ nome: `Rádio Medida ${locale}` });
      const context = await browser.newContext({ baseURL: stack.baseUrl, locale, viewport: { width: 1366, height: 860 } });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await page.addInitScript(markShown, account.nome);
      const { sizes, read } = watchScripts(page);
      await page.goto('/login');
      await page.waitForFunction(() => (window as unknown as { shownAt: Record<string, number> }).shownAt.form !== undefined);
      await page.locator('form input[name=email]').fill(account.email);
      await page.locator('form input[name=password]').fill(account.password);
      await page.locator('form button[type=submit]').click();
      await page.waitForFunction(() => (window as unknown as { shownAt: Record<string, number> }).shownAt.dashboard !== undefined);
      const shownAt = await page.evaluate(() => (window as unknown as { shownAt: Record<string, number> }).shownAt);
      const atForm = await scriptsBy(page, shownAt.form!);
      const atDashboard = await scriptsBy(page, shownAt.dashboard!);
      await Promise.all(read);
      const sum = (names: string[]) => names.reduce((total, n) => total + (sizes.get(n) ?? 0), 0);
      const login = sum(atForm);
      const dash = sum(atDashboard);
      console.log(`Chromium ${locale}: /login ${kb(login)} em ${atForm.length} scripts, ${againstAim(login, 110)}; /dashboard depois do login ${kb(dash)} em ${atDashboard.length} scripts, ${againstAim(dash, 200)}`);
      // BUNDLE_LIST=1: each script, largest first (those the dashboard added after the form's, apart)
      if (process.env.BUNDLE_LIST) {
        const list = (names: string[]) => names.sort((x, y) => sizes.get(y)! - sizes.get(x)!).map((n) => `  ${kb(sizes.get(n)!)} ${n}`).join('\n');
        console.log(`${list([...atForm])}\n  … e depois do login:\n${list(atDashboard.filter((n) => !atForm.includes(n)))}`);
      }
      await context.close();
    }
  } finally {
    await browser?.close();
    await stack.stop();
  }
}

if (!process.argv.includes('--static')) await inBrowser();
