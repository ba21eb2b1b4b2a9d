import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { msg, type AndroidConfig } from '@painel/contract';
import commonTextsSource from '../apps/web/src/i18n/pt-BR/common.ts';
import androidAppTextsSource from '../apps/web/src/i18n/pt-BR/android-app.ts';
import { answerConfirm, cspViolations, launchBrowser, logIn, newPage } from './support/browser.ts';
import { apiGet, apiLogin } from './support/publish.ts';
import { startStack, type Stack } from './support/stack.ts';
import { ptBR } from './support/texts.ts';

const commonTexts = ptBR(commonTextsSource);
const androidAppTexts = ptBR(androidAppTextsSource);

/*
 * The Android app as a person makes it: a wrong logo refused in the page before anything is
 * sent, the right images sent, the build seen going from 'Em andamento' to 'Concluído' without
 * reloading, the signed APK downloaded, the installed app's screen configured, and the app
 * removed after confirming.
 */

/** A picture of exactly that size and format, as a person would pick it from disk. */
async function picture(name: string, width: number, height: number, format: 'png' | 'jpeg') {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 0, g: 120, b: 200 } } });
  const buffer = await (format === 'png' ? img.png() : img.jpeg()).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

describe('App Android in Chromium', () => {
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

  test('refuse a wrong logo, create, watch it build, download, configure, remove', { timeout: 240_000 }, async () => {
    const account = await stack.addAccount({ nome: 'TV Android' });
    const token = await apiLogin(stack.baseUrl, account.email, account.password);
    const page = await newPage(browser, stack.baseUrl);
    const creates: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/app-android/create')) creates.push(r.method());
    });
    await logIn(page, account.email, account.password);
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'App Android', exact: true }).click();
    await page.getByRole('heading', { name: androidAppTexts.title, level: 1 }).waitFor();

    // no app yet: the create tab opens, and there is nothing to configure
    const tabs = page.getByRole('tablist', { name: androidAppTexts.tabsLabel });
    assert.equal(await tabs.getByRole('tab', { name: commonTexts.createApp }).getAttribute('aria-selected'), 'true');
    assert.equal(await tabs.getByRole('tab', { name: commonTexts.configureApp }).count(), 0);
    const form = page.getByRole('form', { name: commonTexts.createApp });
    const nome = form.getByLabel(androidAppTexts.nameLabel);
    await nome.fill('TV Cidade Teste');
    await form.getByText(androidAppTexts.nameCounter({ n: 15, max: 30 })).waitFor();

    // a 200x200 logo is refused in the page, with the exact message, and nothing is sent
    const logo = form.getByLabel(commonTexts.logo, { exact: true });
    await logo.setInputFiles(await picture('logo.png', 200, 200, 'png'));
    await form.getByTestId('image-error-logo').getByText(msg.androidLogoSize).waitFor();
    await form.getByLabel(commonTexts.icon, { exact: true }).setInputFiles(await picture('icone.png', 144, 144, 'png'));
    await form.getByLabel(androidAppTexts.backgroundLabel, { exact: true }).setInputFiles(await picture('fundo.jpg', 640, 1136, 'jpeg'));
    await form.getByRole('button', { name: commonTexts.createApp }).click();
    await toast(page, msg.androidLogoSize).waitFor();
    assert.deepEqual(creates, []);

    // the right logo, a version and a theme: created, and the apps tab opens on the build
    await logo.setInputFiles(await picture('logo.png', 300, 300, 'png'));
    await form.getByLabel(androidAppTexts.versionLabel).selectOption('1.2');
    await form.getByLabel(commonTexts.site).fill('https://tvcidade.example.com');
    await form.getByRole('button', { name: commonTexts.createApp }).click();
    await toast(page, msg.androidCreated).waitFor({ timeout: 60_000 });
    assert.deepEqual(creates, ['POST']);
    assert.equal(await tabs.getByRole('tab', { name: androidAppTexts.apps }).getAttribute('aria-selected'), 'true');
    await tabs.getByRole('tab', { name: androidAppTexts.tabCreateAgain }).waitFor();
    const row = page.getByTestId('android-app-row');
    assert.equal(await row.count(), 1);
    assert.match(await row.innerText(), /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    assert.match(await row.innerText(), /TV Cidade Teste · v1\.2/);
    // the phone preview shows the channel's Android page
    assert.equal(await page.getByTestId('android-preview').getAttribute('src'), `/webapp/${account.usuario}/tv/`);
    // the list turns the row 'Concluído' by itself (no reload), and only then offers the APK
    const status = row.getByTestId('android-status');
    await status.getByText('Em andamento').waitFor({ timeout: 60_000 });
    await status.getByText('Concluído').waitFor({ timeout: 90_000 });
    const apk = row.getByRole('button', { name: new RegExp(`^${commonTexts.downloadApk}`) });
    const [download] = await Promise.all([page.waitForEvent('download'), apk.click()]);
    assert.match(download.suggestedFilename(), /\.apk$/);
    const head = (await fs.readFile(await download.path())).subarray(0, 2).toString('latin1');
    assert.equal(head, 'PK');

    // configure: the player as the start screen and a red text; the saved configuration says so
    await tabs.getByRole('tab', { name: commonTexts.configureApp }).click();
    const conf = page.getByRole('form', { name: commonTexts.configureApp });
    assert.equal(await conf.getByRole('radio', { name: androidAppTexts.startScreenLogo }).isChecked(), true);
    await conf.getByRole('radio', { name: commonTexts.player }).check();
    await conf.getByLabel(commonTexts.textColor).fill('#ff0000');
    await conf.getByText('#FF0000').waitFor();
    await conf.getByRole('button', { name: androidAppTexts.configure }).click();
    await toast(page, msg.androidConfigured).waitFor();
    const saved = await apiGet<{ config: AndroidConfig }>(stack.baseUrl, token, '/api/app-android/config');
    assert.deepEqual([saved.config.app_tela_inicial, saved.config.app_cor_texto], [2, '#FF0000']);
    // the form shows what was saved
    assert.equal(await conf.getByRole('radio', { name: commonTexts.player }).isChecked(), true);

    // remove, after confirming: nothing is left to list
    await tabs.getByRole('tab', { name: androidAppTexts.apps }).click();
    await row.getByRole('button', { name: new RegExp(`^${commonTexts.remove}`) }).click();
    assert.equal(await answerConfirm(page), msg.androidRemoveConfirm);
    await toast(page, msg.androidRemoved).waitFor();
    await page.getByTestId('android-empty').getByText(androidAppTexts.emptyTitle).waitFor();
    assert.equal(await tabs.getByRole('tab', { name: commonTexts.configureApp }).count(), 0);
    const list = await apiGet<{ apps: unknown[] }>(stack.baseUrl, token, '/api/app-android');
    assert.deepEqual(list.apps, []);
    assert.deepEqual(cspViolations(page), []);
    await page.context().close();
  });
});
