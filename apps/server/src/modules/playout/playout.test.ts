import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { errorText, msg, type StatusResponse } from '@painel/contract';
import { bearerHeader } from '../../testing/harness.ts';
import { makeChannelClip, newFolder, upload } from '../../testing/library.ts';
import { eventually, reconnecting, startLiveStack, type LiveStack } from '../../testing/live.ts';

interface Play { nome: string; comercial: number; skipped: string | null; at: string }

/**
 * The 24/7 channel end to end: playlists of real clips played by the worker's playout into
 * the real nginx-rtmp, read back as the HLS a viewer gets.
 */
// real media, the same on either database: run once, in the SQLite phase
describe('playout: a playlist on air', { skip: process.env.TEST_PG_ADMIN_URL ? 'coberto na execução com SQLite' : false }, () => {
  let s: LiveStack;
  let dir: string;
  let a: { id: number; usuario: string; token: string };
  let b: { id: number; usuario: string; token: string };
  const ids: Record<string, number> = {};
  let playlistId: number;

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const status = async (token = a.token) => (await api(token, 'GET', '/api/streaming/status')).json<StatusResponse>();
  const db = () => s.h.core.store.db;
  const playout = () => db().selectFrom('media_processes').selectAll().where('kind', '=', 'playout').where('user_id', '=', a.id).orderBy('id', 'desc').executeTakeFirst();
  const plays = async (processId: number): Promise<Play[]> =>
    db().selectFrom('playout_plays').select(['nome', 'comercial', 'skipped', 'at']).where('process_id', '=', processId).orderBy('id').execute();
  const played = async (processId: number) => (await plays(processId)).filter((p) => !p.skipped).map((p) => p.nome);
  const hls = async () => {
    const r = await fetch(`${s.apiUrl}/hls/${a.usuario}_live.m3u8`);
    return r.ok ? r.text() : null;
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-playout-'));
    s = await startLiveStack({ env: { HLS_FRAGMENT_SECONDS: '1', HLS_PLAYLIST_SECONDS: '6' } });
    const acc = await s.h.createAccount();
    a = { ...acc, token: await s.h.login(acc.email, acc.password) };
    const other = await s.h.createAccount();
    b = { ...other, token: await s.h.login(other.email, other.password) };
    const folder = await newFolder(s.h, a.token, 'Canal');
    for (const [name, src] of [['um', 'testsrc'], ['dois', 'testsrc2'], ['tres', 'smptebars']] as const) {
      const r = await upload(s.h, a.token, folder, `${name}.mp4`, makeChannelClip(dir, name, src));
      assert.equal(r.statusCode, 200, r.body);
      ids[name] = r.json<{ video: { id: number } }>().video.id;
    }
    const created = await api(a.token, 'POST', '/api/playlists', { nome: 'Manhã' });
    assert.equal(created.statusCode, 201, created.body);
    playlistId = created.json<{ id: number }>().id;
  });
  after(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('playlists: candidates only, in the order given, with real totals; another account gets 404', async () => {
    const save = await api(a.token, 'PUT', `/api/playlists/${playlistId}`, { videos: [{ id: ids.um, ordem: 1 }, { id: ids.dois, ordem: 2 }, { id: ids.tres, ordem: 3 }] });
    assert.equal(save.statusCode, 200, save.body);
    const list = (await api(a.token, 'GET', '/api/playlists')).json<{ id: number; total_videos: number; duracao_total: number }[]>();
    const p = list.find((x) => x.id === playlistId)!;
    assert.equal(p.total_videos, 3);
    assert.ok(p.duracao_total >= 8 && p.duracao_total <= 10, String(p.duracao_total));
    const entries = (await api(a.token, 'GET', `/api/playlists/${playlistId}/videos`)).json<{ ordem: number; videos: { nome: string } }[]>();
    assert.deepEqual(entries.map((e) => e.videos.nome), ['um.mp4', 'dois.mp4', 'tres.mp4']);
    const dup = await api(a.token, 'PUT', `/api/playlists/${playlistId}`, { videos: [{ id: ids.um, ordem: 1 }, { id: ids.um, ordem: 2 }] });
    assert.equal(dup.statusCode, 400);
    assert.equal(dup.json().error, msg.playlistDuplicateVideo);
    for (const [method, url, body] of [
      ['GET', `/api/playlists/${playlistId}/videos`, undefined], ['PUT', `/api/playlists/${playlistId}`, { nome: 'Minha' }],
      ['DELETE', `/api/playlists/${playlistId}`, undefined], ['POST', '/api/streaming/start', { playlist_id: playlistId }],
    ] as const) {
      const r = await api(b.token, method, url, body);
      assert.equal(r.statusCode, 404, `${method} ${url}: ${r.body}`);
    }
    // B cannot put A's video in a playlist of its own either
    const bp = (await api(b.token, 'POST', '/api/playlists', { nome: 'B' })).json<{ id: number }>().id;
    assert.equal((await api(b.token, 'PUT', `/api/playlists/${bp}`, { videos: [{ id: ids.um, ordem: 1 }] })).statusCode, 404);
    assert.equal((await api(a.token, 'GET', '/api/playlists')).json<unknown[]>().length, 1);
    const empty = (await api(a.token, 'POST', '/api/playlists', { nome: 'Vazia' })).json<{ id: number }>().id;
    const r = await api(a.token, 'POST', '/api/streaming/start', { playlist_id: empty });
    assert.equal(r.statusCode, 422);
    assert.equal(r.json().error, msg.playlistEmpty);
    assert.equal(await playout(), undefined);
  });

  test('on air: two full loops in one RTMP session, the HLS sequence contiguous without discontinuities', { timeout: 180_000 }, async () => {
    const r = await api(a.token, 'POST', '/api/streaming/start', { titulo: 'Canal 24h', playlist_id: playlistId, platform_ids: [], enable_recording: false, use_smil: true, loop_playlist: true });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().message, msg.playlistStarted('Canal 24h'));
    const st = await eventually(async () => {
      const x = await status();
      return x.is_live && x.stream_type === 'playlist' && x.transmission!.stats.bitrate > 0 && x;
    }, 20_000, 'playlist no ar');
    assert.equal(st.transmission!.codigo_playlist, playlistId);
    assert.equal(st.transmission!.playlist_nome, 'Manhã');
    const proc = (await playout())!;
    const pid = proc.pid;
    assert.ok(pid);
    const seqs = new Set<number>();
    const names = new Set<string>();
    const discontinuities = new Set<string>();
    let lastSeq = -1;
    const deadline = Date.now() + 60_000;
    while ((await played(proc.id)).length < 7 && Date.now() < deadline) {
      const text = await hls();
      if (text) {
        const m = /#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text);
        const first = Number(m?.[1] ?? -1);
        assert.ok(first >= lastSeq, `a sequência voltou: ${first} < ${lastSeq}`);
        lastSeq = first;
        const segs = text.split('\n').filter((l) => l.endsWith('.ts')).length;
        for (let i = 0; i < segs; i++) seqs.add(first + i);
        for (const l of text.split('\n')) if (l.endsWith('.ts')) names.add(l);
        // the segment each discontinuity tag precedes (a tag stays in the window for several reads)
        const lines = text.split('\n');
        lines.forEach((l, i) => {
          if (l === '#EXT-X-DISCONTINUITY') discontinuities.add(lines.slice(i).find((x) => x.endsWith('.ts')) ?? '');
        });
      }
      await sleep(400);
    }
    assert.deepEqual((await played(proc.id)).slice(0, 7), ['um.mp4', 'dois.mp4', 'tres.mp4', 'um.mp4', 'dois.mp4', 'tres.mp4', 'um.mp4']);
    const sorted = [...seqs].sort((x, y) => x - y);
    assert.ok(sorted.length >= 15, `segmentos: ${sorted.length}`);
    assert.equal(sorted.at(-1)! - sorted[0]! + 1, sorted.length, `falta segmento: ${sorted.join(',')}`);
    // nginx marks the first fragment of a publish; none may follow between videos
    const firstSegment = [...names][0];
    assert.deepEqual([...discontinuities].filter((d) => d !== firstSegment), [], `primeiro: ${firstSegment}`);
    const now = (await playout())!;
    assert.equal(now.pid, pid, 'uma só sessão: o ffmpeg do playout não reiniciou');
    assert.equal(now.restarts, 0);
    const info = (await status()).playout!;
    assert.ok(info.reproduzidos >= 7);
    assert.ok(info.atual && ['um.mp4', 'dois.mp4', 'tres.mp4'].includes(info.atual.nome));
    // the playlist's player plays the channel while that playlist is on air, and only then
    const page = await fetch(`${s.apiUrl}/api/player-port/iframe?login=${a.usuario}&playlist=${playlistId}`);
    assert.equal(page.status, 200);
    assert.ok((await page.text()).includes(`/hls/${a.usuario}_live.m3u8?playlist=${playlistId}`));
    assert.equal((await fetch(`${s.apiUrl}/hls/${a.usuario}_live.m3u8?playlist=${playlistId}`)).status, 200);
    assert.equal((await fetch(`${s.apiUrl}/hls/${a.usuario}_live.m3u8?playlist=${playlistId + 1000}`)).status, 404);
    // on air, it cannot be deleted
    const del = await api(a.token, 'DELETE', `/api/playlists/${playlistId}`);
    assert.equal(del.statusCode, 409);
    assert.equal(del.json().error, errorText('playlist_on_air'));
  });

  test('edited on air: the new order plays from the next video on, without stopping', { timeout: 180_000 }, async () => {
    const proc = (await playout())!;
    // right after "um" begins
    const n0 = await eventually(async () => {
      const p = await played(proc.id);
      return p.at(-1) === 'um.mp4' && p.length;
    }, 20_000, '"um" no ar');
    const r = await api(a.token, 'PUT', `/api/playlists/${playlistId}`, { videos: [{ id: ids.um, ordem: 1 }, { id: ids.tres, ordem: 2 }, { id: ids.dois, ordem: 3 }] });
    assert.equal(r.statusCode, 200);
    await eventually(async () => (await played(proc.id)).length >= n0 + 3, 30_000, 'três vídeos depois da edição');
    assert.deepEqual((await played(proc.id)).slice(n0, n0 + 3), ['tres.mp4', 'dois.mp4', 'um.mp4']);
    assert.equal((await playout())!.pid, proc.pid);
  });

  test('commercials every 2 videos, rotating through the folder, inside the running playout', { timeout: 180_000 }, async () => {
    const folder = await newFolder(s.h, a.token, 'Comerciais');
    for (const [name, src] of [['ad1', 'rgbtestsrc'], ['ad2', 'testsrc']] as const) {
      assert.equal((await upload(s.h, a.token, folder, `${name}.mp4`, makeChannelClip(dir, name, src, 2))).statusCode, 200);
    }
    const proc = (await playout())!;
    const r = await api(a.token, 'POST', '/api/comerciais', { id_playlist: playlistId, id_folder_comerciais: folder, quantidade_comerciais: 1, intervalo_videos: 2, ativo: true });
    assert.equal(r.statusCode, 200, r.body);
    const n0 = (await played(proc.id)).length;
    await eventually(async () => (await played(proc.id)).filter((x, i) => i >= n0 && x.startsWith('ad')).length >= 2, 40_000, 'dois comerciais');
    const seq = (await played(proc.id)).slice(n0);
    const firstAd = seq.findIndex((x) => x.startsWith('ad'));
    const from = seq.slice(firstAd);
    const secondAd = from.findIndex((x, i) => i > 0 && x.startsWith('ad'));
    assert.equal(secondAd, 3, `um comercial a cada 2 vídeos: ${from.join(',')}`);
    assert.deepEqual([from[0], from[3]].sort(), ['ad1.mp4', 'ad2.mp4']);
    assert.equal((await playout())!.pid, proc.pid);
    // a folder that feeds commercials cannot be deleted
    const del = await api(a.token, 'DELETE', `/api/folders/${folder}`);
    assert.equal(del.statusCode, 409);
    // another account neither sees nor touches A's commercials, nor uses A's playlist or folder
    const cid = r.json<{ comercial: { id: number } }>().comercial.id;
    assert.deepEqual((await api(b.token, 'GET', '/api/comerciais')).json(), []);
    const body = { id_playlist: playlistId, id_folder_comerciais: folder, quantidade_comerciais: 2, intervalo_videos: 5, ativo: true };
    for (const [method, url, payload] of [
      ['PUT', `/api/comerciais/${cid}`, body], ['PUT', `/api/comerciais/${cid}`, { ativo: false }], ['DELETE', `/api/comerciais/${cid}`, undefined],
      ['POST', '/api/comerciais', body], ['GET', `/api/comerciais/pasta/${folder}/videos`, undefined],
    ] as const) {
      assert.equal((await api(b.token, method, url, payload)).statusCode, 404, `${method} ${url}`);
    }
    const mine = (await api(a.token, 'GET', '/api/comerciais')).json<{ id: number; ativo: boolean; intervalo_videos: number }[]>();
    assert.deepEqual(mine.map((c) => [c.id, c.ativo, c.intervalo_videos]), [[cid, true, 2]]);
  });

  test('OBS takes the channel; when it stops, the playlist comes back by itself', { timeout: 180_000 }, async () => {
    const key = (await api(a.token, 'GET', '/api/dados-conexao')).json<{ rtmp: { chave: string } }>().rtmp.chave;
    assert.ok(key.startsWith(`${a.usuario}_live?key=`));
    // a publish refused because the playlist had not left the stream yet (a loaded machine) is tried
    // again, as OBS reconnects by itself
    const asked = Date.now();
    const obs = reconnecting(() => s.publish(key, { size: '640x360' }));
    await eventually(async () => {
      obs.ensure();
      const x = await status();
      return x.stream_type === 'obs' && x.obs_stream.is_live && x.playout?.aguardando_obs;
    }, 30_000, 'OBS no ar, playlist aguardando');
    console.log(`CANAL OBS assumiu o canal da playlist em ${Date.now() - asked} ms`);
    // what viewers get is OBS's picture
    await eventually(async () => {
      const text = await hls();
      const seg = text?.split('\n').filter((l) => l.endsWith('.ts')).at(-1);
      if (!seg) return false;
      const bytes = Buffer.from(await (await fetch(new URL(seg, `${s.apiUrl}/hls/`))).arrayBuffer());
      const file = path.join(dir, 'seg.ts');
      fs.writeFileSync(file, bytes);
      const w = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width', '-of', 'csv=p=0', file]).toString().trim();
      // a TS lists its streams once per program too
      return w.split(/\s+/)[0] === '640';
    }, 30_000, 'HLS com a imagem do OBS');
    assert.equal((await playout())!.pid, null);
    await obs.stop();
    const t0 = Date.now();
    await eventually(async () => {
      const x = await status();
      return x.is_live && x.stream_type === 'playlist' && !x.playout?.aguardando_obs;
    }, 20_000, 'playlist de volta');
    console.log(`# a playlist voltou em ${Date.now() - t0} ms`);
  });

  test('stop ends the broadcast and its process', { timeout: 180_000 }, async () => {
    const proc = (await playout())!;
    const pid = proc.pid;
    const r = await api(a.token, 'POST', '/api/streaming/stop', { stream_type: 'playlist' });
    assert.equal(r.statusCode, 200, r.body);
    await eventually(async () => !(await status()).is_live && (await status()).playout === null, 10_000, 'fora do ar');
    await eventually(async () => (await playout())!.pid === null, 10_000, 'processo encerrado');
    if (pid) assert.equal(fs.existsSync(`/proc/${pid}`), false);
  });

  test('a missing file is skipped and reported without stopping the channel; a playlist with nothing playable ends with the reason', { timeout: 180_000 }, async () => {
    const folder = await newFolder(s.h, a.token, 'Quebrados');
    const up = async (name: string) => {
      const r = await upload(s.h, a.token, folder, `${name}.mp4`, makeChannelClip(dir, name, 'testsrc2', 2));
      return r.json<{ video: { id: number } }>().video.id;
    };
    const fileOf = async (id: number) => {
      const v = await db().selectFrom('videos').select('arquivo').where('id', '=', id).executeTakeFirstOrThrow();
      return s.h.core.library.storage.filePath(a.usuario, 'Quebrados', v.arquivo);
    };
    const [gone, broken] = [await up('sumiu'), await up('estragado')];
    const mixed = (await api(a.token, 'POST', '/api/playlists', { nome: 'Mista' })).json<{ id: number }>().id;
    await api(a.token, 'PUT', `/api/playlists/${mixed}`, { videos: [{ id: ids.um, ordem: 1 }, { id: gone, ordem: 2 }] });
    fs.rmSync(await fileOf(gone));
    assert.equal((await api(a.token, 'POST', '/api/streaming/start', { playlist_id: mixed })).statusCode, 200);
    const st = await eventually(async () => {
      const x = await status();
      return x.is_live && x.stream_type === 'playlist' && x.playout!.ignorados.length > 0 && x.playout!.reproduzidos >= 2 && x;
    }, 30_000, 'no ar, pulando o arquivo ausente');
    assert.deepEqual(st.playout!.ignorados[0]!.nome, 'sumiu.mp4');
    assert.equal(st.playout!.ignorados[0]!.motivo, msg.playoutMissingFile);
    const proc = (await playout())!;
    assert.deepEqual([...new Set(await played(proc.id))], ['um.mp4']);

    // nothing playable: the broadcast ends with the reason
    fs.writeFileSync(await fileOf(broken), Buffer.alloc(64 * 1024));
    const bad = (await api(a.token, 'POST', '/api/playlists', { nome: 'Estragada' })).json<{ id: number }>().id;
    await api(a.token, 'PUT', `/api/playlists/${bad}`, { videos: [{ id: broken, ordem: 1 }] });
    const r = await api(a.token, 'POST', '/api/streaming/start', { playlist_id: bad });
    assert.equal(r.statusCode, 200);
    const tid = r.json<{ transmission: { id: number } }>().transmission.id;
    const ended = await eventually(async () => {
      const t = await db().selectFrom('transmissions').selectAll().where('id', '=', tid).executeTakeFirstOrThrow();
      return t.status === 'ended' && t;
    }, 20_000, 'transmissão encerrada');
    // the source's error ends its broadcast: by code, with the error's text kept beside it
    assert.deepEqual([ended.end_reason, ended.end_detail], ['source_error', msg.playlistAllBroken]);
    const failed = (await playout())!;
    assert.deepEqual([failed.state, failed.error, failed.pid], ['error', msg.playlistAllBroken, null]);
    assert.equal((await status()).is_live, false);
  });
});
