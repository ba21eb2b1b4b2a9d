import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';
import { apiGet, apiLogin, publish, until } from './support/publish.ts';
import { startStack, type Stack } from './support/stack.ts';
import { longestStall, probeVideo, readProbe, shownAt, watchHls, type Probe } from './support/video-probe.ts';

interface Conexao { rtmp: { servidor: string; chave: string } }
interface Status { is_live: boolean; obs_stream: { is_live: boolean }; sinal_reserva: { tipo: string; no_ar: boolean } | null }

/** OBS's picture in this test (the publisher's default) and the slate's. */
const OBS_WIDTH = 640;
const SLATE_WIDTH = 1280;

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

  test('OBS drops and comes back: the player shows the slate and OBS again, never re-mounted, never stalled longer than the gap', { timeout: 240_000 }, async () => {
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
    hls = watchHls(`${stack.baseUrl}/hls/${account.usuario}_live.m3u8`, (what, find) => until(what, find, 20_000));
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
    }, OBS_WIDTH, { timeout: 60_000 });
    /** Resolves once the page's video shows `width` and has played `seconds` of it. */
    const plays = (width: number, seconds: number) => page.waitForFunction(([w, s]) => {
      const samples = (window as unknown as { __probe: Probe }).__probe.samples;
      const i = samples.findLastIndex((x) => x.width !== w);
      const since = samples[i + 1];
      const last = samples.at(-1)!;
      return !!since && last.width === w && last.ct - since.ct >= s;
    }, [width, seconds] as const, { timeout: 60_000, polling: 100 });

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
