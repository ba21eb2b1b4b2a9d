import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { makeHeavyClip } from '../apps/server/src/testing/conversion-clips.ts';
import { cspViolations, launchBrowser, logIn, newPage } from './support/browser.ts';
import { startStack, type Stack } from './support/stack.ts';

describe('video conversion in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let dir: string;
  let heavy: string;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-conv-'));
    heavy = makeHeavyClip(dir, 'show.mp4', { seconds: 6, kbps: 8000 });
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('pick the folder, convert a heavy video to 720p, follow its progress, see it optimised and play it', { timeout: 240_000 }, async () => {
    const account = await stack.addAccount();
    const page = await newPage(browser, stack.baseUrl);
    await logIn(page, account.email, account.password);

    // the folder and the heavy video, as the video manager would have made them
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const auth = { authorization: `Bearer ${token}` };
    const folder = await (await fetch(`${stack.baseUrl}/api/folders`, {
      method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ nome: 'Eventos' }),
    })).json() as { id: number };
    const form = new FormData();
    form.append('video', new Blob([fs.readFileSync(heavy)]), 'show.mp4');
    const up = await fetch(`${stack.baseUrl}/api/videos/upload?folder_id=${folder.id}`, { method: 'POST', headers: auth, body: form });
    assert.equal(up.status, 200, await up.text());

    await page.goto('/dashboard/conversao-videos');
    await page.getByRole('heading', { name: 'Conversão de Vídeos' }).waitFor();
    await page.getByText('Bitrate máximo do plano: 2500 kbps').waitFor();
    await page.getByRole('button', { name: /Eventos/ }).click();
    const card = page.getByRole('listitem', { name: 'show.mp4' });
    await card.waitFor();
    assert.match(await card.innerText(), /Precisa de conversão/);
    assert.match(await card.innerText(), /1920x1080/);

    await card.getByRole('button', { name: 'Converter show.mp4' }).click();
    const dialog = page.getByRole('dialog', { name: 'Converter show.mp4' });
    await dialog.waitFor();
    // 8000 kbps is above every fixed quality: the dialog proposes a custom bitrate; the person picks 720p
    assert.equal(await dialog.getByRole('radio', { name: /Personalizada/ }).isChecked(), true);
    await dialog.getByRole('radio', { name: /Média Qualidade/ }).check();
    await dialog.getByRole('button', { name: 'Iniciar Conversão' }).click();
    await page.getByText(/Conversão iniciada: Média Qualidade \(1280x720, 1500 kbps\)/).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // progress while it runs, then done
    await card.getByText(/Na fila\.\.\.|Convertendo\.\.\. \d+%/).first().waitFor({ timeout: 60_000 });
    await card.getByText('Otimizado').waitFor({ timeout: 90_000 });
    await page.getByText('Conversão concluída: show.mp4').waitFor();
    // the list reloads by itself 2 s later with the new file's figures
    await card.getByText('1280x720').waitFor({ timeout: 60_000 });
    assert.match(await card.innerText(), /Compatível/);
    assert.doesNotMatch(await card.innerText(), /Precisa de conversão/);

    await card.getByRole('button', { name: 'Reproduzir show.mp4' }).click();
    await page.getByTestId('conversion-player').waitFor();
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="conversion-player"]');
      return !!v && v.currentTime > 0.5;
    }, undefined, { timeout: 60_000 });
    assert.deepEqual(cspViolations(page), []);
    await page.context().close();
  });
});
