import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { answerConfirm, cspViolations, launchBrowser, logIn, newPage } from './support/browser.ts';
import { startStack, type Stack } from './support/stack.ts';

function clip(file: string, args: string[]): void {
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=3:size=320x240:rate=25',
    '-f', 'lavfi', '-i', 'sine=duration=3', '-shortest', ...args, file]);
}

describe('the video manager in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let dir: string;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-clips-'));
    clip(path.join(dir, 'abertura.mp4'), ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']);
    clip(path.join(dir, 'arquivo antigo.avi'), ['-c:v', 'mpeg4', '-c:a', 'mp3']);
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('create a folder, upload two files with progress, see verdicts, play one, delete one', async () => {
    const account = await stack.addAccount();
    const page = await newPage(browser, stack.baseUrl);
    await logIn(page, account.email, account.password);
    await page.goto('/dashboard/gerenciarvideos');

    await page.getByRole('button', { name: 'Nova Pasta' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nova Pasta' });
    await dialog.getByLabel('Nome da pasta').fill('Programas');
    await dialog.getByRole('button', { name: /Criar/ }).click();
    await page.getByText('Pasta criada com sucesso!').waitFor();
    await page.getByRole('button', { name: 'Programas', exact: true }).click();

    await page.getByLabel('Enviar vídeos').setInputFiles([path.join(dir, 'abertura.mp4'), path.join(dir, 'arquivo antigo.avi')]);
    const uploads = page.getByRole('region', { name: 'Envios' });
    await uploads.waitFor();
    await uploads.getByText('abertura.mp4').waitFor();
    await uploads.getByText('arquivo antigo.avi').waitFor();
    await page.getByText('2 vídeo(s) enviado(s) com sucesso!').waitFor({ timeout: 60_000 });
    // the list clears itself 3 s after the batch
    await uploads.waitFor({ state: 'detached', timeout: 60_000 });

    const mp4Row = page.getByRole('row').filter({ hasText: 'abertura.mp4' });
    const aviRow = page.getByRole('row').filter({ hasText: 'arquivo antigo.avi' });
    await mp4Row.waitFor();
    await aviRow.waitFor();
    assert.match(await mp4Row.innerText(), /0:03/);
    assert.match(await mp4Row.innerText(), /Compatível/i);
    assert.match(await aviRow.innerText(), /Convers/i);

    await mp4Row.getByRole('button', { name: 'Reproduzir abertura.mp4' }).click();
    const player = page.getByTestId('video-player');
    await player.waitFor();
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="video-player"]');
      return !!v && v.currentTime > 0.5;
    }, undefined, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Fechar' }).first().click();
    // uploads, the list and playback all work under the panel's Content-Security-Policy
    assert.deepEqual(cspViolations(page), []);

    await aviRow.getByRole('button', { name: 'Excluir arquivo antigo.avi' }).click();
    await answerConfirm(page);
    await page.getByText('Vídeo excluído com sucesso!').waitFor();
    await aviRow.waitFor({ state: 'detached' });
    assert.equal(await mp4Row.count(), 1);

    // the page shows what the server holds: one video left in the folder
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const folders = (await (await fetch(`${stack.baseUrl}/api/folders`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; nome: string; video_count_db: number }[];
    assert.equal(folders.find((f) => f.nome === 'Programas')?.video_count_db, 1);
    await page.context().close();
  });
});
