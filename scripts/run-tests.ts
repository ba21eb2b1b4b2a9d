/**
 * Runs test files with node's test runner, each file in its own `node --test` process, several at
 * a time as the machine allows, and prints each file's spec report as the file ends, then one
 * summary ('ℹ pass N', 'ℹ fail N', 'ℹ cancelled N': what scripts/test.sh counts).
 *
 *   node scripts/run-tests.ts [--concurrency N] [--first GLOB]… [--exclude GLOB]… GLOB…
 *
 * Order: the files matching a --first glob start first, in the order given, then the rest in
 * alphabetical order. Most of the suite's time is spent by a few files that wait on real time
 * (live media, timers), so starting those first lets the short files fill the gaps beside them.
 *
 * Concurrency follows the machine's load, not a fixed number. A file is started when
 *   - none of this runner's files is running (at least one always runs), or
 *   - fewer than --concurrency (the cap) are running, the 1-minute load average per core is under
 *     TEST_LOAD_LIMIT, and the last file started at least TEST_LOAD_SETTLE_MS ago (the load
 *     average needs a few seconds to show what the previous start added).
 * So on an idle machine the cap is reached within seconds; while other work (another engineer's
 * build, a second phase of the same run, `stress-ng --cpu 1`) keeps the cores busy, fewer test
 * files run at once and each keeps the processor its real-time waits expect. Every phase of
 * scripts/test.sh runs its own runner: they all read the same load and back off together.
 *   --concurrency N / TEST_CONCURRENCY (in test.sh)  the cap (1: one file at a time)
 *   TEST_LOAD_LIMIT      load average per core under which another file may start (default 6)
 *   TEST_LOAD_SETTLE_MS  least time between two starts (default 500: a phase of a hundred short files is not held back by it)
 * A line '· <file>: N s (M at once, load L)' follows each file's report, so the longest files and
 * the concurrency the run reached can be read from the log.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
let cap = 1;
const first: string[] = [];
const excluded: string[] = [];
const patterns: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--concurrency') cap = Math.max(1, Number(args[++i]) || 1);
  else if (a === '--first') first.push(args[++i]!);
  else if (a === '--exclude') excluded.push(args[++i]!);
  else patterns.push(a);
}
const LOAD_LIMIT = Number(process.env.TEST_LOAD_LIMIT) > 0 ? Number(process.env.TEST_LOAD_LIMIT) : 6;
const SETTLE_MS = Number(process.env.TEST_LOAD_SETTLE_MS) >= 0 && process.env.TEST_LOAD_SETTLE_MS ? Number(process.env.TEST_LOAD_SETTLE_MS) : 500;

const files = [...new Set(patterns.flatMap((p) => fs.globSync(p, { exclude: excluded })))].filter((f) => !f.includes('node_modules')).sort();
const early = first.flatMap((p) => fs.globSync(p).filter((f) => files.includes(f)).sort());
const queue = [...new Set([...early, ...files])];
if (queue.length === 0) {
  console.error(`nenhum arquivo de teste em: ${patterns.join(' ')}`);
  process.exit(1);
}

const cores = os.availableParallelism();
const loadPerCore = () => os.loadavg()[0]! / cores;

interface Counts { tests: number; suites: number; pass: number; fail: number; cancelled: number; skipped: number; todo: number }
const total: Counts = { tests: 0, suites: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
const started = Date.now();
let running = 0;
let lastStart = 0;

/** One file in its own `node --test`; its report is printed whole once it ends, so files do not interleave. */
function runFile(file: string): Promise<void> {
  running++;
  lastStart = Date.now();
  const at = running;
  const load = os.loadavg()[0]!.toFixed(1);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=spec', path.resolve(file)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => out.push(d));
    child.on('close', (code, signal) => {
      running--;
      const text = Buffer.concat(out).toString();
      let counted = false;
      for (const k of Object.keys(total) as (keyof Counts)[]) {
        const m = [...text.matchAll(new RegExp(`^ℹ ${k} (\\d+)$`, 'gm'))].at(-1);
        if (m) { total[k] += Number(m[1]); counted = true; }
      }
      process.stdout.write(text.endsWith('\n') || !text ? text : `${text}\n`);
      // a file that ended without its summary (killed, crashed before reporting) is a failure too
      if (!counted || code !== 0) {
        if (!counted) total.fail++;
        process.exitCode = 1;
        if (!counted) console.log(`✖ ${file}: o processo de teste terminou sem relatório (${signal ?? `código ${code}`})`);
      }
      console.log(`· ${file}: ${Math.round((Date.now() - t0) / 1000)} s (${at} de uma vez, carga ${load})`);
      resolve();
    });
  });
}

const inFlight = new Set<Promise<void>>();
const mayStart = () => running === 0 || (running < cap && loadPerCore() < LOAD_LIMIT && Date.now() - lastStart >= SETTLE_MS);
while (queue.length > 0) {
  if (mayStart()) {
    const p = runFile(queue.shift()!).then(() => void inFlight.delete(p));
    inFlight.add(p);
    continue;
  }
  // look again when a file ends or in a quarter of a second
  await Promise.race([...inFlight, new Promise((r) => setTimeout(r, 250))]);
}
await Promise.all(inFlight);

for (const k of Object.keys(total) as (keyof Counts)[]) console.log(`ℹ ${k} ${total[k]}`);
console.log(`ℹ duration_ms ${Date.now() - started}`);
if (total.fail + total.cancelled > 0) process.exitCode = 1;
