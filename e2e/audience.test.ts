import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { AUDIENCE, AUDIENCE_CSV_COLUMNS, msg, type AudienceMapResponse } from '@painel/contract';
import commonTextsSource from '../apps/web/src/i18n/pt-BR/common.ts';
import audienceTextsSource from '../apps/web/src/i18n/pt-BR/audience.ts';
import { cspViolations, launchBrowser, logIn, newPage } from './support/browser.ts';
import { apiGet, apiLogin, publish, until } from './support/publish.ts';
import { startStack, type Stack } from './support/stack.ts';
import { ptBR } from './support/texts.ts';

const commonTexts = ptBR(commonTextsSource);
const audienceTexts = ptBR(audienceTextsSource);

/*
 * The Espectadores page as the channel owner reads it, over real viewer sessions: the channel is
 * live from an OBS-like publisher, three people watch through the panel's player page (its
 * heartbeats) and four through the HLS link in VLC, from addresses in Brazil, Portugal, the UK,
 * the US and Argentina (the panel sits behind a proxy, so X-Forwarded-For is the viewer).
 */

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const VLC = 'VLC/3.0.18 LibVLC/3.0.18';

/** Player pages: São Paulo, Tatuí and Lisbon. */
const PLAYER_VIEWERS = [
  { ip: '177.71.128.10', ua: CHROME },
  { ip: '187.45.0.1', ua: IPHONE },
  { ip: '195.23.1.1', ua: CHROME },
];
/** VLC on the HLS link: São Paulo again (a second person there), Newmarket, the US (no city), Tigre. */
const HLS_VIEWERS = ['177.71.128.10', '81.2.69.142', '8.8.8.8', '190.210.0.1'];

describe('audience (Espectadores) in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let stream: ReturnType<typeof publish> | undefined;
  let keepAlive: NodeJS.Timeout | undefined;

  before(async () => {
    stack = await startStack({ TRUST_PROXY: '1' });
    browser = await launchBrowser();
    await until('servidor de mídia no ar', async () => {
      const h = (await (await fetch(`${stack.baseUrl}/api/health`)).json()) as { components: Record<string, string> };
      return Object.values(h.components).every((s) => s === 'ok');
    }, 30_000);
  });
  after(async () => {
    clearInterval(keepAlive);
    await stream?.stop();
    await browser?.close();
    await stack?.stop();
  });

  test('viewers from five countries: real-time, map, history, top lists, list, search and CSV', { timeout: 240_000 }, async () => {
    const account = await stack.addAccount({ nome: 'TV Audiência' });
    const token = await apiLogin(stack.baseUrl, account.email, account.password);
    const { rtmp } = await apiGet<{ rtmp: { servidor: string; chave: string } }>(stack.baseUrl, token, '/api/dados-conexao');
    stream = publish(`${rtmp.servidor}/${rtmp.chave}`);
    const live = `${account.usuario}_live`;
    // waited for on disk: asking the HLS address would itself be a viewer
    await until('canal no ar com HLS', async () => (await apiGet<{ is_live: boolean }>(stack.baseUrl, token, '/api/streaming/status')).is_live
      && fs.existsSync(path.join(stack.dataDir, 'hls', `${live}.m3u8`)), 40_000);

    // what the player page posts while it plays, and what VLC asks for, kept up like real viewers
    const sessions = new Map<string, string>();
    async function beat(v: { ip: string; ua: string }) {
      const r = await fetch(`${stack.baseUrl}/api/player-port/heartbeat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': v.ip, 'user-agent': v.ua },
        body: JSON.stringify({ login: account.usuario, stream: live, ...(sessions.has(v.ip) && { session: sessions.get(v.ip) }) }),
      });
      const body = (await r.json()) as { live?: boolean; session?: string | null };
      assert.equal(r.status, 200, JSON.stringify(body));
      if (body.session) sessions.set(v.ip, body.session);
    }
    const pull = (ip: string) => fetch(`${stack.baseUrl}/hls/${live}.m3u8`, { headers: { 'x-forwarded-for': ip, 'user-agent': VLC } }).then((r) => r.text());
    const watch = () => Promise.all([...PLAYER_VIEWERS.map(beat), ...HLS_VIEWERS.map(pull)]);
    await watch();
    keepAlive = setInterval(() => void watch().catch(() => undefined), 5_000);
    assert.equal(sessions.size, PLAYER_VIEWERS.length);

    const viewers = PLAYER_VIEWERS.length + HLS_VIEWERS.length;
    const page = await newPage(browser, stack.baseUrl);
    // the owner logs in and the dashboard plays the channel's live preview: the owner is no audience
    await logIn(page, account.email, account.password);
    await until('prévia ao vivo tocando no dashboard', () => page.getByTestId('dashboard-player')
      .evaluate((v: HTMLVideoElement) => v.currentTime > 0), 30_000);
    await page.goto('/dashboard/espectadores');
    await page.getByRole('heading', { name: audienceTexts.title, level: 1 }).waitFor();
    assert.equal(await page.getByLabel(audienceTexts.periodLabel, { exact: true }).inputValue(), '24h');

    // real time: the seven live viewers (not the owner's preview), the plan's limit, the channel on air
    const realTime = page.getByTestId('audience-realtime');
    await until('sete espectadores agora', async () => (await realTime.getByTestId('audience-live-now').innerText()) === String(viewers), 10_000);
    await realTime.getByText(audienceTexts.onAir).waitFor();
    assert.match(await realTime.innerText(), /Limite do plano: \d+ espectadores simultâneos/);
    assert.equal(await page.getByTestId('audience-total').innerText(), String(viewers));

    // the map: the world's countries, one dot per located place, 8 to 24 px by count
    const map = page.getByTestId('audience-map');
    await until('países desenhados', async () => (await map.locator('path.rsm-geography').count()) > 150);
    const { pontos } = await apiGet<AudienceMapResponse>(stack.baseUrl, token, '/api/espectadores/mapa?periodo=24h');
    const places = pontos.map((p) => p.cidade || p.pais);
    for (const city of ['São Paulo', 'Tatuí', 'Lisbon', 'Newmarket', 'Tigre']) assert.ok(places.includes(city), `${city} fora do mapa: ${places.join(', ')}`);
    const dots = map.getByTestId('audience-dot');
    await until('um ponto por lugar', async () => (await dots.count()) === pontos.length);
    const sizes = await dots.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
    for (const s of sizes) assert.ok(s >= AUDIENCE.dotMinPx - 0.5 && s <= AUDIENCE.dotMaxPx + 0.5, `ponto de ${s} px`);
    // São Paulo has two viewers, every other place one: the biggest dot and the smallest
    assert.ok(Math.abs(Math.max(...sizes) - AUDIENCE.dotMaxPx) < 0.5 && Math.abs(Math.min(...sizes) - AUDIENCE.dotMinPx) < 0.5, `tamanhos ${sizes.join(', ')}`);
    assert.equal(await map.locator('title', { hasText: 'São Paulo' }).textContent(), 'São Paulo, Brasil: 2 espectadores (2 ativos)');
    assert.equal(await page.getByText(audienceTexts.mapLoading).count(), 0);

    // the history has this hour's bar; Brasil leads the countries; Desktop, Celular and Outro are the devices
    await until('barras do histórico', async () => (await page.getByTestId('audience-history').locator('.recharts-bar-rectangle').count()) > 0);
    const countries = page.getByTestId('audience-top-countries').getByTestId('top-name');
    assert.equal(await countries.first().innerText(), 'Brasil');
    assert.equal(await countries.count(), AUDIENCE.topEntries);
    const devices = await page.getByTestId('audience-top-devices').getByTestId('top-name').allInnerTexts();
    assert.deepEqual([...devices].sort(), ['Celular', 'Desktop', 'Outro']);

    // the list: every session, with its place (accents intact), device, browser and status
    const list = page.getByTestId('audience-list');
    assert.equal(await list.locator('tbody tr').count(), viewers);
    await list.getByRole('cell', { name: 'São Paulo' }).first().waitFor();
    assert.equal(await list.getByRole('cell', { name: 'Ativo', exact: true }).count(), viewers);
    const iphone = list.locator('tbody tr', { hasText: 'Tatuí' });
    assert.match(await iphone.innerText(), /Celular\s+Safari/);
    assert.match(await list.locator('tbody tr', { hasText: 'Newmarket' }).innerText(), /VLC/);

    // searching without accents, then asking for the inactive ones (there are none)
    await page.getByLabel(audienceTexts.filterLabel, { exact: true }).fill('tatui');
    assert.equal(await list.locator('tbody tr').count(), 1);
    await page.getByLabel(commonTexts.status, { exact: true }).selectOption('inativos');
    await page.getByText(audienceTexts.noMatch).waitFor();
    await page.getByLabel(audienceTexts.filterLabel, { exact: true }).fill('');
    await page.getByLabel(commonTexts.status, { exact: true }).selectOption('todos');

    // the CSV of the period, under the server's name, readable by a Brazilian spreadsheet
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: audienceTexts.export }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^espectadores_24h_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path());
    assert.deepEqual([...csv.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const lines = csv.subarray(3).toString('utf8').trim().split(/\r?\n/);
    assert.equal(lines[0], AUDIENCE_CSV_COLUMNS.join(';'));
    assert.equal(lines.length, 1 + viewers);
    assert.ok(lines.some((l) => l.includes('São Paulo')), lines.join('\n'));
    await page.getByText(msg.audienceExported).waitFor();

    assert.deepEqual(cspViolations(page), []);
    await page.context().close();
  });

  test('a channel nobody watched: the map without dots and what counts as a viewer', { timeout: 240_000 }, async () => {
    const account = await stack.addAccount({ nome: 'TV Silêncio' });
    const page = await newPage(browser, stack.baseUrl);
    await logIn(page, account.email, account.password);
    await page.goto('/dashboard/espectadores');
    await page.getByTestId('audience-empty').getByText(audienceTexts.emptyText).waitFor();
    await page.getByText(audienceTexts.mapEmpty).waitFor();
    assert.ok((await page.getByTestId('audience-map').locator('path.rsm-geography').count()) > 150);
    assert.equal(await page.getByTestId('audience-dot').count(), 0);
    assert.equal(await page.getByTestId('audience-total').innerText(), '0');
    await page.getByTestId('audience-realtime').getByText(audienceTexts.offAir).waitFor();
    // every period answers, the last hour in 5-minute bars
    await page.getByLabel(audienceTexts.periodLabel, { exact: true }).selectOption('1h');
    await page.getByText(audienceTexts.historyDescription({ interval: audienceTexts.intervalNames['5m'] })).waitFor();
    await page.getByTestId('audience-empty').waitFor();
    assert.deepEqual(cspViolations(page), []);
    await page.context().close();
  });
});
