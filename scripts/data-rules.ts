/**
 * The data rules of docs/architecture.md §5, checked by `./painel test` beside the import rules:
 *   - SQL lives in repositories: a Kysely query (selectFrom, insertInto, updateTable, deleteFrom,
 *     replaceInto, mergeInto, selectNoFrom, a sql`` template, sql.raw) appears only in a
 *     `*.repo.ts` file of apps/server/src; migrations (db/migrations/) and tests (*.test.ts,
 *     testing/) are outside the rule. Opening a transaction is no query: a service may open one
 *     and hand it to repository functions.
 *   - A table is written by the module that declares it: a module declares its tables in its
 *     `*.table.ts` (`interface Database { … }`, declaration merging); the platform declares its
 *     own (the job queue, the installation) in platform/db.ts. An insertInto/updateTable/deleteFrom
 *     (or an INSERT/UPDATE/DELETE inside a sql`` template) on another owner's table is refused.
 * It reads the source text (no compiler), prints each violation as file:line and fails when
 * there is one, beyond the known ones listed in KNOWN below.
 *
 *   node scripts/data-rules.ts
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = 'apps/server/src';

/**
 * Violations tolerated while they are being moved (none today): each entry names the file, the
 * query and the table, and stands for every such query in the file. An entry that matches
 * nothing fails the check too, so the list only shrinks.
 */
const KNOWN: readonly { file: string; query: string; table: string }[] = [];

interface Violation { file: string; line: number; rule: string; text: string; table?: string; query?: string }

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (rel === `${SRC}/db/migrations` || rel === `${SRC}/testing` || e.name === 'node_modules') continue;
      walk(rel, out);
    } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** The source with comments blanked (line numbers kept); string and template contents stay. */
function stripComments(src: string): string {
  let out = '';
  let i = 0;
  let quote: string | null = null;
  const braces: number[] = []; // template nesting: brace depth at each `${`
  let depth = 0;
  while (i < src.length) {
    const c = src[i]!;
    const n = src[i + 1];
    if (quote) {
      out += c;
      if (c === '\\') { out += n ?? ''; i += 2; continue; }
      if (quote === '`' && c === '$' && n === '{') { out += '{'; i += 2; braces.push(depth); depth += 1; quote = null; continue; }
      if (c === quote) quote = null;
      i += 1;
      continue;
    }
    if (c === '/' && n === '/') {
      while (i < src.length && src[i] !== '\n') { out += ' '; i += 1; }
      continue;
    }
    if (c === '/' && n === '*') {
      while (i < src.length && !(src[i] === '*' && src[i + 1] === '/')) { out += src[i] === '\n' ? '\n' : ' '; i += 1; }
      out += '  ';
      i += 2;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (braces.length && braces[braces.length - 1] === depth) { braces.pop(); quote = '`'; }
    }
    out += c;
    i += 1;
  }
  return out;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Who owns each table: the module whose *.table.ts declares it, or 'platform'. */
function owners(files: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const f of files) {
    const owner = f === `${SRC}/platform/db.ts` ? 'platform' : f.endsWith('.table.ts') ? moduleOf(f) : null;
    if (!owner) continue;
    const text = stripComments(fs.readFileSync(path.join(ROOT, f), 'utf8'));
    const m = /interface Database\s*\{([^}]*)\}/.exec(text);
    if (!m) continue;
    for (const t of m[1]!.matchAll(/^\s*([a-z_][a-z0-9_]*)\s*:/gim)) {
      const prior = map.get(t[1]!);
      if (prior && prior !== owner) throw new Error(`tabela ${t[1]} declarada por ${prior} e por ${owner}`);
      map.set(t[1]!, owner);
    }
  }
  return map;
}

/** The module a file belongs to: modules/<m>/…, platform/…, or its top folder (cli, backup…). */
function moduleOf(file: string): string {
  const rel = file.slice(SRC.length + 1);
  const m = /^modules\/([^/]+)\//.exec(rel);
  if (m) return m[1]!;
  const top = rel.split('/');
  return top.length > 1 ? top[0]! : rel;
}

const QUERY = /\.\s*(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\s*\(\s*(?:'([a-z_][a-z0-9_]*)(?:\s+as\s+\w+)?')?/g;
const SQL_TAG = /\bsql\s*(?:<[^`;]*?>)?\s*`|\bsql\s*\.\s*raw\s*\(/g;
const WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const RAW_WRITE = /\b(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

function check(): Violation[] {
  const files = walk(SRC);
  const owner = owners(files);
  const found: Violation[] = [];
  for (const file of files) {
    const text = stripComments(fs.readFileSync(path.join(ROOT, file), 'utf8'));
    const lines = text.split('\n');
    const repo = file.endsWith('.repo.ts');
    const mine = moduleOf(file);
    const add = (index: number, rule: string, query: string, table?: string) => {
      const line = lineAt(text, index);
      found.push({ file, line, rule, query, table, text: lines[line - 1]!.trim().slice(0, 140) });
    };
    for (const m of text.matchAll(QUERY)) {
      const [, query, table] = m;
      if (!repo) add(m.index, 'consulta fora de um *.repo.ts', query!, table);
      if (table && WRITES.has(query!) && owner.has(table) && owner.get(table) !== mine) {
        add(m.index, `escrita em ${table}, tabela de ${owner.get(table)}`, query!, table);
      }
    }
    for (const m of text.matchAll(SQL_TAG)) {
      const start = m.index + m[0].length;
      const body = m[0].endsWith('`') ? text.slice(start, text.indexOf('`', start)) : '';
      const writes = [...body.matchAll(RAW_WRITE)].filter((w) => owner.has(w[2]!.toLowerCase()));
      if (!repo) add(m.index, 'consulta fora de um *.repo.ts', 'sql', writes[0]?.[2]);
      for (const w of writes) {
        const table = w[2]!.toLowerCase();
        if (owner.get(table) !== mine) add(m.index, `escrita em ${table}, tabela de ${owner.get(table)}`, 'sql', table);
      }
    }
  }
  return found;
}

const found = check();
const used = new Set<number>();
const open = found.filter((v) => {
  const k = KNOWN.findIndex((e) => e.file === v.file && e.query === v.query && e.table === v.table);
  if (k < 0) return true;
  used.add(k);
  return false;
});
for (const v of open) console.log(`${v.file}:${v.line}: ${v.rule} (${v.query}${v.table ? ` '${v.table}'` : ''}): ${v.text}`);
const stale = KNOWN.filter((_, k) => !used.has(k));
for (const e of stale) console.log(`${e.file}: exceção conhecida que não ocorre mais (${e.query} '${e.table}'): tire-a de KNOWN em scripts/data-rules.ts`);
const known = found.length - open.length;
if (open.length || stale.length) {
  console.log(`✖ ${open.length} violação(ões) das regras de dados${known ? ` (além de ${known} conhecida(s))` : ''}`);
  process.exit(1);
}
console.log(`✔ SQL só em repositórios; cada tabela escrita pelo seu módulo${known ? ` (${known} exceção(ões) conhecida(s), listadas em KNOWN)` : ''}`);
