import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import type { WebAppBanner } from '@painel/contract';
import { cspViolations, launchBrowser, newPage } from './support/browser.ts';
import { apiGet, apiLogin, until } from './support/publish.ts';
import { startStack, type Stack } from './support/stack.ts';

/*
 * The channel's published app as a visitor meets it: the owner saves the app and two banners
 * through the panel's API, then a phone-sized Chromium opens /webapp/{login}/, sees the name,
 * the programming text and the player, gets the service worker, watches the banner change
 * after a minute (the page's clock moved forward), clicks a banner and writes in the chat.
 */
describe('published web app in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let login: string;
  let token: string;

  const form = async (path: string, fields: Record<string, string>, files: Record<string, Buffer> = {}) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    for (const [k, v] of Object.entries(files)) body.append(k, new Blob([new Uint8Array(v)], { type: 'image/png' }), `${k}.png`);
    const r = await fetch(`${stack.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
    const json = (await r.json()) as { success?: boolean; error?: string };
    assert.equal(json.success, true, `${path}: ${json.error ?? r.status}`);
  };
  const banners = async () => (await apiGet<{ banners: WebAppBanner[] }>(stack.baseUrl, token, '/api/app-multiplataforma/banners')).banners;
  const total = async (field: 'exibicoes' | 'cliques') => (await banners()).reduce((n, b) => n + b[field], 0);
  const png = (w: number, h: number, r: number, g: number, b: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r, g, b } } }).png().toBuffer();

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const account = await stack.addAccount({ nome: 'TV Horizonte' });
    login = account.usuario;
    token = await apiLogin(stack.baseUrl, account.email, account.password);
    await form('/api/app-multiplataforma', {
      nome: 'TV Horizonte', text_prog: 'Segunda a sexta: Jornal da Manhã às 7h', text_hist: 'No ar desde 1998.',
      modelo: '1', chat: 'true', contador: 'true', cor_menu_escuro: '#102040', cor_splash: '#FF6600', url_site: 'https://tvhorizonte.com.br',
    }, { logo: await png(300, 300, 200, 40, 40) });
    // both banners link to a page of the panel itself: a click opens it without reaching the internet
    await form('/api/app-multiplataforma/banners', { nome: 'Padaria', link: `${stack.baseUrl}/api/health?padaria` }, { banner: await png(400, 60, 250, 200, 0) });
    await form('/api/app-multiplataforma/banners', { nome: 'Oficina', link: `${stack.baseUrl}/api/health?oficina` }, { banner: await png(400, 60, 0, 120, 250) });
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  test('open the app: name, programming, player, service worker, rotating banners, a click, the chat', { timeout: 240_000 }, async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.install();
    await page.goto(`/webapp/${login}/`);

    await page.getByRole('heading', { name: 'TV Horizonte', level: 1 }).waitFor();
    await page.getByText('Segunda a sexta: Jornal da Manhã às 7h').waitFor();
    const player = page.locator('iframe[title="Transmissão ao vivo"]');
    await player.waitFor();
    assert.equal(await player.getAttribute('src'), `/api/player-port/iframe?login=${login}&stream=${login}_live&contador=true`);
    assert.equal(await page.locator('link[rel="manifest"]').getAttribute('href'), `/webapp/${login}/manifest.webmanifest`);
    assert.equal(await page.title(), 'TV Horizonte');

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.ok(scope.endsWith(`/webapp/${login}/`), scope);

    // the strip shows one of the two banners, and that view is counted
    const strip = page.getByTestId('banner');
    await strip.locator('img').waitFor();
    await until('a primeira exibição contada', async () => (await total('exibicoes')) === 1);
    // a minute later (the page's clock moved on) a new pick is asked and counted
    const next = page.waitForResponse((r) => new URL(r.url()).pathname === `/webapp/${login}/banner`);
    await page.clock.fastForward(61_000);
    await next;
    await until('a segunda exibição contada', async () => (await total('exibicoes')) === 2);
    await strip.locator('img').waitFor();

    const [popup] = await Promise.all([page.waitForEvent('popup'), strip.locator('a').click()]);
    await popup.waitForLoadState();
    assert.match(popup.url(), new RegExp(`^${stack.baseUrl}/api/health\\?(padaria|oficina)$`));
    await popup.close();
    assert.equal(await total('cliques'), 1);

    // the chat: what a visitor writes appears as they wrote it, never as markup
    await page.getByRole('tab', { name: 'Chat' }).click();
    await page.getByLabel('Seu nome').fill('Visitante');
    await page.getByLabel('Mensagem').fill('<b>x</b>');
    await page.getByRole('button', { name: 'Enviar' }).click();
    const list = page.getByTestId('chat-messages');
    await list.getByText('<b>x</b>', { exact: true }).waitFor();
    await list.getByText('Visitante', { exact: true }).waitFor();
    assert.equal(await list.locator('b').count(), 0);
    assert.equal(await page.getByLabel('Mensagem').inputValue(), '');

    assert.deepEqual(cspViolations(page), []);

    // the service worker kept the app: it opens again with the network gone
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'TV Horizonte', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Programação' }).click();
    await page.getByText('Segunda a sexta: Jornal da Manhã às 7h').waitFor();
    await page.context().close();
  });
});
