import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { msg } from '@painel/contract';
import commonTextsSource from '../apps/web/src/i18n/pt-BR/common.ts';
import relayTextsSource from '../apps/web/src/i18n/pt-BR/relay.ts';
import { startRtmpSource, type RelaySource } from '../apps/server/src/testing/relay-source.ts';
import { answerConfirm, cspViolations, launchBrowser, logIn, newPage } from './support/browser.ts';
import { apiGet, apiLogin, until } from './support/publish.ts';
import { startStack, type Stack } from './support/stack.ts';
import { ptBR } from './support/texts.ts';

const commonTexts = ptBR(commonTextsSource);
const relayTexts = ptBR(relayTextsSource);

/*
 * The relay as a person uses it: an external RTMP live (a loopback nginx-rtmp fed by ffmpeg,
 * allow-listed for the outbound guard) typed into the form, checked by the server, activated,
 * seen on air in the status banner with a measured bitrate, and deactivated after confirming.
 */
describe('relay in Chromium', () => {
  let stack: Stack;
  let source: RelaySource;
  let browser: Browser;

  before(async () => {
    source = await startRtmpSource();
    stack = await startStack({ OUTBOUND_ALLOW: source.allowEntry });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    await source?.close();
  });

  test('type the source, see it validated, activate, see it on air, deactivate', { timeout: 240_000 }, async () => {
    const account = await stack.addAccount({ nome: 'TV Relay' });
    const token = await apiLogin(stack.baseUrl, account.email, account.password);
    const page = await newPage(browser, stack.baseUrl);
    await logIn(page, account.email, account.password);
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Relay RTMP' }).click();
    await page.getByRole('heading', { name: relayTexts.title, level: 1 }).waitFor();
    await page.getByTestId('relay-inactive').waitFor();

    const form = page.getByRole('form', { name: relayTexts.formTitle });
    const url = form.getByLabel(relayTexts.urlLabel);
    const verdict = page.getByTestId('relay-verdict');
    // activating with nothing typed says what is missing
    await form.getByRole('button', { name: relayTexts.activate }).click();
    await page.getByText(msg.relayUrlRequired).waitFor();

    // an address of no accepted form: the server's verdict, 2 s after the typing stops
    await url.fill('http://exemplo.com/live/stream');
    await verdict.getByText(relayTexts.validating).waitFor();
    await verdict.getByText(msg.relayUrlForm).waitFor({ timeout: 60_000 });

    // the source: its type is inferred, the server finds it on air
    await url.fill('');
    await url.pressSequentially(source.url, { delay: 5 });
    assert.equal(await form.getByLabel(relayTexts.typeLabel).inputValue(), 'rtmp');
    await verdict.getByText(msg.relayOnline).waitFor({ timeout: 60_000 });

    await form.getByRole('button', { name: relayTexts.activate }).click();
    await page.getByText(msg.relayStarted).waitFor({ timeout: 60_000 });
    const banner = page.getByTestId('relay-status');
    await banner.waitFor();
    assert.match(await banner.getByTestId('relay-state').innerText(), new RegExp(`^${commonTexts.active}`));
    // on air: the channel's banner with the bitrate the media server measures
    await until('relay no ar com bitrate', async () => {
      const text = await banner.getByTestId('live-bitrate').innerText().catch(() => '');
      return /^[1-9]\d* kbps$/.test(text.trim());
    }, 40_000);
    assert.equal(await banner.getByTestId('relay-source').innerText(), source.url);
    assert.match(await banner.getByTestId('relay-live-badge').innerText(), /AO VIVO/);
    const channel = await apiGet<{ is_live: boolean; stream_type: string }>(stack.baseUrl, token, '/api/streaming/status');
    assert.deepEqual([channel.is_live, channel.stream_type], [true, 'relay']);

    await banner.getByRole('button', { name: relayTexts.deactivate }).click();
    assert.equal(await answerConfirm(page), relayTexts.stopConfirm);
    await page.getByText(msg.relayStopped).waitFor();
    await page.getByTestId('relay-inactive').waitFor();
    assert.equal(await page.getByTestId('relay-status').count(), 0);
    assert.equal(await url.inputValue(), '');
    await until('canal fora do ar', async () => !(await apiGet<{ is_live: boolean }>(stack.baseUrl, token, '/api/streaming/status')).is_live, 15_000);
    assert.deepEqual(cspViolations(page), []);
    await page.context().close();
  });
});
