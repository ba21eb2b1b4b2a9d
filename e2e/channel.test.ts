import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { DRAG_ACTIVATION_PX, FREQUENCY_LABELS, WEEKDAY_SHORT, msg, type Booking, type PlaylistEntry } from '@painel/contract';
import commonTextsSource from '../apps/web/src/i18n/pt-BR/common.ts';
import playlistsTextsSource from '../apps/web/src/i18n/pt-BR/playlists.ts';
import schedulesTextsSource from '../apps/web/src/i18n/pt-BR/schedules.ts';
import { makeChannelClip, multipart } from '../apps/server/src/testing/library.ts';
import { answerConfirm, cspViolations, launchBrowser, logIn, newPage } from './support/browser.ts';
import { apiGet, apiLogin, until } from './support/publish.ts';
import { startStack, type Stack } from './support/stack.ts';
import { ptBR } from './support/texts.ts';

const commonTexts = ptBR(commonTextsSource);
const playlistsTexts = ptBR(playlistsTextsSource);
const schedulesTexts = ptBR(schedulesTextsSource);

interface Status { is_live: boolean; stream_type: string | null; transmission: { codigo_playlist: number | null } | null }

const CLIPS = [['Abertura', 'testsrc'], ['Jornal', 'testsrc2'], ['Encerramento', 'smptebars']] as const;
const PLAYLIST = 'Programação da Manhã';

/** yyyy-MM-dd in São Paulo (the account's zone), `days` from today. */
function dayInSaoPaulo(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + days * 86_400_000));
}
const addDays = (ymd: string, n: number) => new Date(Date.parse(`${ymd}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (ymd: string) => new Date(`${ymd}T12:00:00Z`).getUTCDay();
const brDate = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

/** The entries of the selected playlist, in the order the page shows them. */
async function shownOrder(page: Page): Promise<string[]> {
  return (await page.getByTestId('entrada-playlist').locator('span[title]').allInnerTexts()).map((s) => s.trim());
}

/**
 * Drags one entry onto another with the mouse, as a person does: press, pass the activation
 * distance, move, drop. The list is first brought to the middle of the window, away from the
 * edges where dnd-kit scrolls the page under the pointer.
 */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.evaluate((el) => el.closest('ol')?.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(100);
  const a = await from.locator('span[title]').boundingBox();
  const b = await to.locator('span[title]').boundingBox();
  assert.ok(a && b, 'entradas visíveis');
  const x = a.x + Math.min(a.width / 2, 60);
  const y = a.y + a.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // past the 8 px activation distance in small steps, so the sensor starts the drag
  const dir = b.y > a.y ? 1 : -1;
  await page.mouse.move(x, y + dir * (DRAG_ACTIVATION_PX + 4), { steps: 6 });
  await page.mouse.move(x, b.y + b.height / 2, { steps: 15 });
  await page.waitForTimeout(150);
  await page.mouse.up();
  // the drop animates for 250 ms, and until it ends the sortable list swallows the next click
  await page.waitForTimeout(350);
}

/*
 * The 24/7 channel as a person uses it: a playlist built and reordered by dragging, put on air
 * (AO VIVO on the playlists page and the dashboard, whose player plays), booked on the calendar,
 * and finished. The library (a folder with three clips a playout plays in one session) is
 * uploaded through the API beforehand; videos.test.ts covers the upload screen.
 */
describe('the 24/7 channel in Chromium: playlist, broadcast, schedule', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let dir: string;
  let account: Awaited<ReturnType<Stack['addAccount']>>;
  let token: string;
  let playlistId = 0;
  const ids: Record<string, number> = {};

  const api = async <T>(method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> => {
    const r = await fetch(`${stack.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: r.status, json: (await r.json()) as T };
  };
  const status = () => apiGet<Status>(stack.baseUrl, token, '/api/streaming/status');

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-canal-'));
    stack = await startStack();
    browser = await launchBrowser();
    account = await stack.addAccount({ nome: 'TV Litoral' });
    token = await apiLogin(stack.baseUrl, account.email, account.password);
    // the library the user already has: a folder with three clips that a playout plays in one session
    const folder = await api<{ id: number }>('POST', '/api/folders', { nome: 'Grade' });
    assert.equal(folder.status, 200, JSON.stringify(folder.json));
    for (const [name, source] of CLIPS) {
      const body = multipart(`${name}.mp4`, makeChannelClip(dir, name, source));
      const r = await fetch(`${stack.baseUrl}/api/videos/upload?folder_id=${folder.json.id}`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType }, body: body.payload,
      });
      const answer = (await r.json()) as { video?: { id: number; compativel: string } };
      assert.equal(r.status, 200, JSON.stringify(answer));
      ids[name] = answer.video!.id;
    }
    await until('servidor de mídia no ar', async () => {
      const h = (await (await fetch(`${stack.baseUrl}/api/health`)).json()) as { components: Record<string, string> };
      return Object.values(h.components).every((s) => s === 'ok');
    }, 30_000);
    page = await newPage(browser, stack.baseUrl);
    await logIn(page, account.email, account.password);
  });
  after(async () => {
    await page?.context().close();
    await browser?.close();
    await stack?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('build a playlist: create it, add three videos, reorder them by dragging, save', async () => {
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Playlists' }).click();
    await page.waitForURL('**/dashboard/playlists');
    await page.getByRole('heading', { name: playlistsTexts.title, level: 1 }).waitFor();
    await page.getByText(playlistsTexts.noPlaylists).waitFor();

    await page.getByRole('button', { name: playlistsTexts.newPlaylist }).click();
    const dialog = page.getByRole('dialog', { name: playlistsTexts.newPlaylist });
    await dialog.getByLabel(playlistsTexts.nameLabel).fill(PLAYLIST);
    await dialog.getByRole('button', { name: playlistsTexts.createPlaylist }).click();
    await page.getByText(msg.playlistCreated).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // the new playlist is selected and opens, empty, in the editor
    await page.getByRole('button', { name: playlistsTexts.selectPlaylistCard({ name: PLAYLIST }) }).and(page.locator('[aria-pressed="true"]')).waitFor();
    await page.getByText(playlistsTexts.noEntries).waitFor();
    const created = await apiGet<{ id: number; nome: string }[]>(stack.baseUrl, token, '/api/playlists');
    playlistId = created.find((p) => p.nome === PLAYLIST)?.id ?? 0;
    assert.ok(playlistId > 0);

    await page.getByLabel(playlistsTexts.folderLabel, { exact: true }).selectOption({ label: 'Grade' });
    const available = page.getByTestId('video-disponivel');
    await until('os três vídeos da pasta', async () => (await available.count()) === 3);
    // the whole row fits the card: 'Adicionar' is never cut off (no sideways scrolling)
    assert.equal(await available.first().evaluate((tr) => {
      const box = tr.closest('table')!.parentElement!;
      return box.scrollWidth <= box.clientWidth;
    }), true);
    for (const [name] of CLIPS) {
      await page.getByRole('button', { name: playlistsTexts.addVideoToPlaylist({ name: `${name}.mp4` }) }).click();
      await available.filter({ hasText: `${name}.mp4` }).getByText(playlistsTexts.videoInPlaylist).waitFor();
    }
    const entries = page.getByRole('list', { name: playlistsTexts.entriesLabel({ name: PLAYLIST }) }).getByTestId('entrada-playlist');
    await until('três entradas', async () => (await entries.count()) === 3);
    assert.deepEqual(await shownOrder(page), ['Abertura.mp4', 'Jornal.mp4', 'Encerramento.mp4']);
    await page.getByText(commonTexts.unsavedChanges).waitFor();

    // the closing video goes first: drag it onto the opening one
    await drag(page, entries.nth(2), entries.nth(0));
    await until('Encerramento em primeiro', async () => (await shownOrder(page))[0] === 'Encerramento.mp4', 5_000);
    assert.deepEqual(await shownOrder(page), ['Encerramento.mp4', 'Abertura.mp4', 'Jornal.mp4']);
    // and the opening one to the end
    await drag(page, entries.nth(1), entries.nth(2));
    await until('Abertura por último', async () => (await shownOrder(page))[2] === 'Abertura.mp4', 5_000);
    const dragged = await shownOrder(page);
    assert.deepEqual(dragged, ['Encerramento.mp4', 'Jornal.mp4', 'Abertura.mp4']);
    // positions follow the order
    assert.deepEqual((await entries.allInnerTexts()).map((t) => t.trim().split(/\s+/)[0]), ['1', '2', '3']);

    await page.getByRole('button', { name: playlistsTexts.savePlaylist }).click();
    await page.getByText(msg.playlistSaved).waitFor();
    await page.getByText(commonTexts.unsavedChanges).waitFor({ state: 'detached' });
    const saved = await apiGet<PlaylistEntry[]>(stack.baseUrl, token, `/api/playlists/${playlistId}/videos`);
    assert.deepEqual([...saved].sort((x, y) => x.ordem - y.ordem).map((e) => e.videos.nome), dragged);
    assert.deepEqual(saved.map((e) => e.videos.id), [ids.Encerramento, ids.Jornal, ids.Abertura]);
    // the card shows the new totals
    await page.getByRole('button', { name: playlistsTexts.selectPlaylistCard({ name: PLAYLIST }) }).getByText(commonTexts.videoCount({ n: 3 })).waitFor();
  });

  test('transmit it: AO VIVO on the playlists page and on the dashboard, whose player plays', { timeout: 240_000 }, async () => {
    assert.ok(playlistId > 0, 'playlist criada no passo anterior');
    await page.getByRole('button', { name: playlistsTexts.transmitPlaylist }).click();
    await page.getByText(msg.playlistStarted(PLAYLIST)).waitFor({ timeout: 60_000 });
    await until('playlist no ar', async () => {
      const s = await status();
      return s.is_live && s.stream_type === 'playlist' && s.transmission?.codigo_playlist === playlistId;
    }, 30_000);

    const banner = page.getByRole('region', { name: commonTexts.liveBannerRegion });
    // the page follows a starting playlist closely: the banner comes well before its 30 s poll
    await banner.waitFor({ timeout: 60_000 });
    assert.match(await banner.getByTestId('playlist-live-badge').innerText(), new RegExp(msg.liveBadge));
    assert.equal((await banner.getByTestId('live-playlist').innerText()).trim(), PLAYLIST);
    await page.getByRole('button', { name: playlistsTexts.selectPlaylistCard({ name: PLAYLIST }) }).locator('xpath=..').getByText(playlistsTexts.onAirTag).waitFor();
    await page.getByRole('button', { name: commonTexts.finishBroadcast }).waitFor();
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    const badge = page.getByTestId('dashboard-live-badge');
    await badge.waitFor({ timeout: 60_000 });
    assert.match(await badge.innerText(), new RegExp(`${msg.liveBadge}[\\s\\S]*${commonTexts.liveTypePlaylist}`));
    await page.getByTestId('dashboard-player-label').filter({ hasText: PLAYLIST }).waitFor();
    // the dashboard's player really plays the channel
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="dashboard-player"]');
      return !!v && v.currentTime > 0.5;
    }, undefined, { timeout: 60_000 });
    const player = page.getByTestId('dashboard-player');
    const t0 = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
    // it goes on playing: waited for (a loaded machine plays it, later), then judged
    await page.waitForFunction((from) => (document.querySelector<HTMLVideoElement>('[data-testid="dashboard-player"]')?.currentTime ?? 0) > from + 1.2, t0, { timeout: 60_000 })
      .catch(() => undefined);
    const t1 = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
    assert.ok(t1 - t0 > 1, `o vídeo do dashboard não avançou (${t0} → ${t1})`);
    assert.deepEqual(cspViolations(page), []);
  });

  test('book it on the calendar: from Agendar (once) and by clicking a day (weekdays)', async () => {
    assert.ok(playlistId > 0, 'playlist criada');
    await page.goto('/dashboard/playlists');
    await page.getByRole('button', { name: playlistsTexts.selectPlaylistCard({ name: PLAYLIST }) }).click();
    await page.getByRole('button', { name: playlistsTexts.schedulePlaylist, exact: true }).click();
    await page.waitForURL(`**/dashboard/agendamentos?playlist=${playlistId}`);

    // the form opens with the playlist chosen
    const form = page.getByRole('dialog', { name: schedulesTexts.newBooking });
    await form.waitFor();
    assert.equal(await form.getByLabel(commonTexts.playlist, { exact: true }).inputValue(), String(playlistId));
    assert.equal(await form.getByLabel(schedulesTexts.frequency).inputValue(), 'uma_vez');
    const tomorrow = dayInSaoPaulo(1);
    await form.getByLabel(schedulesTexts.frequency).selectOption({ label: FREQUENCY_LABELS.uma_vez });
    await form.getByLabel(commonTexts.startDate).fill(tomorrow);
    await form.getByLabel(schedulesTexts.startTime).fill('10:30');
    await form.getByRole('button', { name: commonTexts.save, exact: true }).click();
    await page.getByText(msg.bookingCreated).first().waitFor();
    await form.waitFor({ state: 'detached' });

    const today = dayInSaoPaulo(0);
    if (tomorrow.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: schedulesTexts.nextMonth }).click();
    const tomorrowCell = page.getByTestId(`dia-${tomorrow}`);
    await tomorrowCell.getByText(String(playlistId), { exact: true }).waitFor();
    assert.match((await tomorrowCell.getAttribute('aria-label')) ?? '', /1 agendamento/);

    // clicking the day shows the booking
    await tomorrowCell.click();
    const details = page.getByRole('dialog', { name: schedulesTexts.dayTitle({ date: brDate(tomorrow) }) });
    await details.waitFor();
    const text = await details.innerText();
    assert.match(text, new RegExp(`${playlistId} – ${PLAYLIST}`));
    assert.match(text, new RegExp(FREQUENCY_LABELS.uma_vez));
    assert.match(text, new RegExp(`${brDate(tomorrow)} 10:30`));
    assert.match(text, new RegExp(schedulesTexts.neverRun));
    await details.getByRole('button', { name: commonTexts.close }).click();
    await details.waitFor({ state: 'detached' });

    // a second one by clicking an empty day of next month: on weekdays, picked with the toggles
    await page.getByRole('button', { name: schedulesTexts.nextMonth }).click();
    const shownMonth = tomorrow.slice(0, 7) !== today.slice(0, 7) ? addDays(`${tomorrow.slice(0, 7)}-01`, 40) : addDays(`${today.slice(0, 7)}-01`, 40);
    const first = `${shownMonth.slice(0, 7)}-08`;
    await page.getByTestId(`dia-${first}`).click();
    const dayForm = page.getByRole('dialog', { name: schedulesTexts.newBooking });
    await dayForm.waitFor();
    assert.equal(await dayForm.getByLabel(commonTexts.startDate).inputValue(), first);
    await dayForm.getByLabel(commonTexts.playlist, { exact: true }).selectOption({ label: PLAYLIST });
    await dayForm.getByLabel(schedulesTexts.frequency).selectOption({ label: FREQUENCY_LABELS.dias_da_semana });
    const days = [weekday(first), (weekday(first) + 2) % 7];
    for (const d of days) {
      const toggle = dayForm.getByRole('button', { name: WEEKDAY_SHORT[d], exact: true });
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    }
    await dayForm.getByLabel(schedulesTexts.startTime).fill('06:00');
    await dayForm.getByRole('button', { name: commonTexts.save, exact: true }).click();
    await page.getByText(msg.bookingCreated).first().waitFor();
    await dayForm.waitFor({ state: 'detached' });
    await page.getByTestId(`dia-${first}`).getByText(String(playlistId), { exact: true }).waitFor();
    await page.getByTestId(`dia-${addDays(first, 2)}`).getByText(String(playlistId), { exact: true }).waitFor();
    await page.getByTestId(`dia-${addDays(first, 7)}`).getByText(String(playlistId), { exact: true }).waitFor();
    assert.match((await page.getByTestId(`dia-${addDays(first, 1)}`).getAttribute('aria-label')) ?? '', /sem agendamentos/);

    const all = await apiGet<Booking[]>(stack.baseUrl, token, '/api/agendamentos');
    assert.equal(all.length, 2);
    const once = all.find((b) => b.frequencia === 'uma_vez');
    const weekly = all.find((b) => b.frequencia === 'dias_da_semana');
    assert.equal(once?.id_playlist, playlistId);
    assert.equal(once?.inicio, `${tomorrow} 10:30:00`);
    assert.equal(weekly?.id_playlist, playlistId);
    assert.deepEqual([...(weekly?.dias_semana ?? [])].sort(), [...days].sort());
    assert.deepEqual(cspViolations(page), []);
  });

  test('finish the transmission from the playlists page, after confirming', async () => {
    assert.ok((await status()).is_live, 'a playlist segue no ar');
    await page.goto('/dashboard/playlists');
    const banner = page.getByRole('region', { name: commonTexts.liveBannerRegion });
    await banner.waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: playlistsTexts.selectPlaylistCard({ name: PLAYLIST }) }).click();
    const finish = page.getByRole('button', { name: commonTexts.finishBroadcast });
    await finish.click();
    const asked = await answerConfirm(page);
    await page.getByText(msg.transmissionStopped).waitFor();
    assert.equal(asked, msg.playlistStopConfirm);
    await until('fora do ar', async () => !(await status()).is_live, 20_000);
    await banner.waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByRole('button', { name: playlistsTexts.transmitPlaylist }).waitFor();
    assert.equal(await page.getByText(playlistsTexts.onAirTag, { exact: true }).count(), 0);

    await page.goto('/dashboard');
    await page.getByText(msg.noLiveBroadcast).first().waitFor({ timeout: 60_000 });
    assert.equal(await page.getByTestId('dashboard-live-badge').count(), 0);
    assert.deepEqual(cspViolations(page), []);
  });
});
