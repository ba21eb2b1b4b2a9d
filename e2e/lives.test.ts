import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { LIVE_STATE_TEXT, msg } from '@painel/contract';
import { startRtmpDestination, type RtmpDestination } from '../apps/server/src/testing/rtmp-destination.ts';
import { answerConfirm, cspViolations, launchBrowser, logIn, newPage } from './support/browser.ts';
import { apiGet, apiLogin, publish, until } from './support/publish.ts';
import { startStack, type Stack } from './support/stack.ts';

/** A wall-clock time in São Paulo as a datetime-local input takes it (yyyy-mm-ddThh:mm). */
function localInput(msFromNow: number): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Sao_Paulo', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
  }).formatToParts(new Date(Date.now() + msFromNow)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

describe('lives in Chromium', () => {
  let stack: Stack;
  let dest: RtmpDestination;
  let browser: Browser;
  let obs: ReturnType<typeof publish> | undefined;

  before(async () => {
    dest = await startRtmpDestination({ keys: ['chave-do-canal'] });
    stack = await startStack({ OUTBOUND_ALLOW: dest.allowEntry });
    browser = await launchBrowser();
  });
  after(async () => {
    await obs?.stop();
    await browser?.close();
    await stack?.stop();
    await dest?.close();
  });

  test('register a live with the form, see it transmitting, finish it after confirming', async () => {
    const account = await stack.addAccount({ nome: 'TV Serra' });
    const token = await apiLogin(stack.baseUrl, account.email, account.password);
    const { rtmp } = await apiGet<{ rtmp: { servidor: string; chave: string } }>(stack.baseUrl, token, '/api/dados-conexao');
    obs = publish(`${rtmp.servidor}/${rtmp.chave}`);
    await until('OBS ao vivo', async () => (await apiGet<{ is_live: boolean }>(stack.baseUrl, token, '/api/streaming/status')).is_live);

    const page = await newPage(browser, stack.baseUrl);
    await logIn(page, account.email, account.password);
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Iniciar Transmissão' }).click();
    await page.getByRole('heading', { name: 'Iniciar Transmissão', level: 1 }).waitFor();
    await page.getByTestId('lives-live-badge').waitFor({ timeout: 60_000 });

    const form = page.getByRole('form', { name: 'Cadastrar Live' });
    const submit = form.getByRole('button', { name: 'Cadastrar Live' });
    // choosing a platform fills its server
    await form.getByLabel('Plataforma').selectOption({ label: 'Twitch' });
    assert.equal(await form.getByLabel('Servidor RTMP').inputValue(), 'rtmp://live.twitch.tv/app');
    await form.getByLabel('Plataforma').selectOption({ label: 'RTMP Próprio' });
    assert.equal(await form.getByLabel('Servidor RTMP').inputValue(), '');
    assert.equal(await form.getByLabel('Data de início').isDisabled(), true);
    assert.equal(await submit.isDisabled(), true);
    // the disabled button says what is missing
    const missing = form.getByTestId('live-missing-fields');
    assert.equal(await missing.innerText(), 'Falta preencher: Servidor RTMP, Chave da transmissão e Data fim');
    assert.equal(await submit.getAttribute('aria-describedby'), await missing.getAttribute('id'));
    await form.getByLabel('Servidor RTMP').fill(dest.server);
    await form.getByLabel('Chave da transmissão').fill('chave-do-canal');
    assert.equal(await submit.isDisabled(), true, 'sem data fim');
    assert.equal(await missing.innerText(), 'Falta preencher: Data fim');
    await form.getByLabel('Iniciar agora').uncheck();
    assert.equal(await missing.innerText(), 'Falta preencher: Data de início e Data fim');
    await form.getByLabel('Iniciar agora').check();
    await form.getByLabel('Data fim').fill(localInput(3_600_000));
    assert.equal(await missing.innerText(), '');
    await submit.click();
    await page.getByText(msg.liveStarted).waitFor();

    const row = page.getByRole('row').filter({ hasText: 'RTMP Próprio' });
    await row.waitFor();
    // the table polls every 30 s; a person clicks Atualizar
    await until('transmitindo', async () => {
      await page.getByRole('button', { name: 'Atualizar' }).click();
      await page.waitForTimeout(700);
      return (await row.getByTestId('live-status').innerText()).includes(LIVE_STATE_TEXT.live);
    }, 25_000);
    assert.ok((await dest.received('chave-do-canal')).bytes > 0, 'a plataforma recebe');
    assert.doesNotMatch(await row.innerText(), /chave-do-canal/);

    // the dashboard says which platform really receives the channel
    await page.goto('/dashboard');
    await page.getByTestId('platform-overview').getByRole('listitem').filter({ hasText: 'RTMP Próprio' }).getByText('Transmitindo').waitFor();
    assert.equal(await page.getByTestId('platform-overview').getByText('Transmitindo').count(), 1);
    await page.goto('/dashboard/iniciar-transmissao');
    await row.waitFor();

    await row.getByRole('button', { name: 'Finalizar live RTMP Próprio' }).click();
    assert.equal(await answerConfirm(page), msg.liveFinishConfirm);
    await page.getByText(msg.liveStopped).waitFor();
    await until('finalizada na tabela', async () => (await row.getByTestId('live-status').innerText()).includes(LIVE_STATE_TEXT.finished), 10_000);
    await until('a plataforma deixa de receber', async () => !(await dest.received('chave-do-canal')).publishing, 10_000);
    assert.deepEqual(cspViolations(page), []);
    await page.context().close();
  });

  test('the lives page writes dates in the account\'s language and time zone', async () => {
    const account = await stack.addAccount({ nome: 'TV Norte' });
    const token = await apiLogin(stack.baseUrl, account.email, account.password);
    const call = async (method: string, url: string, body?: unknown) => {
      const r = await fetch(`${stack.baseUrl}${url}`, {
        method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
      });
      assert.ok(r.ok, `${method} ${url}: ${await r.clone().text()}`);
      return r.json() as Promise<Record<string, unknown>>;
    };
    const { source_urls: sources } = (await call('GET', '/api/streaming/source-urls')) as { source_urls: { rtmp: string } };
    // a live tomorrow at 10:30 in São Paulo (the account's zone until it changes)
    const start = localInput(86_400_000).replace(/T\d{2}:\d{2}$/, 'T10:30');
    const [y, mo, d] = start.slice(0, 10).split('-');
    await call('POST', '/api/streaming/start-live', {
      tipo: 'custom', servidor_rtmp: dest.server, servidor_rtmp_chave: 'chave-do-canal', servidor_stm: sources.rtmp,
      inicio_imediato: 'nao', data_inicio: `${d}/${mo}/${y} 10:30`, data_fim: `${d}/${mo}/${y} 11:30`,
    });
    const startsAt = (await call('GET', '/api/streaming/lives') as { lives: { data_inicio: string }[] }).lives[0]!.data_inicio;
    const settings = (await call('GET', '/api/user-settings')) as Record<string, unknown>;

    const page = await newPage(browser, stack.baseUrl);
    await logIn(page, account.email, account.password);
    const cases = [
      ['pt-BR', 'America/Sao_Paulo', `${d}/${mo}/${y} 10:30`],
      ['en-US', 'America/New_York', `${mo}/${d}/${y} 08:30 AM`],
      ['es-ES', 'Asia/Tokyo', new Intl.DateTimeFormat('es-ES', { timeZone: 'Asia/Tokyo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(Date.parse(startsAt)) + ' 22:30'],
    ] as const;
    for (const [language, timezone, shown] of cases) {
      await call('POST', '/api/user-settings', { ...settings, language, timezone });
      await page.goto('/dashboard/iniciar-transmissao');
      const cell = page.getByRole('row').filter({ has: page.getByTestId('live-status') }).first();
      await cell.waitFor();
      // the page opens in the language it last showed and switches once the account's settings arrive
      await until(`página em ${language}`, async () => (await page.evaluate(() => document.documentElement.lang)) === language, 10_000);
      // the same instant, written the way the language writes it, in the chosen zone
      const written = new RegExp(shown.replace(/\s/g, '\\s').replace(/\//g, '\\/'));
      await until(`${language} ${timezone}: ${shown}`, async () => written.test((await cell.innerText()).replace(/\s+/g, ' ')), 10_000);
    }
    await page.context().close();
  });
});
