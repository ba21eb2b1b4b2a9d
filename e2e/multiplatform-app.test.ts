import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { msg } from '@painel/contract';
import commonTextsSource from '../apps/web/src/i18n/pt-BR/common.ts';
import multiplatformAppTextsSource from '../apps/web/src/i18n/pt-BR/multiplatform-app.ts';
import { answerConfirm, cspViolations, launchBrowser, logIn, newPage } from './support/browser.ts';
import { startStack, type Stack } from './support/stack.ts';
import { ptBR } from './support/texts.ts';

const commonTexts = ptBR(commonTextsSource);
const multiplatformAppTexts = ptBR(multiplatformAppTextsSource);

/** A plain image of the given size, as a file the page's inputs can pick. */
async function image(dir: string, name: string, width: number, height: number, format: 'png' | 'jpeg'): Promise<string> {
  const file = path.join(dir, name);
  await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } }).toFormat(format).toFile(file);
  return file;
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();

/*
 * The channel's installable app as its owner builds it: created from the form with its images,
 * seen running inside the phone frame, its install codes copied, a banner added, a push sent,
 * and its Android package asked for and followed until it can be downloaded.
 */
describe('app multiplataforma in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let dir: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(process.env.E2E_DATA ?? os.tmpdir(), 'webapp-files-'));
    stack = await startStack();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('create the app, preview it, copy a code, add a banner, push, build the APK', { timeout: 240_000 }, async () => {
    const [logo, background, banner, icon] = await Promise.all([
      image(dir, 'logo.png', 300, 300, 'png'),
      image(dir, 'fundo.jpg', 640, 1136, 'jpeg'),
      image(dir, 'banner.png', 400, 60, 'png'),
      image(dir, 'icone.png', 192, 192, 'png'),
    ]);
    const account = await stack.addAccount({ nome: 'TV App' });
    const page = await newPage(browser, stack.baseUrl);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(page, account.email, account.password);
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'App Multiplataforma' }).click();
    await page.getByRole('heading', { name: multiplatformAppTexts.title, level: 1 }).waitFor();

    // no app yet: the creation tab is open and there is nothing to preview
    const tabs = page.getByRole('tablist', { name: multiplatformAppTexts.tabsLabel });
    assert.equal(await tabs.getByRole('tab', { name: commonTexts.createApp }).getAttribute('aria-selected'), 'true');
    assert.equal(await tabs.getByRole('tab', { name: multiplatformAppTexts.tabPreview }).count(), 0);
    await tabs.getByRole('tab', { name: multiplatformAppTexts.tabNotifications }).click();
    await page.getByText(msg.pushNoApp).waitFor();
    await tabs.getByRole('tab', { name: commonTexts.createApp }).click();

    const form = page.getByRole('form', { name: commonTexts.createApp });
    await form.getByRole('button', { name: multiplatformAppTexts.save }).click();
    await toast(page, msg.appNameRequired);

    await form.getByLabel(multiplatformAppTexts.nameLabel).fill('TV Sol Nascente');
    await form.getByLabel(commonTexts.email).fill('contato@tvsol.com.br');
    await form.getByLabel(commonTexts.site).fill('https://tvsol.com.br');
    assert.equal(await form.getByLabel(multiplatformAppTexts.colorSplash).inputValue(), '#0066ff');
    await form.getByLabel(commonTexts.textColor).fill('#222244');
    await form.getByLabel(commonTexts.darkMenuColor).fill('#aa0000');
    await form.getByRole('radio', { name: /Modelo 2/ }).check();
    await form.getByLabel(commonTexts.logo, { exact: true }).setInputFiles(logo);
    await form.getByLabel(multiplatformAppTexts.backgroundLabel, { exact: true }).setInputFiles(background);
    await form.getByLabel(multiplatformAppTexts.progLabel).fill('Jornal às 19h');
    await form.getByLabel(commonTexts.chatModule).check();
    // the picked images are previewed before they are sent
    await form.getByRole('img', { name: multiplatformAppTexts.imageChosen }).first().waitFor();
    await form.getByRole('button', { name: multiplatformAppTexts.save }).click();
    await toast(page, msg.appSaved);

    // saved: the tab is now the configuration, the preview tab appears
    await tabs.getByRole('tab', { name: commonTexts.configureApp }).waitFor();
    await tabs.getByRole('tab', { name: multiplatformAppTexts.tabPreview }).click();
    const frame = page.frameLocator(`iframe[title="${multiplatformAppTexts.previewFrame({ name: 'TV Sol Nascente' })}"]`);
    await frame.getByText('TV Sol Nascente').first().waitFor({ timeout: 60_000 });

    // the install codes point at the app's own address; a copy says so and fills the clipboard
    const link = await page.getByTestId('code-link').inputValue();
    assert.match(link, new RegExp(`/webapp/${account.usuario}/$`));
    const android = await page.getByTestId('code-android').inputValue();
    assert.ok(android.includes(`href="${link}"`) && android.includes(`${link}badge-android.svg`), android);
    assert.ok((await page.getByTestId('code-qr').inputValue()).includes(`${link}qr.svg`));
    await page.getByRole('button', { name: `Copiar ${multiplatformAppTexts.codeAndroid}` }).click();
    await toast(page, msg.copied(multiplatformAppTexts.codeAndroid));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), android);
    // the QR code and the badges are drawn by the panel itself
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('[data-testid="qr-image"]')?.naturalWidth ?? 0) > 0);
    const badge = await page.request.get(`${link}badge-android.svg`);
    assert.equal(badge.status(), 200);
    assert.match(badge.headers()['content-type'] ?? '', /image\/svg\+xml/);

    // a banner with a link: in the table with no views yet
    await tabs.getByRole('tab', { name: multiplatformAppTexts.banners }).click();
    await page.getByText(multiplatformAppTexts.bannersNotice).waitFor();
    await page.getByRole('button', { name: multiplatformAppTexts.addBanner }).click();
    const dialog = page.getByRole('dialog', { name: multiplatformAppTexts.addBanner });
    await dialog.getByRole('button', { name: multiplatformAppTexts.addBanner }).click();
    await toast(page, msg.bannerRequired);
    await dialog.getByLabel(multiplatformAppTexts.bannerName).fill('Promoção de verão');
    await dialog.getByLabel(multiplatformAppTexts.bannerImage).setInputFiles(banner);
    await dialog.getByLabel(multiplatformAppTexts.bannerLink).fill('https://tvsol.com.br/promo');
    await dialog.getByRole('button', { name: multiplatformAppTexts.addBanner }).click();
    await toast(page, msg.bannerAdded);
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('banners-table').getByRole('row', { name: /Promoção de verão/ });
    await row.waitFor();
    assert.equal(await row.getByTestId('banner-views').innerText(), '0');
    assert.ok((await row.innerText()).includes('https://tvsol.com.br/promo'));
    assert.match(await row.innerText(), /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // a second banner, removed after confirming
    await page.getByRole('button', { name: multiplatformAppTexts.addBanner }).click();
    await dialog.getByLabel(multiplatformAppTexts.bannerName).fill('Temporário');
    await dialog.getByLabel(multiplatformAppTexts.bannerImage).setInputFiles(banner);
    await dialog.getByRole('button', { name: multiplatformAppTexts.addBanner }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: multiplatformAppTexts.bannerRemove({ name: 'Temporário' }) }).click();
    assert.equal(await answerConfirm(page), msg.bannerRemoveConfirm);
    await toast(page, msg.bannerRemoved);
    await page.getByRole('button', { name: multiplatformAppTexts.bannerRemove({ name: 'Temporário' }) }).waitFor({ state: 'detached' });
    await row.waitFor();

    // a push: sendable once it has a title, an icon and a message; sent, the form starts over
    await tabs.getByRole('tab', { name: multiplatformAppTexts.tabNotifications }).click();
    const push = page.getByRole('form', { name: multiplatformAppTexts.pushTitle });
    const send = push.getByRole('button', { name: multiplatformAppTexts.pushSend });
    assert.equal(await send.isDisabled(), true);
    await push.getByLabel(multiplatformAppTexts.pushTitleLabel).fill('Estamos ao vivo');
    await push.getByLabel(commonTexts.icon, { exact: true }).setInputFiles(icon);
    await push.getByLabel(multiplatformAppTexts.pushMessage).fill('Venha assistir');
    assert.equal(await push.getByTestId('push-counter').innerText(), '14/160');
    await send.click();
    // nobody subscribed in this fresh app: sent, and the toast says to how many
    await page.locator('.Toastify').getByText(`${msg.pushSent} ${multiplatformAppTexts.pushDelivered({ sent: 0 })}`).first().waitFor();
    assert.equal(await push.getByLabel(multiplatformAppTexts.pushTitleLabel).inputValue(), '');
    assert.equal(await push.getByTestId('push-counter').innerText(), '0/160');
    assert.equal(await send.isDisabled(), true);

    // the Android package: asked from the configuration, followed until it can be downloaded
    await tabs.getByRole('tab', { name: commonTexts.configureApp }).click();
    const config = page.getByRole('form', { name: commonTexts.configureApp });
    assert.equal(await config.getByLabel(multiplatformAppTexts.nameLabel).inputValue(), 'TV Sol Nascente');
    assert.equal(await config.getByLabel(commonTexts.textColor).inputValue(), '#222244');
    await config.getByRole('button', { name: multiplatformAppTexts.createApk }).click();
    await toast(page, msg.apkQueued);
    await tabs.getByRole('tab', { name: multiplatformAppTexts.tabPreview }).click();
    const download = page.getByRole('button', { name: commonTexts.downloadApk });
    await download.waitFor({ timeout: 90_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    assert.match(file.suggestedFilename(), /\.apk$/);
    const bytes = fs.readFileSync(await file.path());
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK');
    // with an APK built, the configuration no longer offers to build one
    await tabs.getByRole('tab', { name: commonTexts.configureApp }).click();
    await config.getByRole('button', { name: multiplatformAppTexts.save }).waitFor();
    assert.equal(await config.getByRole('button', { name: multiplatformAppTexts.createApk }).count(), 0);

    // a renamed app: the preview shows the new name after the save
    await config.getByLabel(multiplatformAppTexts.nameLabel).fill('TV Sol Poente');
    await config.getByRole('button', { name: multiplatformAppTexts.save }).click();
    await toast(page, msg.appSaved);
    await tabs.getByRole('tab', { name: multiplatformAppTexts.tabPreview }).click();
    await page.frameLocator(`iframe[title="${multiplatformAppTexts.previewFrame({ name: 'TV Sol Poente' })}"]`).getByText('TV Sol Poente').first().waitFor();

    assert.deepEqual(cspViolations(page), []);
    await page.context().close();
  });
});
