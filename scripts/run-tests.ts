/**
 * Runs test files with node's test runner, each file in its own `node --test` process, several at
 * a time as the machine allows, and prints each file's spec report as the file ends, then one
 * summary ('ℹ pass N', 'ℹ fail N', 'ℹ cancelled N': what scripts/test.sh counts).
 *
 *   node scripts/run-tests.ts [--concurrency N] [--first GLOB]… [--exclude GLOB]… [--reaching TEXT] GLOB…
 *
 * --list prints the files, in the order they would start, and runs none.
 * --reaching TEXT keeps only the files that contain TEXT or import (by a relative path, at any
 * depth) a file that does: the PostgreSQL phase passes TEST_PG_ADMIN_URL.
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
let reaching: string | undefined;
let listOnly = false;
const first: string[] = [];
const excluded: string[] = [];
const patterns: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--concurrency') cap = Math.max(1, Number(args[++i]) || 1);
  else if (a === '--first') first.push(args[++i]!);
  else if (a === '--exclude') excluded.push(args[++i]!);
  else if (a === '--reaching') reaching = args[++i]!;
  else if (a === '--list') listOnly = true;
  else patterns.push(a);
}
const LOAD_LIMIT = Number(process.env.TEST_LOAD_LIMIT) > 0 ? Number(process.env.TEST_LOAD_LIMIT) : 6;
const SETTLE_MS = Number(process.env.TEST_LOAD_SETTLE_MS) >= 0 && process.env.TEST_LOAD_SETTLE_MS ? Number(process.env.TEST_LOAD_SETTLE_MS) : 500;

/**
 * Whether a file, or a file it imports by a relative path (transitively), contains `text`. The
 * PostgreSQL phase runs only the files that reach TEST_PG_ADMIN_URL: the others do not touch the
 * database the phase is about and would only repeat, at the cost of the processor, the SQLite run.
 */
const reaches = (() => {
  const seen = new Map<string, boolean>();
  const visit = (file: string, text: string): boolean => {
    const known = seen.get(file);
    if (known !== undefined) return known;
    seen.set(file, false); // an import cycle does not reach through itself
    let source: string;
    try {
      source = fs.readFileSync(file, 'utf8');
    } catch {
      return false;
    }
    const found = source.includes(text) || [...source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
      .some((m) => visit(path.resolve(path.dirname(file), m[1]!), text));
    seen.set(file, found);
    return found;
  };
  return (file: string, text: string) => visit(path.resolve(file), text);
})();

const files = [...new Set(patterns.flatMap((p) => fs.globSync(p, { exclude: excluded })))]
  .filter((f) => !f.includes('node_modules') && (reaching === undefined || reaches(f, reaching))).sort();
const early = first.flatMap((p) => fs.globSync(p).filter((f) => files.includes(f)).sort());
const queue = [...new Set([...early, ...files])];
if (queue.length === 0) {
  console.error(`nenhum arquivo de teste em: ${patterns.join(' ')}`);
  process.exit(1);
}

if (listOnly) {
  console.log(queue.join('\n'));
  process.exit(0);
}

const cores = os.availableParallelism();
const loadPerCore = () => os.loadavg()[0]! / cores;

interface Counts { tests: number; suites: number; pass: number; fail: number; cancelled: number; skipped: number; todo: number }
const total: Counts = { tests: 0, suites: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
const started = Date.now();
let running = 0;
let lastStart = 0;

let cpuTotal = 0;
/** The children's user + system time from bash's `times` (its second line: '0m12.345s 0m1.234s'). */
function cpuSeconds(times: string): number {
  const line = times.trim().split('\n')[1] ?? '';
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((s, m) => s + Number(m[1]) * 60 + Number(m[2]), 0);
}

/** One file in its own `node --test`; its report is printed whole once it ends, so files do not interleave. */
function runFile(file: string): Promise<void> {
  running++;
  lastStart = Date.now();
  const at = running;
  const load = os.loadavg()[0]!.toFixed(1);
  const t0 = Date.now();
  return new Promise((resolve) => {
    // through bash, whose `times` then prints the processor time of the file and every process it
    // started and reaped (servers, ffmpeg, nginx, Chromium) on fd 3: the figure that adds up on a busy machine
    // --test-isolation=none: the file runs in this `node --test` itself, not in a second process
    // (each file has a process of its own here already; a second one cost about half a second of processor)
    const script = '"$0" --test --test-isolation=none --test-reporter=spec "$1"; rc=$?; times >&3; exit $rc';
    const child = spawn('bash', ['-c', script, process.execPath, path.resolve(file)], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let times = '';
    child.stdout!.on('data', (d: Buffer) => out.push(d));
    child.stderr!.on('data', (d: Buffer) => out.push(d));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (d: Buffer) => { times += d.toString(); });
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
      const cpu = cpuSeconds(times);
      cpuTotal += cpu;
      console.log(`· ${file}: ${Math.round((Date.now() - t0) / 1000)} s, processador ${cpu.toFixed(1)} s (${at} de uma vez, carga ${load})`);
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
console.log(`· processador: ${Math.round(cpuTotal)} s em ${Math.round((Date.now() - started) / 1000)} s`);
if (total.fail + total.cancelled > 0) process.exitCode = 1;
