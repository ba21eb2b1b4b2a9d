import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { msg } from '@painel/contract';
import { answerConfirm, cspViolations, launchBrowser, logIn, newPage } from './support/browser.ts';
import { apiGet, apiLogin, publish, until } from './support/publish.ts';
import { startStack, type Stack } from './support/stack.ts';

interface Conexao { rtmp: { servidor: string; chave: string } }
interface Status { is_live: boolean }

/**
 * currentTime of the first <video> matching the selector once it plays, and again once it has
 * played more than a second after that (waited for: a loaded machine plays it, later).
 */
async function advances(page: Page, selector: string): Promise<[number, number]> {
  const video = page.locator(selector).first();
  await video.waitFor({ state: 'attached' });
  await page.waitForFunction((sel) => {
    const v = document.querySelector<HTMLVideoElement>(sel);
    return !!v && v.currentTime > 0.5;
  }, selector, { timeout: 60_000 });
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await page.waitForFunction(([sel, from]) => (document.querySelector<HTMLVideoElement>(sel)?.currentTime ?? 0) > from + 1.2, [selector, t0] as const, { timeout: 60_000 }).catch(() => undefined);
  const t1 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  return [t0, t1];
}

describe('going live from OBS, seen in the dashboard and the embeddable player', () => {
  let stack: Stack;
  let browser: Browser;
  let account: Awaited<ReturnType<Stack['addAccount']>>;
  let token: string;
  let stream: ReturnType<typeof publish> | undefined;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    account = await stack.addAccount({ nome: 'TV Horizonte' });
    token = await apiLogin(stack.baseUrl, account.email, account.password);
    await until('servidor de mídia no ar', async () => {
      const h = (await (await fetch(`${stack.baseUrl}/api/health`)).json()) as { components: Record<string, string> };
      return Object.values(h.components).every((s) => s === 'ok');
    });
  });
  after(async () => {
    await stream?.stop();
    await browser?.close();
    await stack?.stop();
  });

  test('the dashboard shows AO VIVO and its player really plays the live picture', async () => {
    const { rtmp } = await apiGet<Conexao>(stack.baseUrl, token, '/api/dados-conexao');
    stream = publish(`${rtmp.servidor}/${rtmp.chave}`);
    await until('is_live', async () => (await apiGet<Status>(stack.baseUrl, token, '/api/streaming/status')).is_live);

    // a broadcast that names platforms: nothing is restreamed to them yet, so none is shown as transmitting
    const started = await fetch(`${stack.baseUrl}/api/streaming/start`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ titulo: 'Culto de domingo', platform_ids: ['youtube', 'twitch'] }),
    });
    assert.equal(started.status, 200, await started.clone().text());

    const page = await newPage(browser, stack.baseUrl);
    await logIn(page, account.usuario, account.password);
    await page.getByTestId('dashboard-live-badge').waitFor({ timeout: 60_000 });
    await page.getByTestId('platform-overview').getByText('YouTube').waitFor();
    assert.equal(await page.getByText('Transmitindo', { exact: true }).count(), 0);
    assert.match(await page.getByTestId('dashboard-live-badge').innerText(), /AO VIVO/);
    const [t0, t1] = await advances(page, '[data-testid="dashboard-player"]');
    assert.ok(t1 - t0 > 1, `o vídeo do dashboard não avançou (${t0} → ${t1})`);

    // the broadcast on air recorded from the dashboard (the account's setting is off), then no more
    assert.equal(await page.getByTestId('recording-badge').count(), 0);
    await page.getByRole('button', { name: 'Gravar esta transmissão' }).click();
    await page.getByTestId('recording-badge').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Parar gravação' }).click();
    await page.getByTestId('recording-badge').waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByRole('button', { name: 'Gravar esta transmissão' }).waitFor();

    // the players page embeds the panel's own player page, which plays under the panel's policy
    const players = await page.goto('/dashboard/players');
    assert.match(players?.headers()['content-security-policy'] ?? '', /frame-ancestors 'none'/);
    assert.equal(players?.headers()['x-frame-options'], 'DENY');
    const frame = page.frameLocator('[data-testid="external-player-iframe"]');
    await frame.locator('video').first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => {
      const f = document.querySelector<HTMLIFrameElement>('[data-testid="external-player-iframe"]');
      const v = f?.contentDocument?.querySelector('video');
      return !!v && v.currentTime > 1;
    }, undefined, { timeout: 60_000 });
    assert.deepEqual(cspViolations(page), []);
    // the owner watching there is no audience: the page's heartbeats and playlist requests carry the owner's preview grant
    assert.match(await page.getByTestId('external-player-iframe').getAttribute('src') ?? '', /[?&]previa=\d+\./);
    const realTime = await apiGet<{ espectadoresAtivos: number }>(stack.baseUrl, token, '/api/espectadores/tempo-real');
    assert.equal(realTime.espectadoresAtivos, 0);
    await page.context().close();
  });

  for (const player of ['videojs', 'hlsjs', 'clappr'] as const) {
    test(`the iframe page plays the live stream with ${player}`, async () => {
      const page = await newPage(browser, stack.baseUrl);
      const q = new URLSearchParams({ login: account.usuario, stream: `${account.usuario}_live`, player, contador: 'true' });
      await page.goto(`/api/player-port/iframe?${q}`);
      const [t0, t1] = await advances(page, 'video');
      assert.ok(t1 - t0 > 1, `${player}: o vídeo não avançou (${t0} → ${t1})`);
      await page.context().close();
    });
  }

  test("the dashboard's 'Finalizar Transmissão' asks in the panel's own dialog, and 'Cancelar' keeps the channel on air", async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-live-badge').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: /^Finalizar Transmissão/ }).click();
    assert.equal(await answerConfirm(page, 'Cancelar'), msg.finishCurrentConfirm);
    await page.waitForTimeout(1000);
    assert.equal((await apiGet<Status>(stack.baseUrl, token, '/api/streaming/status')).is_live, true);
    await page.getByTestId('dashboard-live-badge').waitFor();
    await page.context().close();
  });

  test("stopping the publisher brings the dashboard back to 'Nenhuma Transmissão Ativa'", async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-live-badge').waitFor({ timeout: 60_000 });
    await stream?.stop();
    await page.getByText('Nenhuma Transmissão Ativa').first().waitFor({ timeout: 60_000 });
    assert.equal(await page.getByTestId('dashboard-live-badge').count(), 0);
    await page.context().close();
  });
});
