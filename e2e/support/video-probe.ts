/**
 * Measuring what a viewer of the panel's player page sees: an in-page probe of its <video>, what
 * to read from its samples, and a watcher of the channel's HLS playlist as the API serves it.
 * Shared by the e2e test of the standby signal and bench/fallback.
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';

/**
 * One look at the page's <video>: which element (0: none), its clock, picture width and
 * readyState, and whether the page's offline picture or its error notice covers the player.
 */
export interface Sample { wall: number; t: number; id: number; ct: number; width: number; ready: number; notice: boolean }
export interface Probe {
  samples: Sample[];
  /** How many <video> elements the page has built (1: never re-mounted). */
  videos: number;
  waiting: number[];
  mediaErrors: string[];
  hlsErrors: { at: number; details: string; fatal: boolean; reason: string }[];
}

/**
 * Runs in the player page before its own script (page.addInitScript: it must not use anything
 * from this module): samples the <video> every 100 ms, tags each element the page builds, counts
 * its 'waiting' events and errors, and hears every error hls.js reports (the page's Hls is
 * wrapped as the library defines it).
 */
export function probeVideo(): void {
  const probe: Probe = { samples: [], videos: 0, waiting: [], mediaErrors: [], hlsErrors: [] };
  (window as unknown as { __probe: Probe }).__probe = probe;
  type ErrorData = { details: string; fatal: boolean; reason?: string; error?: Error };
  type HlsClass = new (c?: object) => { on(e: string, f: (e: string, d: ErrorData) => void): void };
  let Wrapped: unknown;
  Object.defineProperty(window, 'Hls', {
    configurable: true,
    get: () => Wrapped,
    set(Original: HlsClass & { Events: { ERROR: string } }) {
      Wrapped = class extends Original {
        constructor(c?: object) {
          super(c);
          this.on(Original.Events.ERROR, (_e, d) => probe.hlsErrors.push({
            at: Date.now(), details: d.details, fatal: d.fatal, reason: (d.reason ?? d.error?.message ?? '').split('\n')[0]!,
          }));
        }
      };
    },
  });
  setInterval(() => {
    const v = document.querySelector<HTMLVideoElement>('#stage video');
    if (v && !v.dataset.probe) {
      v.dataset.probe = String(++probe.videos);
      v.addEventListener('waiting', () => probe.waiting.push(Date.now()));
      v.addEventListener('error', () => probe.mediaErrors.push(v.error?.message || String(v.error?.code)));
    }
    probe.samples.push({
      wall: Date.now(), t: performance.now(), id: v ? Number(v.dataset.probe) : 0, ct: v?.currentTime ?? -1,
      width: v?.videoWidth ?? 0, ready: v?.readyState ?? 0,
      // the page's offline picture or its error notice covers the player
      notice: ['offline', 'msg'].some((id) => document.getElementById(id)?.hidden === false),
    });
  }, 100);
}

/** What the probe has gathered so far in `page`. */
export const readProbe = (page: Page): Promise<Probe> => page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);

/** The first sample after `from` (wall clock) whose picture is `width` wide (and, given `id`, of that element). */
export const shownAt = (samples: Sample[], width: number, from: number, id?: number): Sample | undefined =>
  samples.find((s) => s.wall > from && s.width === width && (id === undefined || s.id === id));

/**
 * The longest time the video's clock stood still (ms) within [from, to] (wall clock): from the
 * last sample at which it advanced to the sample before the one at which it advances again (a
 * new element's clock counts only once it advances).
 */
export function longestStall(samples: Sample[], from: number, to: number): number {
  let moved: Sample | null = null;
  let longest = 0;
  for (let i = 1; i < samples.length; i++) {
    const [prev, s] = [samples[i - 1]!, samples[i]!];
    if (s.id && s.id === prev.id && s.ct > prev.ct + 0.001) {
      if (moved && prev.wall >= from && moved.wall <= to) longest = Math.max(longest, prev.t - moved.t);
      moved = s;
    }
  }
  const last = samples.at(-1);
  if (moved && last && last.wall >= from && moved.wall <= to) longest = Math.max(longest, last.t - moved.t);
  return Math.round(longest);
}

/** The picture width of an MPEG-TS fragment (ffprobe reading it from stdin), 0 when unreadable. */
export function widthOf(body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const p = spawn('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width', '-of', 'csv=p=0', '-i', 'pipe:0']);
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stdin.on('error', () => {});
    p.once('close', () => resolve(Number(out.trim().split('\n')[0]) || 0));
    p.stdin.end(body);
  });
}

/** How the caller waits for something to be found: `find` polled until it gives a value, failing after its own timeout. */
export type Wait = (what: string, find: () => Promise<number | undefined>) => Promise<number>;

/**
 * A viewer of the channel's HLS playlist as the API serves it: every new fragment listed, when it
 * was first seen (every 100 ms) and its picture's width; the playlist's target duration; and any
 * media sequence number that came to name another fragment (players take that as a broken playlist).
 * `first` waits through `wait`.
 */
export function watchHls(url: string, wait: Wait) {
  const seen: { at: number; width: number }[] = [];
  const names = new Set<string>();
  const bySequence = new Map<number, string>();
  const renumbered: string[] = [];
  let targetMs = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const r = await fetch(url).catch(() => null);
      if (r?.status === 200) {
        const text = await r.text();
        targetMs = Number(/^#EXT-X-TARGETDURATION:(\d+)/m.exec(text)?.[1] ?? 0) * 1000 || targetMs;
        const sequence = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)/m.exec(text)?.[1] ?? 0);
        const listed = text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
        listed.forEach((line, i) => {
          const before = bySequence.get(sequence + i);
          if (before && before !== line) renumbered.push(`${sequence + i}: ${before.split('/').pop()} → ${line.split('/').pop()}`);
          bySequence.set(sequence + i, line);
        });
        for (const line of listed) {
          if (names.has(line)) continue;
          names.add(line);
          const at = Date.now();
          const f = await fetch(new URL(line, url)).catch(() => null);
          seen.push({ at, width: f?.ok ? await widthOf(Buffer.from(await f.arrayBuffer())) : 0 });
        }
      }
      await sleep(100);
    }
  })();
  return {
    /** When a fragment `width` wide was first listed after `from`. */
    first: (width: number, from: number, what: string) => wait(what, async () => seen.find((f) => f.at > from && f.width === width)?.at),
    targetMs: () => targetMs,
    renumbered: () => [...renumbered],
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
