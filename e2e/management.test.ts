import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { errorText, startMsg } from '@painel/contract';
import managementSource from '../apps/web/src/i18n/pt-BR/management.ts';
import shellSource from '../apps/web/src/i18n/pt-BR/shell.ts';
import dashboardSource from '../apps/web/src/i18n/pt-BR/dashboard.ts';
import commonSource from '../apps/web/src/i18n/pt-BR/common.ts';
import { answerConfirm, cspViolations, launchBrowser, logIn, newPage } from './support/browser.ts';
import { portugueseOnly, shownText, wordsIn } from './support/languages.ts';
import { apiLogin } from './support/publish.ts';
import { startStack, type Stack } from './support/stack.ts';
import { ptBR } from './support/texts.ts';

const t = ptBR(managementSource);
const shell = ptBR(shellSource);
const dash = ptBR(dashboardSource);
const common = ptBR(commonSource);
const STREAMING_NAME = 'Rádio São João';

/**
 * The password generated for a new account, as its dialog shows it once: read, with the warning
 * and the copy button, closed with 'Pronto'; not on the page afterwards.
 */
async function generatedPassword(page: Page): Promise<string> {
  const shown = page.getByRole('dialog', { name: t.generatedTitle });
  await shown.waitFor();
  const password = (await shown.getByTestId('generated-password-value').innerText()).trim();
  assert.match(password, /^[\w-]{16}$/);
  await shown.getByText(t.generatedWarning).waitFor();
  await shown.getByRole('button', { name: 'Copiar a senha' }).waitFor();
  await shown.getByRole('button', { name: t.done }).click();
  await shown.waitFor({ state: 'detached' });
  assert.equal(await page.getByText(password).count(), 0, 'the password is not shown again');
  return password;
}

/** Signs in through the login screen without waiting for the dashboard (a refused sign-in stays on /login). */
async function tryLogIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail ou Usuário').fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar no Painel' }).click();
}

describe('a reseller manages its streamings in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  test('create (generated password shown once), edit the plan, suspend, reactivate and delete a streaming', { timeout: 240_000 }, async () => {
    const reseller = await stack.addAccount({ tipo: 'revenda', nome: 'Revenda Sul', streamings: 3 });
    // a streaming account has no such link
    const other = await stack.addAccount({ nome: 'Canal Avulso' });
    const plain = await newPage(browser, stack.baseUrl);
    await logIn(plain, other.email, other.password);
    await plain.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    assert.equal(await plain.getByTestId('sidebar-management').count(), 0);
    await plain.context().close();

    const page = await newPage(browser, stack.baseUrl);
    await logIn(page, reseller.email, reseller.password);
    await page.getByRole('navigation', { name: 'Gestão' }).getByRole('link', { name: 'Streamings' }).click();
    await page.waitForURL('**/dashboard/streamings');
    await page.getByRole('heading', { name: 'Streamings', level: 1 }).waitFor();
    const pool = page.getByTestId('pool-summary');
    assert.match(await pool.getByTestId('pool-streamings').innerText(), /0 de 3/);
    assert.match(await pool.getByTestId('pool-viewers').innerText(), /0 de 100/);
    await page.getByText(t.empty).waitFor();

    // a new streaming, the password left empty: the panel generates it and shows it this once
    const login = `loja${process.pid}`;
    await page.getByRole('button', { name: t.newStreaming }).click();
    const form = page.getByRole('dialog', { name: t.createTitle });
    await form.getByLabel(t.emailLabel).fill(`${login}@exemplo.com.br`);
    await form.getByLabel(t.loginLabel).fill(login);
    await form.getByLabel(t.nameLabel).fill(STREAMING_NAME);
    await form.getByLabel(t.viewersLabel).fill('40');
    await form.getByLabel(t.storageLabel).fill('300');
    assert.equal(await form.getByTestId('pool-left-espectadores').innerText(), t.viewersRemaining({ n: '100' }));
    await form.getByRole('button', { name: t.create }).click();
    const password = await generatedPassword(page);

    const row = page.getByTestId('streaming-row').filter({ hasText: login });
    await row.waitFor();
    assert.match(await row.innerText(), /Rádio São João/);
    assert.match(await row.getByTestId('streaming-plan').innerText(), /40 espectadores/);
    await page.getByText(t.poolOf({ used: '1', total: '3' })).waitFor();
    // the search ignores accents
    await page.getByLabel(t.searchLabel).fill('sao joao');
    await row.waitFor();
    await page.getByLabel(t.searchLabel).fill('nada-assim');
    await page.getByText(t.noMatch).waitFor();
    await page.getByLabel(t.searchLabel).fill('');

    // the plan: over the pool is refused in the user's language, within it is saved
    await row.getByRole('button', { name: t.editPlan({ login }) }).click();
    const plan = page.getByRole('dialog', { name: t.planTitle({ login }) });
    // its own 40 count back in: 100 of the pool are its to take
    assert.equal(await plan.getByTestId('pool-left-espectadores').innerText(), t.viewersRemaining({ n: '100' }));
    await plan.getByLabel(t.viewersLabel).fill('500');
    await plan.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Espectadores acima do que resta no plano da revenda: restam 100').first().waitFor();
    assert.ok(await plan.isVisible(), 'a refusal keeps the dialog open');
    await plan.getByLabel(t.viewersLabel).fill('60');
    await plan.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText(t.planSaved({ login })).waitFor();
    await plan.waitFor({ state: 'detached' });
    await row.getByTestId('streaming-plan').getByText(/60 espectadores/).waitFor();
    await page.getByText(t.poolOf({ used: '60', total: '100' })).waitFor();

    // suspended: the streaming cannot sign in
    await row.getByRole('button', { name: t.suspend({ login }) }).click();
    assert.equal(await answerConfirm(page), t.suspendConfirm({ login }));
    await row.getByTestId('streaming-state').getByText(t.stateSuspended, { exact: true }).waitFor();
    const client = await newPage(browser, stack.baseUrl);
    await tryLogIn(client, login, password);
    await client.getByText(startMsg.accountDisabled).first().waitFor();
    assert.match(client.url(), /\/login$/);

    // reactivated: it signs in
    await row.getByRole('button', { name: t.reactivate({ login }) }).click();
    await row.getByTestId('streaming-state').getByText(t.stateActive, { exact: true }).waitFor();
    await logIn(client, login, password);
    await client.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    assert.equal(await client.getByTestId('sidebar-management').count(), 0, 'a streaming has no Streamings link');
    await client.context().close();

    // on a phone the table scrolls in its own box; the page itself does not scroll sideways
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    const sizes = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const table = document.querySelector('[data-testid="streamings-table"]')!;
      const box = table.parentElement!;
      return { main: [main.scrollWidth, main.clientWidth], box: [box.scrollWidth, box.clientWidth], overflow: getComputedStyle(box).overflowX };
    });
    assert.ok(sizes.main[0]! <= sizes.main[1]! + 1, `main scrolls sideways: ${sizes.main.join(' > ')}`);
    assert.equal(sizes.overflow, 'auto');
    assert.ok(sizes.box[0]! > sizes.box[1]!, 'the table is wider than the phone and scrolls in its box');
    await page.setViewportSize({ width: 1366, height: 860 });

    // 'Acessar painel': the streaming's panel as the streaming, a bar on every page, and back
    await row.getByRole('button', { name: t.enterPanel({ login }) }).click();
    await page.waitForURL('**/dashboard');
    const bar = page.getByTestId('panel-access-bar');
    await bar.getByText(shell.accessingAs({ name: STREAMING_NAME })).waitFor();
    await page.goto('/dashboard/playlists');
    await bar.getByText(shell.accessingAs({ name: STREAMING_NAME })).waitFor();
    assert.equal(await page.getByTestId('sidebar-management').count(), 0, 'inside the streaming\'s panel there is no reseller area');
    // another tab of the reseller stays in the reseller's own session
    const otherTab = await page.context().newPage();
    await otherTab.goto('/dashboard/streamings');
    await otherTab.getByTestId('streaming-row').filter({ hasText: login }).waitFor();
    assert.equal(await otherTab.getByTestId('panel-access-bar').count(), 0);
    await otherTab.close();
    await bar.getByRole('button', { name: shell.backToReseller }).click();
    await page.waitForURL('**/dashboard/streamings');
    await row.waitFor();
    assert.equal(await bar.count(), 0);

    // deleted, after a question naming what goes with it
    await row.getByRole('button', { name: t.remove({ login }) }).click();
    const question = await answerConfirm(page);
    assert.equal(question, t.removeConfirm({ login }));
    assert.match(question, /vídeos, as playlists, os agendamentos, os aplicativos e todos os arquivos/);
    await page.getByText(t.removed({ login })).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText(t.poolOf({ used: '0', total: '3' })).waitFor();
    assert.deepEqual(cspViolations(page), []);
    await page.context().close();
  });

  test('the operator sees every account, resellers marked, without a pool', { timeout: 240_000 }, async () => {
    const reseller = await stack.addAccount({ tipo: 'revenda', nome: 'Revenda Norte', streamings: 1 });
    const operator = { email: `operador${process.pid}@exemplo.com.br`, password: `Senha-operador-${process.pid}` };
    await stack.user('add', '--email', operator.email, '--password', operator.password, '--usuario', `operador${process.pid}`, '--tipo', 'admin');
    const page = await newPage(browser, stack.baseUrl);
    await logIn(page, operator.email, operator.password);
    const serversRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/servidores' && r.ok());
    await page.getByRole('navigation', { name: 'Gestão' }).getByRole('link', { name: 'Streamings' }).click();
    await page.getByText(t.subtitleOperator).waitFor();
    const row = page.getByTestId('streaming-row').filter({ hasText: reseller.usuario });
    await row.getByText(t.resellerBadge, { exact: true }).waitFor();
    assert.equal(await page.getByTestId('pool-summary').count(), 0);
    // the operator's own account is not in the list
    assert.equal(await page.getByTestId('streaming-row').filter({ hasText: `operador${process.pid}` }).count(), 0);
    // one server: nowhere to move an account to, so no such action (the list of servers answered first)
    await serversRead;
    assert.equal(await row.getByTestId('move-account').count(), 0);
    // a second server joins (its worker's row, reporting): the action appears, offering it as the target
    const db = new Database(path.join(stack.dataDir, 'painel.db'));
    db.pragma('busy_timeout = 5000');
    const at = new Date().toISOString();
    db.prepare(`INSERT INTO servers (codigo_servidor, host, public_url, rtmp_port, ftp_port, hls_port, started_at, heartbeat_at, cpu_cores, disk_free_mb, disk_total_mb)
      VALUES (2, 'midia2.exemplo.com.br', 'http://midia2.exemplo.com.br:3001', 1935, 2121, 3002, ?, ?, 4, 50000, 100000)`).run(at, at);
    try {
      await page.reload();
      await row.getByRole('button', { name: t.move.action({ login: reseller.usuario }) }).click();
      const dialog = page.getByRole('dialog', { name: t.move.title });
      const choice = dialog.getByLabel(t.move.target);
      await choice.locator('option', { hasText: t.admin.serverOption({ id: 2, host: 'midia2.exemplo.com.br' }) }).waitFor({ state: 'attached' });
      assert.equal(await choice.locator('option', { hasText: t.admin.serverOption({ id: 1, host: 'localhost' }) }).count(), 0, 'not the server it is on');
      await dialog.getByRole('button', { name: common.cancel }).click();
    } finally {
      db.prepare('DELETE FROM servers WHERE codigo_servidor = 2').run();
      db.close();
    }

    // the operator suspends one of the reseller's streamings: the reseller sees whose suspension it
    // is, and has no button to lift it
    const resellerToken = await apiLogin(stack.baseUrl, reseller.email, reseller.password);
    const made = await fetch(`${stack.baseUrl}/api/revenda/streamings`, {
      method: 'POST', headers: { authorization: `Bearer ${resellerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bloqueada${process.pid}@exemplo.com.br`, usuario: `bloqueada${process.pid}`, bitrate: 1000, espectadores: 10, espaco: 100 }),
    });
    assert.equal(made.status, 201, await made.clone().text());
    const login = `bloqueada${process.pid}`;
    await page.reload();
    const held = page.getByTestId('streaming-row').filter({ hasText: login });
    await held.getByRole('button', { name: t.suspend({ login }) }).click();
    await answerConfirm(page);
    await held.getByTestId('streaming-state').getByText(t.stateSuspendedByOperator, { exact: true }).waitFor();
    await held.getByRole('button', { name: t.reactivate({ login }) }).waitFor();
    const resellerPage = await newPage(browser, stack.baseUrl);
    await logIn(resellerPage, reseller.email, reseller.password);
    await resellerPage.goto('/dashboard/streamings');
    const seen = resellerPage.getByTestId('streaming-row').filter({ hasText: login });
    await seen.getByTestId('streaming-state').getByText(t.stateSuspendedByOperator, { exact: true }).waitFor();
    assert.equal(await seen.getByRole('button', { name: t.reactivate({ login }) }).count(), 0, 'the reseller cannot lift the operator\'s suspension');
    await resellerPage.context().close();
    await page.context().close();
  });

  test('the operator\'s Administração: a reseller with its pool, an API key shown once and revoked; the reseller\'s dashboard shows its pool', { timeout: 240_000 }, async () => {
    const a = t.admin;
    const operator = { email: `admin${process.pid}@exemplo.com.br`, password: `Senha-admin-${process.pid}` };
    await stack.user('add', '--email', operator.email, '--password', operator.password, '--usuario', `admin${process.pid}`, '--tipo', 'admin');
    const page = await newPage(browser, stack.baseUrl);
    await logIn(page, operator.email, operator.password);
    await page.getByRole('navigation', { name: 'Gestão' }).getByRole('link', { name: shell.adminLink }).click();
    await page.waitForURL('**/dashboard/administracao');
    await page.getByRole('heading', { name: a.title, level: 1 }).waitFor();
    await page.getByTestId('installation-totals').getByText(a.totalLive).waitFor();
    // 'Servidores': this server, registered by its worker and online while it beats
    const server = page.getByTestId('server-row').filter({ hasText: a.serverName({ id: 1 }) });
    await server.getByTestId('server-state').getByText(a.serverOnline, { exact: true }).waitFor();
    // on a phone the table scrolls inside its box: the page itself never scrolls sideways
    await page.setViewportSize({ width: 390, height: 844 });
    assert.ok(await page.evaluate(() => {
      const main = document.querySelector('main')!;
      return main.scrollWidth <= main.clientWidth + 1 && document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1;
    }), 'Administração fits a phone');
    await page.setViewportSize({ width: 1366, height: 768 });

    // the server's HLS edge: a wrong address is refused with the reason, a right one is shown, then cleared again
    const editEdge = async (value: string) => {
      await server.getByRole('button', { name: a.serverEdgeEdit({ id: 1 }) }).click();
      const dialog = page.getByRole('dialog', { name: a.serverEdgeTitle({ id: 1 }) });
      await dialog.getByLabel(a.serverEdgeLabel).fill(value);
      await dialog.getByRole('button', { name: a.serverEdgeSubmit }).click();
      return dialog;
    };
    const refused = await editEdge('ftp://edge1.exemplo.com.br');
    await page.getByText(errorText('edge_url_invalid')).first().waitFor();
    await refused.getByRole('button', { name: common.cancel }).click();
    await server.getByTestId('server-edge').getByText(a.serverEdgeNone, { exact: true }).waitFor();
    await editEdge('https://edge1.exemplo.com.br/');
    await server.getByTestId('server-edge').getByText('https://edge1.exemplo.com.br', { exact: true }).waitFor();
    await editEdge('');
    await server.getByTestId('server-edge').getByText(a.serverEdgeNone, { exact: true }).waitFor();

    // a new reseller with its pool, the password left empty: generated and shown this once
    const login = `rev${process.pid}`;
    await page.getByRole('button', { name: a.newReseller }).click();
    const form = page.getByRole('dialog', { name: a.createTitle });
    await form.getByLabel(t.emailLabel).fill(`${login}@exemplo.com.br`);
    await form.getByLabel(t.loginLabel, { exact: true }).fill(login);
    await form.getByLabel(t.nameLabel, { exact: true }).fill('Revenda Leste');
    await form.getByLabel(a.streamingsLabel, { exact: true }).fill('4');
    await form.getByLabel(a.viewersPoolLabel).fill('200');
    await form.getByLabel(a.storagePoolLabel).fill('5000');
    assert.equal(await form.getByLabel(a.serverLabel).inputValue(), '', 'the server is chosen automatically unless the operator picks one');
    await form.getByRole('button', { name: a.create }).click();
    const password = await generatedPassword(page);
    const row = page.getByTestId('reseller-row').filter({ hasText: login });
    await row.getByText(a.poolStreamingsUse({ used: '0', total: '4' })).waitFor();
    await row.getByText(a.poolViewersUse({ used: '0', total: '200' })).waitFor();
    await row.getByTestId('reseller-state').getByText(t.stateActive, { exact: true }).waitFor();

    // an API key for that reseller, shown once, then revoked
    await page.getByRole('button', { name: a.newKey }).click();
    const keyForm = page.getByRole('dialog', { name: a.keyCreateTitle });
    await keyForm.getByLabel(a.keyNameLabel).fill('WHMCS');
    await keyForm.getByLabel(a.keyScopeLabel).selectOption({ label: a.scopeReseller({ login }) });
    await keyForm.getByRole('button', { name: a.keyCreate }).click();
    const keyShown = page.getByRole('dialog', { name: a.keyShownTitle });
    await keyShown.waitFor();
    const secret = (await keyShown.getByTestId('created-api-key-value').innerText()).trim();
    assert.match(secret, /^pk_[0-9a-f]{8}_[\w-]{43}$/);
    await keyShown.getByText(a.keyWarning).waitFor();
    await keyShown.getByRole('button', { name: 'Copiar a chave' }).waitFor();
    await keyShown.getByRole('button', { name: t.done }).click();
    await keyShown.waitFor({ state: 'detached' });
    assert.equal(await page.getByText(secret).count(), 0, 'the key is not shown again');
    const keyRow = page.getByTestId('api-key-row').filter({ hasText: 'WHMCS' });
    await keyRow.getByText(a.scopeReseller({ login })).waitFor();
    await keyRow.getByText(a.keyActive, { exact: true }).waitFor();
    await keyRow.getByRole('button', { name: a.revokeKey({ name: 'WHMCS' }) }).click();
    assert.equal(await answerConfirm(page), a.revokeConfirm({ name: 'WHMCS' }));
    await page.getByText(a.keyRevoked({ name: 'WHMCS' })).waitFor();
    await keyRow.getByTestId('api-key-state').getByText(/^Revogada em /).waitFor();
    assert.equal(await keyRow.getByRole('button', { name: a.revokeKey({ name: 'WHMCS' }) }).count(), 0);
    assert.deepEqual(cspViolations(page), []);
    await page.context().close();

    // the reseller signs in with the generated password: its dashboard shows its pool
    const reseller = await newPage(browser, stack.baseUrl);
    await logIn(reseller, login, password);
    const streamings = reseller.getByTestId('reseller-streamings');
    await streamings.getByText(dash.countOfLimit({ n: '0', limit: '4' })).waitFor();
    await reseller.getByTestId('reseller-viewers').getByText(dash.countOfLimit({ n: '0', limit: '200' })).waitFor();
    await reseller.getByText(dash.resellerLive).waitFor();
    // a reseller has no Administração link
    await reseller.getByRole('navigation', { name: 'Gestão' }).getByRole('link', { name: 'Streamings' }).waitFor();
    assert.equal(await reseller.getByRole('link', { name: shell.adminLink }).count(), 0);
    await reseller.context().close();
  });

  test('in en-US and es-ES the reseller\'s and the operator\'s pages show no Portuguese text', { timeout: 240_000 }, async () => {
    const reseller = await stack.addAccount({ tipo: 'revenda', nome: 'Reseller West', streamings: 2 });
    const operator = { email: `operator${process.pid}@example.com`, password: `Operator-password-${process.pid}`, usuario: `operator${process.pid}` };
    await stack.user('add', '--email', operator.email, '--password', operator.password, '--usuario', operator.usuario, '--tipo', 'admin');
    const found: string[] = [];
    for (const [who, language] of [[reseller, 'en-US'], [operator, 'es-ES']] as const) {
      // the account's language, saved as a person does in Configurações
      const token = await apiLogin(stack.baseUrl, who.email, who.password);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const settings = await (await fetch(`${stack.baseUrl}/api/user-settings`, { headers })).json() as Record<string, unknown>;
      const saved = await fetch(`${stack.baseUrl}/api/user-settings`, { method: 'POST', headers, body: JSON.stringify({ ...settings, language }) });
      assert.equal(saved.status, 200);
      // the names the accounts of this file were given are theirs, shown as written
      const portuguese = await portugueseOnly(language, [who.usuario, 'Reseller West', 'Revenda Sul', 'Revenda Norte', 'Revenda Leste', 'Canal Avulso', STREAMING_NAME]);
      const page = await newPage(browser, stack.baseUrl);
      await logIn(page, who.email, who.password);
      const pages = who === reseller ? ['/dashboard', '/dashboard/streamings'] : ['/dashboard/streamings', '/dashboard/administracao'];
      for (const path of pages) {
        await page.goto(path);
        await page.locator('main h1').first().waitFor();
        // the account's language is applied once its settings are read
        await page.waitForFunction((l) => document.documentElement.lang === l, language);
        await page.waitForFunction(() => !document.querySelector('main [role="status"] .animate-spin'));
        const text = await page.evaluate(shownText, 'body');
        for (const words of portuguese) if (wordsIn(words, text)) found.push(`${language} ${path}: «${words}»`);
      }
      await page.context().close();
    }
    assert.deepEqual(found, [], `textos em português:\n${found.join('\n')}`);
  });
});
