import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { fallbackMsg, msg } from '@painel/contract';
import { launchBrowser, logIn, newPage } from './support/browser.ts';
import { startStack, type Stack } from './support/stack.ts';

describe('login, shell, settings and logout in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let account: Awaited<ReturnType<Stack['addAccount']>>;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    account = await stack.addAccount({ nome: 'Rádio Aurora' });
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const logInAccount = (page: Page) => logIn(page, account.email, account.password);

  test('empty fields show the validation messages, which clear when edited', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Bem-vindo' }).waitFor();
    await page.getByRole('button', { name: 'Entrar no Painel' }).click();
    await page.getByText(msg.loginRequired).waitFor();
    await page.getByText(msg.passwordRequired).waitFor();
    await page.getByLabel('E-mail ou Usuário').fill('alguem');
    await page.getByText(msg.loginRequired).waitFor({ state: 'detached' });
    assert.equal(await page.getByText(msg.passwordRequired).isVisible(), true);
    await page.context().close();
  });

  test('a wrong password shows the server message under the password field', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.goto('/login');
    await page.getByLabel('E-mail ou Usuário').fill(account.email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar no Painel' }).click();
    await page.getByRole('alert').filter({ hasText: msg.wrongCredentials }).first().waitFor();
    assert.match(page.url(), /\/login$/);
    await page.context().close();
  });

  test('an unauthenticated visit to /dashboard/players lands on /login', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await page.goto('/dashboard/players');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Entrar no Painel' }).waitFor();
    await page.context().close();
  });

  test("logging in lands on /dashboard with the user's name in the shell, and the menu search filters", async () => {
    const page = await newPage(browser, stack.baseUrl);
    await logInAccount(page);
    await page.getByText(msg.loginSuccess).waitFor();
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await page.getByRole('button', { name: 'Menu do usuário' }).filter({ hasText: 'Rádio Aurora' }).waitFor();
    await nav.getByRole('link', { name: 'Gerenciar Vídeos' }).waitFor();
    await page.getByPlaceholder('Buscar...').fill('PLAY');
    await nav.getByRole('link', { name: 'Players' }).waitFor();
    await nav.getByRole('link', { name: 'Playlists' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Gerenciar Vídeos' }).count(), 0);
    assert.equal(await nav.getByRole('link', { name: 'Dados de Conexão' }).count(), 0);
    // typed without the accent, as most people do
    await page.getByPlaceholder('Buscar...').fill('video');
    await nav.getByRole('link', { name: 'Gerenciar Vídeos' }).waitFor();
    await nav.getByRole('link', { name: 'Conversão de Vídeos' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Players' }).count(), 0);
    await page.getByPlaceholder('Buscar...').fill('');
    await nav.getByRole('link', { name: 'Gerenciar Vídeos' }).waitFor();
    // the dashboard is the breadcrumb's root: named once
    assert.equal((await page.getByRole('navigation', { name: 'Navegação estrutural' }).innerText()).trim(), 'Dashboard');
    // the user menu is named by what it shows first, then what it is
    await page.getByRole('button', { name: /^Rádio Aurora.*Menu do usuário$/ }).waitFor();
    await page.context().close();
  });

  test('the screens offer only what the panel does today', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await logInAccount(page);
    const stats = page.getByRole('region', { name: 'Resumo da conta' });
    await stats.getByText('Total de vídeos', { exact: true }).waitFor();
    await stats.getByText('Espectadores ativos', { exact: true }).waitFor();
    // the playlists card shows the account's real count: none yet, then the one created
    await stats.getByText('Playlists', { exact: true }).waitFor();
    await stats.getByTestId('stat-playlists').filter({ hasText: /^0$/ }).waitFor();
    const session = await page.evaluate(() => localStorage.getItem('token'));
    const created = await fetch(`${stack.baseUrl}/api/playlists`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'Programação da manhã' }),
    });
    assert.ok(created.ok, `POST /api/playlists: ${created.status}`);
    await page.reload();
    await stats.getByTestId('stat-playlists').filter({ hasText: /^1$/ }).waitFor();
    await page.getByTestId('platform-overview').getByText('YouTube').waitFor();
    // no notifications bell with an unread dot: the panel sends no notices yet
    assert.equal(await page.getByRole('button', { name: 'Notificações' }).count(), 0);

    // the dashboard's 'Iniciar Transmissão' goes where the side menu's entry of that name goes
    await page.getByRole('main').getByRole('link', { name: /^Iniciar Transmissão/ }).click();
    await page.waitForURL('**/dashboard/iniciar-transmissao');
    await page.getByRole('heading', { name: 'Iniciar Transmissão', level: 1 }).waitFor();

    await page.goto('/dashboard/dados-conexao');
    await page.getByText('Ajuda', { exact: true }).waitFor();
    assert.match(await page.getByRole('navigation', { name: 'Navegação estrutural' }).innerText(), /^Dashboard\s*\/\s*Dados de Conexão$/);
    await page.getByText(/^Chave de transmissão: identifica/).waitFor();
    assert.equal(await page.getByText(/Conversão automática/).count(), 0);

    await page.goto('/dashboard/configuracoes');
    await page.getByLabel('Atualização automática').waitFor();
    assert.equal(await page.getByLabel('Notificações').count(), 0);
    // what the hidden option holds is still saved as it was
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText(msg.settingsSaved).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const saved = await (await fetch(`${stack.baseUrl}/api/user-settings`, { headers: { authorization: `Bearer ${token}` } })).json() as { notifications_enabled: boolean };
    assert.equal(saved.notifications_enabled, true);
    await page.context().close();
  });

  test('a reordered and a hidden menu entry survive a reload', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await logInAccount(page);
    await page.goto('/dashboard/configuracoes');
    // move "Dados de Conexão" one place up, above "Iniciar Transmissão", with the keyboard sensor
    const handle = page.getByRole('button', { name: 'Arrastar Dados de Conexão' });
    await handle.focus();
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250); // the sortable animates each step
    }
    const handles = await page.getByRole('button', { name: /^Arrastar / }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    assert.ok(handles.indexOf('Arrastar Dados de Conexão') < handles.indexOf('Arrastar Iniciar Transmissão'), handles.join(' | '));
    await page.getByRole('button', { name: 'Ocultar Espectadores' }).click();
    await page.getByRole('button', { name: 'Mostrar Espectadores' }).waitFor();
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText(msg.settingsSaved).waitFor();

    await page.reload();
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await nav.getByRole('link', { name: 'Dados de Conexão' }).waitFor();
    const labels = await nav.getByRole('link').allInnerTexts();
    const order = labels.map((l) => l.trim());
    assert.ok(order.indexOf('Dados de Conexão') < order.indexOf('Iniciar Transmissão'), order.join(' | '));
    assert.equal(order.includes('Espectadores'), false);
    await page.context().close();
  });

  test('"Menu lateral recolhido" opens the panel with the side menu folded to its icons', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await logInAccount(page);
    await page.goto('/dashboard/configuracoes');
    await page.getByLabel('Menu lateral recolhido').check();
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText(msg.settingsSaved).waitFor();
    await page.reload();
    const width = () => page.locator('aside#menu-lateral').evaluate((el) => el.getBoundingClientRect().width);
    await page.getByRole('button', { name: 'Expandir menu' }).waitFor();
    assert.ok((await width()) < 100, `largura ${await width()}`);
    // the entries are still there, by name, for keyboard and screen-reader users
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Players' }).click();
    await page.waitForURL('**/dashboard/players');
    await page.getByRole('button', { name: 'Expandir menu' }).click();
    await page.getByRole('button', { name: 'Recolher menu' }).waitFor();
    await page.waitForTimeout(400); // the width animates
    assert.ok((await width()) > 250, `largura ${await width()}`);
    await page.context().close();
  });

  test('"Sinal reserva": the slate saved with its text shows its picture; a playlist must be chosen', { timeout: 240_000 }, async () => {
    const page = await newPage(browser, stack.baseUrl);
    await logInAccount(page);
    await page.goto('/dashboard/configuracoes');
    const section = page.getByRole('region', { name: 'Sinal reserva' });
    await section.getByLabel('Imagem', { exact: true }).check();
    // the account has no logo: the section says where one is uploaded
    await section.getByText(/Envie um logo na página Players/).waitFor();
    await section.getByLabel('Texto da imagem').fill('Já voltamos com o culto');
    await section.getByRole('button', { name: 'Salvar sinal reserva' }).click();
    await page.getByText(fallbackMsg.saved).waitFor();
    const preview = section.getByRole('img', { name: 'Prévia da imagem do sinal reserva' });
    await preview.waitFor();
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await preview.elementHandle());
    assert.equal(await preview.evaluate((el) => (el as HTMLImageElement).naturalWidth), 1280);
    // at a phone's width the section fits the window
    await page.setViewportSize({ width: 390, height: 844 });
    assert.ok(await section.evaluate((el) => el.getBoundingClientRect().right <= document.documentElement.clientWidth + 1));
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth));

    // the only playlist has no videos, so none can be chosen: the save names what is missing
    await section.getByLabel('Playlist', { exact: true }).check();
    await section.getByRole('button', { name: 'Salvar sinal reserva' }).click();
    await section.getByRole('alert').filter({ hasText: 'Escolha a playlist do sinal reserva' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const saved = await (await fetch(`${stack.baseUrl}/api/sinal-reserva`, { headers: { authorization: `Bearer ${token}` } })).json() as { tipo: string; texto: string };
    assert.deepEqual({ tipo: saved.tipo, texto: saved.texto }, { tipo: 'imagem', texto: 'Já voltamos com o culto' });
    await page.context().close();
  });

  test('logout shows its message and the old token is refused by the API', async () => {
    const page = await newPage(browser, stack.baseUrl);
    await logInAccount(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    assert.ok(token);
    const before = await fetch(`${stack.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(before.status, 200);
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await page.getByText(msg.logoutSuccess).waitFor();
    const afterLogout = await fetch(`${stack.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(afterLogout.status, 401);
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await page.context().close();
  });
});
