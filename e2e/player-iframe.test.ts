import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Frame, Page } from 'playwright-core';
import { msg } from '@painel/contract';
import { testStreamArgs } from '@painel/media/test-stream';
import { launchBrowser } from './support/browser.ts';
import { startStack, type Stack } from './support/stack.ts';

/**
 * The embeddable player as a customer's site uses it: an iframe on another origin, fed by
 * a real OBS-like publish into the nginx-rtmp that `./painel start` runs.
 */
describe('embedded player in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let login: string;
  let key: string;
  let token: string;
  let publisher: ChildProcess | undefined;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    login = `tv${process.pid}`;
    const password = 'Senha-do-canal-1';
    await stack.user('add', '--email', `${login}@exemplo.com.br`, '--password', password, '--usuario', login, '--espectadores', '1');
    const auth = await (await fetch(`${stack.baseUrl}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: login, password }),
    })).json();
    const data = await (await fetch(`${stack.baseUrl}/api/dados-conexao`, { headers: { authorization: `Bearer ${auth.token}` } })).json();
    key = data.rtmp.chave;
    token = auth.token;
  });
  after(async () => {
    publisher?.kill('SIGKILL');
    await browser?.close();
    await stack?.stop();
  });

  interface Beat { status: number; body: { code?: string; error?: string; live?: boolean } | null }

  /** A page on another origin (about:blank) embedding the player, as a customer's site would; with the answers to its heartbeats. */
  async function embed(player: string): Promise<{ page: Page; frame: Frame; beats: Beat[]; playlists: string[] }> {
    const page = await browser.newPage({ locale: 'pt-BR' });
    const beats: Beat[] = [];
    const playlists: string[] = [];
    page.on('request', (r) => { if (r.url().includes('.m3u8')) playlists.push(r.url()); });
    page.on('response', (r) => {
      if (r.url().includes('/api/player-port/heartbeat')) void r.json().then((body) => beats.push({ status: r.status(), body }), () => beats.push({ status: r.status(), body: null }));
    });
    const src = `${stack.baseUrl}/api/player-port/iframe?login=${login}&stream=${login}_live&player=${player}&contador=true`;
    await page.setContent(`<iframe src="${src}" width="640" height="360" allow="autoplay"></iframe>`);
    const frame = await (await page.waitForSelector('iframe')).contentFrame();
    assert.ok(frame);
    return { page, frame, beats, playlists };
  }

  // bounds only end a broken test: the first fragments of a fresh publish and a player's start are slow on a loaded machine
  const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 60_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`não aconteceu a tempo: ${what}`);
      await sleep(100);
    }
  };
  const videoTime = (frame: Frame) => frame.evaluate(() => document.querySelector('video')?.currentTime ?? -1);

  const playing = (frame: Frame) =>
    frame.waitForFunction(() => [...document.querySelectorAll('video')].some((v) => v.currentTime > 0.5 && !v.paused), null, { timeout: 90_000 });

  /** Leaves the player as a viewer closing the tab does, and waits until the server no longer counts it (its beacon frees the place). */
  const leave = async (page: Page, frame: Frame) => {
    await frame.evaluate(() => (location.href = 'about:blank'));
    await until('o lugar do espectador liberado', async () => {
      const r = await fetch(`${stack.baseUrl}/api/espectadores/tempo-real`, { headers: { authorization: `Bearer ${token}` } });
      return r.ok && (await r.json()).espectadoresAtivos === 0;
    });
    await page.close();
  };

  test('offline picture while nothing is live', async () => {
    const { page, frame } = await embed('videojs');
    await frame.getByText(msg.noLiveBroadcast).waitFor();
    await page.close();
  });

  test('live: each player plays the picture from another origin; the counter counts; the limit holds', async () => {
    const rtmpPort = stack.env.RTMP_PORT;
    publisher = spawn('ffmpeg', testStreamArgs({ url: `rtmp://127.0.0.1:${rtmpPort}/live/${key}` }), { stdio: 'ignore' });
    for (const player of ['videojs', 'hlsjs', 'clappr']) {
      const { page, frame, playlists } = await embed(player);
      await playing(frame);
      assert.equal(await frame.locator('#viewers').textContent(), '1', player);
      // its playlist requests name its viewer session, so they are not counted as a second viewer (the plan allows one)
      assert.ok(playlists.length > 0 && playlists.every((u) => /[?&]sessao=[\w-]+/.test(u)), `${player}: ${playlists.join(' ')}`);
      // the plan allows one viewer: a second embed gets the notice instead of the picture
      if (player === 'videojs') {
        const other = await embed('hlsjs');
        await other.frame.getByText(msg.playerViewerLimit).waitFor();
        assert.equal(await other.frame.locator('video').count(), 0);
        // the server says so distinctly: not a rate limit, but the plan's viewer limit
        assert.deepEqual(other.beats.map((b) => [b.status, b.body?.code]), [[403, 'viewer_limit']]);
        await other.page.close();
      }
      // leaving sends the player's beacon, which frees the place for the next one
      await leave(page, frame);
    }
  });

  test('a rate-limited heartbeat (429) leaves the picture playing; the next ones count again', async () => {
    const { page, frame, beats } = await embed('hlsjs');
    await playing(frame);
    let refused = 0;
    const tooMany = JSON.stringify({ success: false, error: msg.tooManyRequests, code: 'rate_limited' });
    await page.route('**/api/player-port/heartbeat', (route) => {
      refused++;
      return route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '10' }, body: tooMany });
    });
    await until('um heartbeat recusado com 429', () => refused >= 1);
    // the picture goes on after the refusal: its clock moves on (however slowly the machine plays it)
    const t0 = await videoTime(frame);
    await until('o vídeo seguindo depois do 429', async () => (await videoTime(frame)) > t0 + 0.5);
    assert.equal(await frame.locator('#msg').isHidden(), true);
    assert.equal(await frame.getByText(msg.tooManyRequests).count(), 0);

    await page.unroute('**/api/player-port/heartbeat');
    const before = beats.length;
    await until('um heartbeat aceito depois do 429', () => beats.slice(before).some((b) => b.status === 200 && b.body?.live === true));
    assert.equal(await frame.locator('#viewers').textContent(), '1');
    assert.equal(await frame.locator('video').count(), 1);
    await leave(page, frame);
  });
});
