import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { YOUTUBE_HOST, msg, type Video } from '@painel/contract';
import commonTextsSource from '../apps/web/src/i18n/pt-BR/common.ts';
import downloadsTextsSource from '../apps/web/src/i18n/pt-BR/downloads.ts';
import { cspViolations, launchBrowser, logIn, newPage } from './support/browser.ts';
import { apiGet, apiFolder, apiLogin } from './support/publish.ts';
import { startStack, type Stack } from './support/stack.ts';
import { ptBR } from './support/texts.ts';

const commonTexts = ptBR(commonTextsSource);
const downloadsTexts = ptBR(downloadsTextsSource);

const TITLE = 'Clipe do e2e';

/**
 * Download from a link in Chromium: the link points at a web server of the test's own (declared
 * in OUTBOUND_ALLOW, as an operator declares a peer) whose page describes a clip the way video
 * sites do; the real yt-dlp downloads it, throttled so the progress panel is seen working.
 */
describe('download from a link in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let dir: string;
  let server: http.Server;
  let base: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-download-'));
    const ff = (args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
    ff(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=6', '-f', 'lavfi', '-i', 'sine=duration=6', '-c:v', 'libx264',
      '-pix_fmt', 'yuv420p', '-b:v', '1500k', '-minrate', '1500k', '-maxrate', '1500k', '-bufsize', '1000k', '-x264-params', 'nal-hrd=cbr',
      '-c:a', 'aac', '-shortest', '-movflags', '+faststart', path.join(dir, 'clip.mp4')]);
    ff(['-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=1:duration=1', '-frames:v', '1', path.join(dir, 'thumb.jpg')]);
    const clip = fs.readFileSync(path.join(dir, 'clip.mp4'));
    const thumb = fs.readFileSync(path.join(dir, 'thumb.jpg'));
    server = http.createServer((req, res) => {
      if (req.url === '/video.html') {
        const ld = { '@context': 'https://schema.org', '@type': 'VideoObject', name: TITLE, duration: 'PT6S', uploadDate: '2024-05-01',
          thumbnailUrl: `${base}/thumb.jpg`, contentUrl: `${base}/clip.mp4`, author: { '@type': 'Person', name: 'Canal de Teste' } };
        return void res.writeHead(200, { 'content-type': 'text/html' })
          .end(`<!doctype html><html><head><title>${TITLE}</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head></html>`);
      }
      if (req.url === '/thumb.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(thumb);
      if (req.url !== '/clip.mp4') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length });
      let gone = false;
      res.once('close', () => (gone = true));
      void (async () => {
        // ~250 KB/s: the download takes a few seconds, long enough to watch it
        for (let at = 0; at < clip.length && !gone; at += 25 * 1024) {
          res.write(clip.subarray(at, at + 25 * 1024));
          await sleep(100);
        }
        res.end();
      })();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
    stack = await startStack({ OUTBOUND_ALLOW: `127.0.0.1:${port}` });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    server?.closeAllConnections();
    server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('paste a link, see the video, download it into a folder with progress, find it in Recentes and the library', { timeout: 240_000 }, async () => {
    const account = await stack.addAccount();
    const token = await apiLogin(stack.baseUrl, account.email, account.password);
    const folderId = await apiFolder(stack.baseUrl, token, 'Baixados');

    const page = await newPage(browser, stack.baseUrl);
    await logIn(page, account.email, account.password);
    await page.goto('/dashboard/downloadyoutube');
    await page.getByRole('heading', { name: downloadsTexts.title }).waitFor();
    await page.getByRole('region', { name: downloadsTexts.recentTitle }).getByText(downloadsTexts.recentEmpty).waitFor();

    const link = page.getByLabel(downloadsTexts.linkLabel);
    // a link of another site is refused, with the server's reason as a warning
    await link.fill('https://vimeo.com/123456789');
    await page.getByText(msg.downloadNotYoutube(YOUTUBE_HOST)).first().waitFor();
    await page.getByText(msg.downloadInvalidUrl).waitFor();

    await link.fill(`${base}/video.html`);
    await page.getByText(downloadsTexts.linkChecking).waitFor();
    await page.getByText(msg.downloadValidUrl).waitFor({ timeout: 60_000 });
    const info = page.getByRole('region', { name: downloadsTexts.infoTitle });
    await info.getByRole('heading', { name: TITLE }).waitFor();
    await info.getByText('Canal de Teste').waitFor();
    await info.getByText('0:06').waitFor();
    assert.match((await info.locator('img').getAttribute('src')) ?? '', /^data:image\/jpeg;base64,/);

    await page.getByLabel(commonTexts.destinationFolder).selectOption({ label: 'Baixados' });
    await page.getByRole('button', { name: downloadsTexts.downloadButton }).click();
    const progress = page.getByRole('region', { name: downloadsTexts.progress });
    await progress.waitFor();
    await progress.getByRole('progressbar', { name: downloadsTexts.progress }).waitFor();
    await progress.getByText(downloadsTexts.phase.downloading).waitFor({ timeout: 60_000 });

    await page.getByText(msg.downloadDone(TITLE)).waitFor({ timeout: 90_000 });
    await progress.waitFor({ state: 'detached' });
    assert.equal(await link.inputValue(), '', 'o link foi limpo');
    await info.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: downloadsTexts.recentTitle }).getByText(`${TITLE}.mp4`).waitFor();
    assert.deepEqual(cspViolations(page), []);

    const videos = await apiGet<Video[]>(stack.baseUrl, token, `/api/videos?folder_id=${folderId}`);
    assert.equal(videos.length, 1);
    assert.equal(videos[0]!.nome, `${TITLE}.mp4`);
    assert.equal(videos[0]!.duracao, 6);
    assert.equal(videos[0]!.compatibility_status, 'compatible');
  });
});
