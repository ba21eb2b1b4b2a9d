/**
 * Runs test files with node's test runner, several files at a time, each in its own process,
 * and prints the spec report (its 'ℹ pass N' summary is what scripts/test.sh counts).
 *
 *   node scripts/run-tests.ts [--concurrency N] [--first GLOB]… [--exclude GLOB]… GLOB…
 *
 * `node --test` starts files in alphabetical order; here the files matching a --first glob
 * start first, in the order given. Most of the suite's time is spent by a few files that wait
 * on real time (live media, timers), so starting those first lets the short files fill the
 * gaps beside them instead of leaving one long file running alone at the end.
 */
import fs from 'node:fs';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

const args = process.argv.slice(2);
let concurrency = 1;
const first: string[] = [];
const excluded: string[] = [];
const patterns: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--concurrency') concurrency = Math.max(1, Number(args[++i]));
  else if (a === '--first') first.push(args[++i]!);
  else if (a === '--exclude') excluded.push(args[++i]!);
  else patterns.push(a);
}

const files = [...new Set(patterns.flatMap((p) => fs.globSync(p, { exclude: excluded })))].filter((f) => !f.includes('node_modules')).sort();
const early = first.flatMap((p) => fs.globSync(p).filter((f) => files.includes(f)).sort());
const ordered = [...new Set([...early, ...files])].map((f) => path.resolve(f));
if (ordered.length === 0) {
  console.error(`nenhum arquivo de teste em: ${patterns.join(' ')}`);
  process.exit(1);
}

const stream = run({ files: ordered, concurrency, isolation: 'process' });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(spec).pipe(process.stdout);
