import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RECORDINGS_FOLDER, type RecordingsResponse } from '@painel/contract';
import { execCapture } from '../../platform/exec.ts';
import { bearerHeader } from '../../testing/harness.ts';
import { eventually, startLiveStack, type LiveStack, type Publisher } from '../../testing/live.ts';
import { startRtmpSource, type RelaySource } from '../../testing/relay-source.ts';
import { modules } from '../index.ts';
import { defineRecordingsModule } from './index.ts';

/**
 * The resume gap of this file's worker: short, so a finished broadcast is joined within seconds, and
 * long enough that the reconnection the test makes once the drop is seen resumes it on a loaded machine too.
 */
const GAP_MS = 15_000;
const SMALL = { size: '320x180', fps: 25, videoKbps: 400 };

/**
 * Recordings end to end: a real nginx-rtmp and worker, ffmpeg publishing as OBS does, the
 * engine's recorder copying the channel into fragmented MP4 parts, and the worker joining them
 * into 'Gravações'. The accounts' scenarios run side by side on one stack.
 */
// real-time media for a minute and more: run once, on PostgreSQL, whose phase has room beside the SQLite phase and
// the browser tests that wait for it (the module's queries are the same on both; the other test files run on both)
describe('recordings of broadcasts into the library', { skip: process.env.TEST_PG_ADMIN_URL ? false : 'coberto na execução com PostgreSQL' }, () => {
  let s: LiveStack;
  type Acc = { id: number; usuario: string; token: string; key: string };
  const accs: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g', Acc> = {} as never;
  let source: RelaySource;

  const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    s.h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const recordingsOf = async (a: Acc) => (await api(a.token, 'GET', '/api/gravacoes')).json<RecordingsResponse>();
  const status = async (a: Acc) => (await api(a.token, 'GET', '/api/streaming/status')).json();
  const db = () => s.h.core.store.db;

  /** The account's videos in 'Gravações' with their files on disk. */
  async function recorded(a: Acc) {
    const folder = await db().selectFrom('folders').select(['id', 'nome']).where('user_id', '=', a.id).where('nome', '=', RECORDINGS_FOLDER).executeTakeFirst();
    if (!folder) return [];
    const rows = await db().selectFrom('videos').selectAll().where('folder_id', '=', folder.id).execute();
    return rows.map((v) => ({ ...v, file: path.join(s.h.core.library.storage.folderDir(a.usuario, RECORDINGS_FOLDER), v.arquivo) }));
  }

  /** ffprobe's duration, and whether the whole file decodes without an error. */
  async function playable(file: string): Promise<{ duration: number; errors: string }> {
    const p = await execCapture('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { timeoutMs: 20_000 });
    const d = await execCapture('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-f', 'null', '-'], { timeoutMs: 60_000 });
    return { duration: Number(p.stdout.trim()), errors: d.stderr.trim() + (d.code === 0 ? '' : ` (código ${d.code})`) };
  }

  const doneOf = (a: Acc, n = 1) => eventually(async () => {
    const r = await recordingsOf(a);
    return r.gravacoes.length >= n && r.gravacoes.every((g) => g.estado === 'concluida' || g.estado === 'falhou') && !r.gravando && r.gravacoes;
  }, 30_000, `gravação concluída de ${a.usuario}`);

  before(async () => {
    source = await startRtmpSource();
    s = await startLiveStack({
      env: { OUTBOUND_ALLOW: source.allowEntry },
      worker: { modules: modules.map((m) => (m.name === 'recordings' ? defineRecordingsModule({ gapMs: GAP_MS }) : m)) },
    });
    const make = async (opts: { espaco?: number } = {}): Promise<Acc> => {
      const c = await s.h.createAccount(opts);
      const token = await s.h.login(c.email, c.password);
      const key = (await api(token, 'GET', '/api/dados-conexao')).json().rtmp.chave as string;
      return { id: c.id, usuario: c.usuario, token, key };
    };
    accs.a = await make();
    accs.b = await make();
    accs.c = await make();
    accs.d = await make({ espaco: 3 });
    accs.e = await make();
    accs.f = await make();
    accs.g = await make();
  });
  after(async () => {
    await s?.close();
    await source?.close();
  });

  test('the setting is off by default, saved per account, and checked', async () => {
    const { a, b } = accs;
    assert.deepEqual((await api(a.token, 'GET', '/api/gravacoes/config')).json(), { success: true, ativo: false });
    assert.equal((await api(a.token, 'PUT', '/api/gravacoes/config', { ativo: 'sim' })).statusCode, 400);
    for (const x of [accs.a, accs.d, accs.e]) {
      assert.deepEqual((await api(x.token, 'PUT', '/api/gravacoes/config', { ativo: true })).json(), { success: true, ativo: true });
    }
    assert.equal((await api(a.token, 'GET', '/api/gravacoes/config')).json().ativo, true);
    assert.equal((await api(b.token, 'GET', '/api/gravacoes/config')).json().ativo, false);
  });

  // the broadcasts' accounts and the relay's are apart: both run at once on the one stack
  describe('on air', { concurrency: true }, () => {
    test('broadcasts become MP4s in Gravações: 30 s, a drop and resume, the plan full, a killed recorder', async () => {
      const { a, b, c, d, e } = accs;
      const pubs: Publisher[] = [];
      try {
        // c: recording off, but chosen for this broadcast before OBS connects
        const start = await api(c.token, 'POST', '/api/streaming/start', { titulo: 'Culto: domingo', enable_recording: true });
        assert.equal(start.json().aguardando_obs, true);

        const pa = s.publish(a.key, { ...SMALL, seconds: 30 });
        const pc1 = s.publish(c.key, { ...SMALL, seconds: 8 });
        const pd = s.publish(d.key, { ...SMALL, videoKbps: 800 });
        const pe = s.publish(e.key, { ...SMALL, seconds: 20 });
        pubs.push(pa, pc1, pd, pe);
        // b records nothing: its setting is off
        const pb = s.publish(b.key, { ...SMALL, seconds: 6 });
        pubs.push(pb);

        // while it records: the status and the list say so
        const st = await eventually(async () => {
          const x = await status(a);
          return x.obs_stream.recording && x;
        }, 20_000, 'obs_stream.recording');
        assert.equal(st.is_live, true);
        assert.equal((await recordingsOf(a)).gravando, true);

        // e: the recorder is killed mid-way; the engine starts another, the first part stays
        const firstPid = await eventually(async () => {
          const r = await db().selectFrom('recordings as r').innerJoin('media_processes as p', 'p.id', 'r.process_id')
            .select(['p.pid', 'p.state']).where('r.user_id', '=', e.id).executeTakeFirst();
          const bytes = fs.existsSync(path.join(s.h.config.dataDir, 'storage', '.recordings')) ? (await recordingsOf(e)).gravacoes[0]?.tamanho ?? 0 : 0;
          return r?.state === 'live' && r.pid && bytes > 100_000 && r.pid;
        }, 15_000, 'gravador de e no ar');
        process.kill(firstPid, 'SIGKILL');
        await eventually(async () => {
          const r = await db().selectFrom('recordings as r').innerJoin('media_processes as p', 'p.id', 'r.process_id')
            .select(['p.pid', 'p.state']).where('r.user_id', '=', e.id).executeTakeFirst();
          return r?.state === 'live' && r.pid && r.pid !== firstPid;
        }, 15_000, 'gravador de e reiniciado');

        // c: the broadcast drops and comes back within the gap (a new publish, as OBS reconnecting)
        assert.equal(await pc1.exited, 0);
        await eventually(async () => {
          return (await recordingsOf(c)).gravacoes[0]?.estado === 'pausada';
        }, 15_000, 'gravação de c pausada');
        const pc2 = s.publish(c.key, { ...SMALL, seconds: 8 });
        pubs.push(pc2);
        await eventually(async () => (await recordingsOf(c)).gravacoes[0]?.estado === 'gravando', 5000, 'gravação de c retomada');

        // d: the plan's 3 MB run out: the recording stops, the live goes on, the owner is told
        const stopped = await eventually(async () => {
          const r = await recordingsOf(d);
          return r.gravacoes[0]?.motivo_parada === 'quota' && r.gravacoes[0];
        }, 40_000, 'gravação de d parada pela cota');
        assert.equal(stopped.codigo_aviso, 'recording_quota_stopped');
        assert.match(stopped.aviso ?? '', /espaço de armazenamento do plano \(3 MB\)/);
        const dDone = (await doneOf(d))[0]!;
        assert.equal(dDone.estado, 'concluida');
        const live = await status(d);
        assert.equal(live.is_live, true, 'a transmissão continua no ar');
        assert.equal(live.obs_stream.recording, false);
        const activity = (await api(d.token, 'GET', '/api/dashboard/overview')).json();
        const said = JSON.stringify(activity);
        assert.match(said, /recording_quota/);
        const [dVideo] = await recorded(d);
        assert.ok(dVideo && dVideo.tamanho <= 3 * 1024 * 1024, `gravação de d dentro do plano: ${dVideo?.tamanho}`);
        assert.equal((await playable(dVideo.file)).errors, '');
        await pd.stop();

        // a: the 30-s broadcast is one MP4 of ~30 s
        assert.equal(await pa.exited, 0);
        const [aRec] = await doneOf(a);
        assert.equal(aRec!.estado, 'concluida');
        const [aVideo] = await recorded(a);
        assert.ok(aVideo, 'vídeo em Gravações');
        assert.equal(aRec!.video_id, aVideo.id);
        assert.match(aVideo.nome, /^Transmissão ao vivo \(OBS\) \d\d-\d\d-\d{4} \d\dh\d\d\.mp4$/);
        const pa2 = await playable(aVideo.file);
        assert.equal(pa2.errors, '');
        assert.ok(Math.abs(pa2.duration - 30) <= 2, `duração ${pa2.duration} s`);
        assert.equal(aVideo.is_mp4, 1);
        assert.equal(aVideo.codec_video, 'h264');
        // listed like any video, and a playlist candidate
        const folders = (await api(a.token, 'GET', '/api/folders')).json() as { id: number; nome: string }[];
        const folder = folders.find((f) => f.nome === RECORDINGS_FOLDER);
        assert.ok(folder);
        const listed = (await api(a.token, 'GET', `/api/videos?folder_id=${folder.id}`)).json() as { id: number }[];
        assert.deepEqual(listed.map((v) => v.id), [aVideo.id]);
        const pl = (await api(a.token, 'POST', '/api/playlists', { nome: 'Reprises' })).json();
        const put = await api(a.token, 'PUT', `/api/playlists/${pl.id}`, { videos: [{ id: aVideo.id, ordem: 1 }] });
        assert.equal(put.statusCode, 200, put.body);

        // c: one recording, one file, with both halves
        assert.equal(await pc2.exited, 0);
        const cRecs = await doneOf(c);
        assert.equal(cRecs.length, 1);
        const cVideos = await recorded(c);
        assert.equal(cVideos.length, 1);
        assert.match(cVideos[0]!.nome, /^Culto: domingo /);
        const pcv = await playable(cVideos[0]!.file);
        assert.equal(pcv.errors, '');
        // both halves (8 s each): more than one half, never more than both (how much of a half's start a loaded
        // machine's recorder misses is not judged)
        assert.ok(pcv.duration > 9 && pcv.duration <= 17, `duração de c ${pcv.duration} s`);

        // e: killed once, still one playable file with most of the 20 s
        assert.equal(await pe.exited, 0);
        await doneOf(e);
        const [eVideo] = await recorded(e);
        assert.ok(eVideo);
        const pev = await playable(eVideo.file);
        assert.equal(pev.errors, '');
        assert.ok(pev.duration >= 10 && pev.duration <= 21, `duração de e ${pev.duration} s`);

        // b: nothing recorded; and it never sees the others' recordings
        assert.equal(await pb.exited, 0);
        const bList = await recordingsOf(b);
        assert.deepEqual(bList.gravacoes, []);
        assert.equal((await recorded(b)).length, 0);
        assert.equal((await api(b.token, 'GET', `/api/videos?folder_id=${folder.id}`)).statusCode, 404);
        assert.equal((await api(b.token, 'GET', `/api/playlists/${pl.id}/videos`)).statusCode, 404);
        // the working folders are gone
        assert.deepEqual(fs.readdirSync(path.join(s.h.config.dataDir, 'storage', '.recordings')), []);
      } finally {
        for (const p of pubs) await p.stop();
      }
    });

    test('a relay is recorded only when chosen for it, not by the account\'s setting for OBS', { timeout: 180_000 }, async () => {
      const { f } = accs;
      assert.equal((await api(f.token, 'PUT', '/api/gravacoes/config', { ativo: true })).statusCode, 200);
      const relayOnAir = () => eventually(async () => (await api(f.token, 'GET', '/api/relay/status')).json<{ estado?: string }>().estado === 'live', 30_000, 'relay no ar');
      // not chosen: the setting (OBS broadcasts) does not record it
      const plain = await api(f.token, 'POST', '/api/relay/start', { relay_url: source.url });
      assert.equal(plain.statusCode, 200, plain.body);
      await relayOnAir();
      assert.equal((await api(f.token, 'POST', '/api/relay/stop', {})).statusCode, 200);
      // chosen: recorded from its first publish until it is stopped
      const chosen = await api(f.token, 'POST', '/api/relay/start', { relay_url: source.url, enable_recording: true });
      assert.equal(chosen.statusCode, 200, chosen.body);
      await relayOnAir();
      await eventually(async () => (await recordingsOf(f)).gravando, 20_000, 'relay gravando');
      await eventually(async () => (await recordingsOf(f)).gravacoes[0]!.tamanho > 200_000, 30_000, 'a gravação do relay crescendo');
      assert.equal((await api(f.token, 'POST', '/api/relay/stop', {})).statusCode, 200);
      const done = await doneOf(f);
      assert.equal(done.length, 1, JSON.stringify(done));
      assert.equal(done[0]!.estado, 'concluida', JSON.stringify(done[0]));
      const [video] = await recorded(f);
      assert.ok(video, 'the relay is in Gravações');
      const p = await playable(video.file);
      assert.equal(p.errors, '');
      assert.ok(p.duration > 2, String(p.duration));
    });

    test('the broadcast on air recorded from the dashboard, and stopped again: what was recorded goes to Gravações', { timeout: 180_000 }, async () => {
      const { g } = accs;
      const current = (ativo: boolean) => api(g.token, 'PUT', '/api/gravacoes/atual', { ativo });
      // nothing on air: nothing to record
      const none = await current(true);
      assert.equal(none.statusCode, 404, none.body);
      assert.equal((await recordingsOf(g)).gravacoes.length, 0);
      // on air until the test ends it, however long a loaded machine takes to record
      const pub = s.publish(g.key, SMALL);
      try {
        await eventually(async () => (await status(g)).obs_stream.is_live, 20_000, 'g ao vivo');
        assert.equal((await recordingsOf(g)).gravando, false, 'the setting is off');
        assert.deepEqual((await current(true)).json(), { success: true, ativo: true });
        await eventually(async () => (await status(g)).obs_stream.recording, 15_000, 'g gravando');
        await eventually(async () => (await recordingsOf(g)).gravacoes[0]!.tamanho > 150_000, 30_000, 'a gravação de g crescendo');
        assert.deepEqual((await current(false)).json(), { success: true, ativo: false });
        const done = await doneOf(g);
        assert.equal(done[0]!.estado, 'concluida', JSON.stringify(done[0]));
        assert.equal((await status(g)).obs_stream.is_live, true, 'the broadcast goes on');
        const [video] = await recorded(g);
        assert.ok(video);
        assert.equal((await playable(video.file)).errors, '');
      } finally {
        await pub.stop();
      }
    });
  });
});
