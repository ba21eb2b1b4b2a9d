import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';
import { apiGet, apiLogin, publish, until } from './support/publish.ts';
import { startStack, type Stack } from './support/stack.ts';

interface Conexao { rtmp: { servidor: string; chave: string } }
interface Status { is_live: boolean; obs_stream: { is_live: boolean }; sinal_reserva: { tipo: string; no_ar: boolean } | null }

/** OBS's picture in this test (the publisher's default) and the slate's. */
const OBS_WIDTH = 640;
const SLATE_WIDTH = 1280;

/** One look at the page's <video>: which element (0: none), its clock, picture width and readyState. */
interface Sample { wall: number; t: number; id: number; ct: number; width: number; ready: number }
interface Probe {
  samples: Sample[];
  /** How many <video> elements the page has built (1: never re-mounted). */
  videos: number;
  waiting: number[];
  mediaErrors: string[];
  hlsErrors: { at: number; details: string; fatal: boolean; reason: string }[];
}

/**
 * Runs in the player page before its own script: samples the <video> every 100 ms, tags each
 * element the page builds, counts its 'waiting' events, and hears every error hls.js reports
 * (the page's Hls is wrapped as the library defines it).
 */
function probeVideo(): void {
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
      wall: Date.now(), t: performance.now(), id: v ? Number(v.dataset.probe) : 0,
      ct: v?.currentTime ?? -1, width: v?.videoWidth ?? 0, ready: v?.readyState ?? 0,
    });
  }, 100);
}

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);

/** The first sample after `from` (wall clock) whose picture is `width` wide. */
const shownAt = (samples: Sample[], width: number, from: number) => samples.find((s) => s.wall > from && s.width === width);

/**
 * The longest time the video's clock stood still (ms) within [from, to] (wall clock): from the
 * last sample at which it advanced to the sample before the one at which it advances again (a
 * new element's clock counts only once it advances).
 */
function longestStall(samples: Sample[], from: number, to: number): number {
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
function widthOf(body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const p = spawn('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width', '-of', 'csv=p=0', '-i', 'pipe:0']);
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stdin.on('error', () => {});
    p.once('close', () => resolve(Number(out.trim().split('\n')[0]) || 0));
    p.stdin.end(body);
  });
}

/**
 * A viewer of the channel's HLS playlist as the API serves it: every new fragment listed, when it
 * was first seen (every 100 ms) and its picture's width; the playlist's target duration; and any
 * media sequence number that came to name another fragment (players take that as a broken playlist).
 */
function watchHls(url: string) {
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
      await new Promise((res) => setTimeout(res, 100));
    }
  })();
  return {
    /** When a fragment `width` wide was first listed after `from`. */
    first: (width: number, from: number, what: string) => until(what, async () => seen.find((f) => f.at > from && f.width === width)?.at, 20_000),
    targetMs: () => targetMs,
    renumbered: () => [...renumbered],
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

/**
 * The standby signal seen by a viewer: hls.js in Chromium plays the channel through OBS dropping
 * (the slate goes on in the same playlist) and OBS coming back, without a reload.
 */
describe("'Sinal reserva' in a real player (hls.js in Chromium)", () => {
  let stack: Stack;
  let browser: Browser;
  let obs: ReturnType<typeof publish> | undefined;
  let hls: ReturnType<typeof watchHls> | undefined;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });
  after(async () => {
    await hls?.stop();
    await obs?.drop();
    await browser?.close();
    await stack?.stop();
  });

  test('OBS drops and comes back: the player shows the slate and OBS again, never re-mounted, never stalled longer than the gap', { timeout: 90_000 }, async () => {
    const account = await stack.addAccount({ nome: 'TV Reserva' });
    const token = await apiLogin(stack.baseUrl, account.email, account.password);
    await until('servidor de mídia no ar', async () => {
      const h = (await (await fetch(`${stack.baseUrl}/api/health`)).json()) as { components: Record<string, string> };
      return Object.values(h.components).every((s) => s === 'ok');
    });
    const saved = await fetch(`${stack.baseUrl}/api/sinal-reserva`, {
      method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ tipo: 'imagem' }),
    });
    assert.equal(saved.status, 200, await saved.clone().text());
    const status = () => apiGet<Status>(stack.baseUrl, token, '/api/streaming/status');

    const { rtmp } = await apiGet<Conexao>(stack.baseUrl, token, '/api/dados-conexao');
    const obsUrl = `${rtmp.servidor}/${rtmp.chave}`;
    obs = publish(obsUrl);
    hls = watchHls(`${stack.baseUrl}/hls/${account.usuario}_live.m3u8`);
    await hls.first(OBS_WIDTH, 0, 'o OBS no HLS');
    await until('o sinal reserva pronto atrás do OBS', async () => (await status()).sinal_reserva?.no_ar === false);

    const page = await newPage(browser, stack.baseUrl);
    await page.addInitScript(probeVideo);
    const q = new URLSearchParams({ login: account.usuario, stream: `${account.usuario}_live`, player: 'hlsjs' });
    await page.goto(`/api/player-port/iframe?${q}`);
    // playing OBS with the buffer the player keeps at the live edge
    await page.waitForFunction((w) => {
      const v = document.querySelector<HTMLVideoElement>('#stage video');
      return !!v && v.videoWidth === w && v.currentTime > 2 && !v.paused;
    }, OBS_WIDTH, { timeout: 30_000 });
    /** Resolves once the page's video shows `width` and has played `seconds` of it. */
    const plays = (width: number, seconds: number) => page.waitForFunction(([w, s]) => {
      const samples = (window as unknown as { __probe: Probe }).__probe.samples;
      const i = samples.findLastIndex((x) => x.width !== w);
      const since = samples[i + 1];
      const last = samples.at(-1)!;
      return !!since && last.width === w && last.ct - since.ct >= s;
    }, [width, seconds] as const, { timeout: 30_000, polling: 100 });

    // OBS's connection dies
    await obs.drop();
    const dropped = Date.now();
    const slateListed = await hls.first(SLATE_WIDTH, dropped, 'o sinal reserva no HLS');
    await until('o painel diz que o sinal reserva está no ar', async () => (await status()).sinal_reserva?.no_ar === true);
    await plays(SLATE_WIDTH, 1.5);

    // OBS reconnects
    const back = Date.now();
    obs = publish(obsUrl);
    const obsListed = await hls.first(OBS_WIDTH, back, 'o OBS de volta no HLS');
    await plays(OBS_WIDTH, 1.5);
    const end = Date.now();
    await until('o painel diz que o OBS voltou', async () => {
      const x = await status();
      return x.obs_stream.is_live && x.sinal_reserva?.no_ar === false;
    });

    const probe = await readProbe(page);
    const errorShown = await page.locator('#msg').isVisible();
    await page.context().close();
    const slateShown = shownAt(probe.samples, SLATE_WIDTH, dropped);
    const obsShown = shownAt(probe.samples, OBS_WIDTH, back);
    assert.ok(slateShown && obsShown, 'the player showed the slate, then OBS again');
    const target = hls.targetMs();
    const drop = { gap: slateListed - dropped, shown: slateShown.wall - dropped, stall: longestStall(probe.samples, dropped, back) };
    const ret = { gap: obsListed - back, shown: obsShown.wall - back, stall: longestStall(probe.samples, back, end) };
    const waiting = probe.waiting.filter((at) => at > dropped).length;
    console.log(`SINAL RESERVA (Chromium): queda do OBS → sinal reserva no HLS ${drop.gap} ms, na tela ${drop.shown} ms, maior parada ${drop.stall} ms; `
      + `OBS de volta → no HLS ${ret.gap} ms, na tela ${ret.shown} ms, maior parada ${ret.stall} ms; `
      + `'waiting' ${waiting}; erros do hls.js ${probe.hlsErrors.map((e) => e.details).join(', ') || 'nenhum'}; duração-alvo ${target} ms`);

    assert.deepEqual(hls.renumbered(), [], 'the playlist never listed another fragment under a media sequence number it had used');
    // a fatal error makes the page tear its player down and build another a few seconds later
    assert.deepEqual(probe.hlsErrors.filter((e) => e.fatal).map((e) => `${e.details}: ${e.reason}`), [], 'hls.js never had a fatal error');
    assert.deepEqual(probe.mediaErrors, [], 'the video element never errored');
    assert.equal(probe.videos, 1, 'the page never re-mounted its player');
    assert.equal(errorShown, false, "the page never showed its error notice");
    // hls.js reloads a live playlist once per target duration: it may learn of the first new
    // fragment up to that long after the playlist lists it. It plays two target durations behind
    // the live edge, so with a gap shorter than that it should not stall at all
    assert.ok(drop.stall <= drop.gap + target, `parada de ${drop.stall} ms na queda (lacuna no HLS ${drop.gap} ms, duração-alvo ${target} ms)`);
    assert.ok(ret.stall <= ret.gap + target, `parada de ${ret.stall} ms na volta (lacuna no HLS ${ret.gap} ms, duração-alvo ${target} ms)`);
  });
});
