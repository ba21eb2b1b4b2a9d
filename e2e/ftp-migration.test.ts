import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { msg } from '@painel/contract';
import commonTextsSource from '../apps/web/src/i18n/pt-BR/common.ts';
import tSource from '../apps/web/src/i18n/pt-BR/ftp-migration.ts';
import { startFtpOrigin, type FtpOrigin } from '../apps/server/src/testing/ftp-origin.ts';
import { makeChannelClip } from '../apps/server/src/testing/library.ts';
import { cspViolations, launchBrowser, logIn, newPage } from './support/browser.ts';
import { apiGet, apiFolder, apiLogin } from './support/publish.ts';
import { startStack, type Stack } from './support/stack.ts';
import { ptBR } from './support/texts.ts';

const commonTexts = ptBR(commonTextsSource);
const t = ptBR(tSource);

describe('FTP migration in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let origin: FtpOrigin;
  let dir: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-ftp-'));
    origin = await startFtpOrigin({
      tree: {
        'acervo antigo': {
          'abertura.mp4': makeChannelClip(dir, 'abertura', 'testsrc', 1),
          'entrevista.mp4': makeChannelClip(dir, 'entrevista', 'testsrc2', 1),
          'leia-me.txt': Buffer.from('lista de programas'),
          bastidores: { 'making-of.mp4': makeChannelClip(dir, 'making-of', 'smptebars', 1) },
        },
      },
    });
    stack = await startStack({ OUTBOUND_ALLOW: origin.allowEntry });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    await origin?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('connect, browse into a folder, tick files and scan for more, migrate into a folder with progress, then disconnect', async () => {
    const account = await stack.addAccount();
    const token = await apiLogin(stack.baseUrl, account.email, account.password);
    const folderId = await apiFolder(stack.baseUrl, token, 'Migrados');

    const page = await newPage(browser, stack.baseUrl);
    await logIn(page, account.email, account.password);
    await page.goto('/dashboard/migrar-videos-ftp');
    await page.getByRole('heading', { name: t.title }).waitFor();

    // the form refuses what is missing before anything is sent
    await page.getByRole('button', { name: t.connect }).click();
    await page.getByText(msg.ftpFieldsRequired).waitFor();
    await page.getByLabel(t.ipLabel, { exact: true }).fill(origin.host);
    await page.getByLabel(commonTexts.port, { exact: true }).fill(String(origin.port));
    await page.getByLabel(commonTexts.username, { exact: true }).fill(origin.user);
    await page.getByLabel(commonTexts.password, { exact: true }).fill(origin.password);
    await page.getByRole('button', { name: t.connect }).click();
    await page.getByText(msg.ftpConnected).waitFor();
    await page.getByText(t.connectedTo({ host: origin.host, user: origin.user })).waitFor();

    await page.getByRole('button', { name: t.openDirectory({ name: 'acervo antigo' }) }).click();
    await page.getByRole('navigation', { name: t.breadcrumb }).getByText('acervo antigo').waitFor();
    await page.getByLabel(t.selectFile({ name: 'abertura.mp4' })).check();
    // only videos can be ticked
    assert.equal(await page.getByLabel(t.selectFile({ name: 'leia-me.txt' })).isDisabled(), true);

    await page.getByRole('button', { name: t.scan }).click();
    const found = page.getByRole('dialog', { name: t.scanTitle });
    await found.getByText(t.scanSummary({ videos: 3, dirs: 2 })).waitFor();
    await found.getByRole('button', { name: t.selectNone }).click();
    await found.getByRole('checkbox', { name: /making-of\.mp4/ }).check();
    await found.getByRole('button', { name: t.addToSelection({ n: 1 }) }).click();
    const selection = page.getByRole('list', { name: t.selectionTitle });
    await selection.getByText('/acervo antigo/bastidores/making-of.mp4').waitFor();
    assert.equal(await selection.getByRole('listitem').count(), 2);

    await page.getByLabel(commonTexts.destinationFolder).selectOption({ label: 'Migrados' });
    await page.getByRole('button', { name: t.migrate }).click();
    const progress = page.getByRole('dialog', { name: t.progressTitle });
    await progress.waitFor();
    await progress.getByRole('progressbar', { name: t.progressLabel }).waitFor();
    await page.getByText(msg.ftpMigrationDone(2)).waitFor({ timeout: 60_000 });
    await progress.getByText(t.stateCompleted).waitFor();
    await progress.getByText(t.filesDone({ done: 2, total: 2 })).waitFor();
    await progress.getByRole('button', { name: commonTexts.close }).click();
    // the selection is cleared for the next migration
    await page.getByText(t.selectionEmpty).waitFor();

    const arrived = await apiGet<{ nome: string; duracao: number }[]>(stack.baseUrl, token, `/api/videos?folder_id=${folderId}`);
    assert.deepEqual(arrived.map((v) => v.nome).sort(), ['abertura.mp4', 'making-of.mp4']);
    assert.ok(arrived.every((v) => v.duracao > 0.5), JSON.stringify(arrived));

    await page.getByRole('button', { name: t.disconnect }).click();
    await page.getByText(msg.ftpDisconnected).waitFor();
    assert.equal(await page.getByLabel(t.ipLabel, { exact: true }).inputValue(), '');
    assert.deepEqual(cspViolations(page), []);
    await page.context().close();
  });
});
