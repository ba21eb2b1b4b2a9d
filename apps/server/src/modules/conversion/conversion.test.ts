import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  CONVERSION_ACTIVE, conversionUi, errorText, isPlaylistCandidate, msg, type ConversionStatus, type ConversionVideo, type Video,
} from '@painel/contract';
import { createJobRunner } from '../../platform/jobs.ts';
import { runnableJobs } from '../../worker.ts';
import { makeAviClip, makeHeavyClip } from '../../testing/conversion-clips.ts';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { newFolder, tree, upload } from '../../testing/library.ts';
import { eventually } from '../../testing/live.ts';
import { conversionJob } from './conversion.jobs.ts';

// real media, the same on either database: run once, in the SQLite phase
describe('video conversion', { skip: process.env.TEST_PG_ADMIN_URL ? 'coberto na execução com SQLite' : false }, () => {
  let h: Harness;
  let dir: string;
  let heavy: Buffer;
  let avi: Buffer;
  let light: Buffer;

  before(async () => {
    h = await startHarness();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-conv-'));
    heavy = fs.readFileSync(makeHeavyClip(dir, 'pesado.mp4', { seconds: 10, kbps: 8000 }));
    avi = fs.readFileSync(makeAviClip(dir, 'antigo.avi', { seconds: 4, size: '640x360' }));
    // ~300-360 kbps of video: below every fixed quality
    light = fs.readFileSync(makeHeavyClip(dir, 'leve.mp4', { seconds: 2, size: '640x360', kbps: 300 }));
  });
  after(async () => {
    await h?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Runs the worker's job runner — the conversion handler wired as worker.ts does, with a quicker
   * tick — until `ended` answers, then stops it.
   */
  async function runJobsUntil<T>(ended: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
    const r = createJobRunner({
      db: h.core.store.db, dialect: h.core.store.dialect, nodeId: 1, tag: `${h.config.dataDir}#teste`,
      workRoot: path.join(h.core.library.storage.root, '.jobs'),
      kinds: runnableJobs(h.core, [{ name: 'conversion', jobs: [conversionJob] }]), slots: { conversion: 1 }, leaseMs: 30_000, tickMs: 200, log: () => {},
    });
    r.start();
    try {
      return await eventually(ended, ms, 'conversão terminada');
    } finally {
      await r.stop();
    }
  }

  async function account(o: { bitrate?: number; espaco?: number } = {}) {
    const a = await h.createAccount({ bitrate: o.bitrate ?? 2500, espaco: o.espaco ?? 1000 });
    const token = await h.login(a.email, a.password);
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const r = await h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
      return { status: r.statusCode, body: r.json() };
    };
    return { ...a, token, call };
  }
  type Account = Awaited<ReturnType<typeof account>>;

  async function withVideo(a: Account, file: Buffer, nome: string) {
    const folder = await newFolder(h, a.token, `Pasta ${nome}`);
    const r = await upload(h, a.token, folder, nome, file);
    assert.equal(r.statusCode, 200, r.body);
    return { folder, video: r.json<{ video: Video }>().video };
  }
  const jobCount = async () => (await h.core.store.db.selectFrom('jobs').select('id').execute()).length;
  const status = async (a: Account, id: number) => (await a.call('GET', `/api/conversion/status/${id}`)).body.conversion_status as ConversionStatus | null;
  const videosOf = async (a: Account, folder: number) => (await a.call('GET', `/api/videos?folder_id=${folder}`)).body as Video[];
  /** The video's conversion once it ended (as the page polls it); `seen` gets the progress of each poll that found it running. */
  const conversionEnd = (a: Account, id: number, seen: number[] = []) => async () => {
    const s = await status(a, id);
    if (s?.status === 'em_andamento') seen.push(s.progress);
    return s && !CONVERSION_ACTIVE.includes(s.status) && s;
  };

  test('qualities: baixa 480p, media 720p, alta 1080p and custom up to the plan; above the plan, unavailable', async () => {
    const a = await account({ bitrate: 2000 });
    const { body } = await a.call('GET', '/api/conversion/qualities');
    assert.equal(body.success, true);
    const by = Object.fromEntries(body.qualities.map((q: { quality: string }) => [q.quality, q]));
    assert.deepEqual([by.baixa.bitrate, by.baixa.resolution, by.baixa.available], [800, '854x480', true]);
    assert.deepEqual([by.media.bitrate, by.media.resolution, by.media.available], [1500, '1280x720', true]);
    assert.deepEqual([by.alta.bitrate, by.alta.resolution, by.alta.available], [2500, '1920x1080', false]);
    assert.deepEqual([by.custom.bitrate, by.custom.available], [2000, true]);
  });

  test('bad input is refused with its message and queues nothing', async () => {
    const a = await account({ bitrate: 2000 });
    const { video } = await withVideo(a, avi, 'aula.avi');
    const before = await jobCount();
    const custom = { video_id: video.id, quality: 'custom', use_custom: true, custom_resolution: '1280x720' };
    const cases: [object, string][] = [
      [{ ...custom, custom_bitrate: 499 }, errorText('conversion_bitrate_range', { max: 2000 })],
      [{ ...custom, custom_bitrate: 2001 }, errorText('conversion_bitrate_range', { max: 2000 })],
      [{ ...custom, custom_bitrate: '' }, errorText('conversion_bitrate_range', { max: 2000 })],
      [{ ...custom, custom_bitrate: 1000, custom_resolution: '1024x768' }, errorText('conversion_resolution_invalid')],
      [{ video_id: video.id, quality: 'ultra' }, errorText('conversion_quality_invalid')],
      [{ video_id: video.id, quality: 'alta' }, errorText('conversion_quality_unavailable')],
      [{ quality: 'media' }, msg.invalidData],
    ];
    for (const [payload, error] of cases) {
      const r = await a.call('POST', '/api/conversion/convert', payload);
      assert.equal(r.status, 400, JSON.stringify(payload));
      assert.equal(r.body.error, error, JSON.stringify(payload));
    }
    // a result that cannot fit in the plan is refused before anything runs (1.1 MB used of 2 MB, ~1.1 MB expected);
    // 1900 kbps: just below the AVI's own ~2030, so only the room refuses it
    const small = await account({ espaco: 2 });
    const { video: v2 } = await withVideo(small, avi, 'cheio.avi');
    const full = await small.call('POST', '/api/conversion/convert', {
      video_id: v2.id, quality: 'custom', custom_bitrate: 1900, custom_resolution: '1920x1080',
    });
    assert.equal(full.status, 413);
    assert.equal(full.body.error, errorText('job_quota_exceeded', { limitMb: 2 }));
    assert.equal(await jobCount(), before);
    assert.equal(await status(a, video.id), null);
  });

  test("another account gets 404 for A's video (status, convert, list) and nothing is queued", async () => {
    const a = await account();
    const b = await account();
    const { folder, video } = await withVideo(a, avi, 'privado.avi');
    const before = await jobCount();
    const s = await b.call('GET', `/api/conversion/status/${video.id}`);
    assert.equal(s.status, 404);
    assert.equal(s.body.error, errorText('video_not_found'));
    const c = await b.call('POST', '/api/conversion/convert', { video_id: video.id, quality: 'baixa' });
    assert.equal(c.status, 404);
    assert.equal((await b.call('GET', `/api/conversion/videos?folder_id=${folder}`)).status, 404);
    assert.equal(await jobCount(), before);
    // the owner sees it, untouched
    assert.equal((await a.call('GET', `/api/conversion/status/${video.id}`)).status, 200);
  });

  test('1080p at 8000 kbps to 720p media: progress, then the same video as an optimised H.264/AAC MP4', { timeout: 120_000 }, async () => {
    const a = await account();
    const { folder, video } = await withVideo(a, heavy, 'palestra.mp4');
    const listed = (await a.call('GET', `/api/conversion/videos?folder_id=${folder}`)).body.videos as ConversionVideo[];
    assert.deepEqual(
      [listed[0]?.current_bitrate! > 7000, listed[0]?.largura, listed[0]?.needs_conversion, listed[0]?.compatibility_status, listed[0]?.conversion],
      [true, 1920, true, 'other', null],
    );
    assert.match(listed[0]!.url, /^\/content\/.+\.mp4\?auth_token=/);
    // heavier than every quality: all of them offered, custom up to the plan
    assert.deepEqual(listed[0]!.qualities.map((q) => [q.quality, q.available, q.resolution]), [
      ['baixa', true, '852x480'], ['media', true, '1280x720'], ['alta', true, '1920x1080'], ['custom', true, ''],
    ]);
    assert.equal(listed[0]!.qualities.at(-1)!.bitrate, 2500);
    const oldFile = path.join(h.core.library.storage.accountDir(a.usuario), `Pasta palestra.mp4`);
    const before = tree(oldFile);

    const started = await a.call('POST', '/api/conversion/convert', { video_id: video.id, quality: 'media' });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.equal(started.body.target_bitrate, 1500);
    assert.equal(started.body.resolution, '1280x720');
    assert.equal(started.body.message, msg.conversionStarted(started.body.quality_label));
    assert.ok(started.body.file_size > 1_500_000, 'expected size from bitrate × duration');
    assert.equal(started.body.conversion_status.status, 'na_fila');

    // while it waits or runs: one conversion per video, and it cannot be deleted
    const again = await a.call('POST', '/api/conversion/convert', { video_id: video.id, quality: 'baixa' });
    assert.equal(again.status, 409);
    assert.equal(again.body.error, errorText('conversion_busy'));
    const del = await a.call('DELETE', `/api/videos/${video.id}`);
    assert.equal(del.status, 409);
    assert.equal(del.body.error, errorText('video_in_use', { uso: msg.conversionInUse }));
    assert.equal((await a.call('DELETE', `/api/folders/${folder}`)).body.error, errorText('folder_in_use', { uso: msg.conversionFolderInUse }));

    const seen: number[] = [];
    const done = await runJobsUntil(conversionEnd(a, video.id, seen), 90_000);
    assert.equal(done.status, 'concluida', done.error ?? '');
    const distinct = [...new Set(seen.filter((p) => p > 0 && p < 100))];
    // progress is written at most once a second: a loaded machine may see a single step between 0 and 100
    assert.ok(distinct.length >= 1, `progresso visto: ${seen.join(',')}`);
    assert.deepEqual(distinct, [...distinct].sort((x, y) => x - y), 'progress only rises');
    assert.equal(done.progress, 100);
    assert.equal(done.video_id, video.id);

    const [v] = await videosOf(a, folder);
    assert.equal(v?.id, video.id, 'the same video, so playlists keep it');
    assert.deepEqual([v?.formato_original, v?.codec_video, v?.codec_audio, v?.largura, v?.altura], ['mp4', 'h264', 'aac', 1280, 720]);
    assert.equal(v?.compativel, 'otimizado');
    assert.equal(v?.compatibility_status, 'compatible');
    assert.ok(isPlaylistCandidate(v!, 2500));
    assert.ok(Math.abs(v!.bitrate_video - 1500) <= 1500 * 0.15 && v!.bitrate_video <= 1500, `bitrate medido ${v!.bitrate_video} kbps`);
    assert.ok(v!.tamanho < video.tamanho / 3);
    // the old file is gone, the new one is the only file of the folder; nothing left in the job area
    const after = tree(oldFile);
    assert.equal(after.length, 1);
    assert.notDeepEqual(after, before);
    assert.deepEqual(tree(path.join(h.core.library.storage.root, '.jobs')), []);
    // usable in a playlist now
    const pl = (await a.call('POST', '/api/playlists', { nome: 'Com o convertido' })).body;
    const put = await a.call('PUT', `/api/playlists/${pl.id}`, { videos: [{ id: video.id, ordem: 0 }] });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const row = (await a.call('GET', `/api/conversion/videos?folder_id=${folder}`)).body.videos[0] as ConversionVideo;
    assert.deepEqual([row.can_use_current, row.compativel, row.conversion?.status], [true, 'otimizado', 'concluida']);
  });

  test('a light video: qualities above its own bitrate are not offered, and the API refuses them, queueing nothing', async () => {
    const a = await account();
    const { folder, video } = await withVideo(a, light, 'leve.mp4');
    const [listed] = (await a.call('GET', `/api/conversion/videos?folder_id=${folder}`)).body.videos as ConversionVideo[];
    const kbps = listed!.current_bitrate;
    assert.ok(kbps > 0 && kbps < 500, `bitrate medido ${kbps} kbps`);
    const by = Object.fromEntries(listed!.qualities.map((q) => [q.quality, q]));
    for (const q of ['baixa', 'media', 'alta']) assert.deepEqual([by[q]?.available, by[q]?.reason], [false, conversionUi.aboveSource(kbps)], q);
    // custom: only the video's own bitrate (below the usual 500, so an old light file still converts)
    assert.deepEqual([by.custom?.available, by.custom?.min_bitrate, by.custom?.bitrate], [true, kbps, kbps]);

    const before = await jobCount();
    const custom = { video_id: video.id, quality: 'custom', custom_resolution: '854x480' };
    const cases: [object, string][] = [
      [{ video_id: video.id, quality: 'baixa' }, errorText('conversion_quality_above_source', { sourceKbps: kbps })],
      [{ video_id: video.id, quality: 'alta', manter_original: true }, errorText('conversion_quality_above_source', { sourceKbps: kbps })],
      [{ ...custom, custom_bitrate: kbps + 1 }, errorText('conversion_bitrate_above_source', { sourceKbps: kbps })],
      [{ ...custom, custom_bitrate: 2000 }, errorText('conversion_bitrate_above_source', { sourceKbps: kbps })],
    ];
    for (const [payload, error] of cases) {
      const r = await a.call('POST', '/api/conversion/convert', payload);
      assert.equal(r.status, 400, JSON.stringify(payload));
      assert.equal(r.body.error, error, JSON.stringify(payload));
    }
    assert.equal(await jobCount(), before);
    assert.equal(await status(a, video.id), null);
  });

  test('a result larger than its original does not replace it: kept beside, and the status says so', { timeout: 180_000 }, async () => {
    const a = await account();
    const { folder, video } = await withVideo(a, light, 'leve.mp4');
    // the recorded bitrate overstates the file (as a nominal figure in a header can): 800 kbps is offered, and comes out larger
    await h.core.store.db.updateTable('videos').set({ bitrate_video: 2000 }).where('id', '=', video.id).execute();
    const started = await a.call('POST', '/api/conversion/convert', { video_id: video.id, quality: 'baixa' });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const done = await runJobsUntil(conversionEnd(a, video.id), 50_000);
    assert.equal(done.status, 'concluida', done.error ?? '');
    assert.equal(done.notice, msg.conversionLargerKeptBeside('leve (otimizado).mp4'));
    const list = await videosOf(a, folder);
    const original = list.find((v) => v.id === video.id);
    const copy = list.find((v) => v.id !== video.id);
    assert.deepEqual([original?.nome, original?.url, original?.tamanho], [video.nome, video.url, video.tamanho], 'the original is where it was');
    assert.deepEqual([done.video_id, copy?.nome, copy?.compativel], [copy?.id, 'leve (otimizado).mp4', 'otimizado']);
    assert.ok(copy!.tamanho > video.tamanho, `${copy!.tamanho} > ${video.tamanho}`);
    assert.equal(tree(path.join(h.core.library.storage.accountDir(a.usuario), 'Pasta leve.mp4')).length, 2);
    assert.deepEqual(tree(path.join(h.core.library.storage.root, '.jobs')), []);
  });

  test('keep the original: an AVI becomes "<nome> (otimizado).mp4" beside it, never larger than it was', { timeout: 180_000 }, async () => {
    const a = await account();
    const { folder, video } = await withVideo(a, avi, 'entrevista.avi');
    const started = await a.call('POST', '/api/conversion/convert', {
      video_id: video.id, quality: 'custom', use_custom: true, custom_bitrate: 1000, custom_resolution: '1920x1080', manter_original: true,
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.equal(started.body.resolution, '640x360', 'a 360p source is not upscaled');
    const done = await runJobsUntil(conversionEnd(a, video.id), 50_000);
    assert.equal(done.status, 'concluida', done.error ?? '');
    const list = await videosOf(a, folder);
    assert.equal(list.length, 2);
    const original = list.find((v) => v.id === video.id);
    const copy = list.find((v) => v.id !== video.id);
    assert.deepEqual(original, { ...video, content_token: original?.content_token }, 'the original is untouched');
    assert.equal(copy?.nome, 'entrevista (otimizado).mp4');
    assert.equal(done.video_id, copy?.id);
    assert.deepEqual([copy?.largura, copy?.altura, copy?.codec_video, copy?.codec_audio, copy?.compativel], [640, 360, 'h264', 'aac', 'otimizado']);
    assert.equal(tree(path.join(h.core.library.storage.accountDir(a.usuario), 'Pasta entrevista.avi')).length, 2);
  });

  test('a damaged file: the cut-short result fails the check and the original stays as it was', { timeout: 180_000 }, async () => {
    const a = await account();
    const { folder, video } = await withVideo(a, heavy, 'danificado.mp4');
    // half of the file lost on disk (its index is at the start, so it still opens)
    const dirOf = path.join(h.core.library.storage.accountDir(a.usuario), 'Pasta danificado.mp4');
    const [file] = fs.readdirSync(dirOf);
    fs.truncateSync(path.join(dirOf, file!), Math.floor(heavy.length / 2));
    assert.equal((await a.call('POST', '/api/conversion/convert', { video_id: video.id, quality: 'baixa' })).status, 200);
    const end = await runJobsUntil(conversionEnd(a, video.id), 50_000);
    assert.equal(end.status, 'erro');
    assert.equal(end.error, errorText('conversion_verify_failed'));
    const [v] = await videosOf(a, folder);
    assert.deepEqual([v?.id, v?.url, v?.compativel, v?.largura], [video.id, video.url, 'nao', 1920]);
    assert.deepEqual(fs.readdirSync(dirOf), [file]);
    assert.deepEqual(tree(path.join(h.core.library.storage.root, '.jobs')), []);
    assert.deepEqual(await h.core.store.db.selectFrom('upload_reservations').selectAll().execute(), [], 'the plan holds nothing for it any more');
    // no conversion holds it any more: it can be deleted
    assert.equal((await a.call('DELETE', `/api/videos/${video.id}`)).status, 200);
  });

  test('a video removed while its conversion waits: the job fails cleanly and leaves nothing', { timeout: 180_000 }, async () => {
    const a = await account();
    const { folder, video } = await withVideo(a, avi, 'sumiu.avi');
    assert.equal((await a.call('POST', '/api/conversion/convert', { video_id: video.id, quality: 'baixa' })).status, 200);
    // deleted outside the panel (SSH, the disk): the next sync drops the row
    const dirOf = path.join(h.core.library.storage.accountDir(a.usuario), 'Pasta sumiu.avi');
    for (const f of fs.readdirSync(dirOf)) fs.rmSync(path.join(dirOf, f));
    assert.equal((await a.call('POST', `/api/folders/${folder}/sync`)).body.removed, 1);
    // the status call answers 404 now: the job's row says how it ended
    const failed = await runJobsUntil(async () => {
      const row = await h.core.store.db.selectFrom('jobs').selectAll().where('subject_id', '=', video.id).executeTakeFirst();
      return row?.state === 'failed' && row;
    }, 20_000);
    assert.equal(failed.error, errorText('video_not_found'));
    assert.deepEqual(await videosOf(a, folder), []);
    assert.deepEqual(tree(dirOf), []);
    assert.deepEqual(tree(path.join(h.core.library.storage.root, '.jobs')), []);
  });
});
