/**
 * What a browser downloads before each page can show: the panel's built JavaScript, gzipped
 * (level 9, as a reverse proxy would serve it), per route. A route's initial JavaScript is
 * everything index.html names (its entry script and each <link rel="modulepreload">) and every
 * chunk those import statically, plus the route's own page chunks and what they import statically
 * (a lazily loaded page is still needed before it can paint). A signed-in route also counts the
 * session check: with a stored token, the entry loads the session's schemas (auth-schemas) to
 * validate GET /api/auth/me before the shell shows. Its lazy part is what may come after the page
 * has painted: what the page's own chunks load with import() (maps, charts, players) and what the
 * entry itself loads on demand besides the router's pages (the toast library on the first toast,
 * the login form's validation rules). Stylesheets are printed apart. Reads apps/web/dist (run
 * `npm run build -w apps/web` first). Prints each figure against its aim (/login ≤ 110 KB, the
 * dashboard after login ≤ 200 KB) as a ratio.
 *
 *   node bench/bundle.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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
const isPage = (f: string) => /^(?:[\w-]+-page|dashboard-layout)-[\w-]{8}\.js$/.test(f);
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

/** The session check every signed-in route waits for (see above). */
const SESSION = 'auth-schemas';

const AIMS: { name: string; pages: string[]; aimKb: number | null }[] = [
  { name: '/login', pages: ['login-page'], aimKb: 110 },
  { name: '/dashboard (depois do login)', pages: [SESSION, 'dashboard-layout', 'dashboard-page'], aimKb: 200 },
  ...['videos-page', 'playlists-page', 'players-page', 'lives-page', 'audience-page', 'settings-page']
    .map((p) => ({ name: `/dashboard/… ${p}`, pages: [SESSION, 'dashboard-layout', p], aimKb: null })),
];

console.log(`entrada (index.html): ${kb(total(base))} em ${base.size} arquivos; CSS à parte: ${kb(total(styles))}`);
for (const a of AIMS) {
  const r = route(a.pages);
  const aim = a.aimKb === null ? '' : `  meta ${a.aimKb} KB → razão ${(r.initial / 1024 / a.aimKb).toFixed(2)} (≤ 1 atende)`;
  console.log(`${a.name}: inicial ${kb(r.initial)}, sob demanda ${kb(r.lazy)}${aim}`);
}
