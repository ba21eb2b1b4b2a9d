import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { Client } from 'basic-ftp';
import type { StatusResponse } from '@painel/contract';
import { freePort } from '../../platform/ports.ts';
import { bearerHeader } from '../../testing/harness.ts';
import { makeKeyframeClip, newFolder, upload } from '../../testing/library.ts';
import { eventually, startLiveStack, type LiveStack } from '../../testing/live.ts';
import { startFtp, type FtpHandle } from '../ftp-server/ftp-server.ts';

/** What a viewer polling the channel's HLS every second saw while the channel was on air. */
interface HlsWatch {
  polls: number;
  /** Playlist requests that did not answer 200 after the first one did. */
  playlistMisses: string[];
  /** Listed segments that did not answer 200. */
  segmentMisses: string[];
  /** Times the media sequence went back. */
  backwards: string[];
  /** Times the panel's status said the channel was off the air while it was on. */
  statusOff: string[];
  lastSequence: number;
}

/**
 * The 24/7 channel with videos as people upload them (a keyframe every 2 s, every 10 s, at
 * uneven times: each a different codec set-up) and a library that changes while it is on
 * air. Watched as a viewer does: the playlist every second, every segment it lists.
 */
// real-time media over minutes: run once, on PostgreSQL, whose phase has room beside the SQLite phase and
// the browser tests that follow it (the playout's database work is covered on both by playout.test.ts)
describe('playout: ordinary videos and library changes on air', { skip: process.env.TEST_PG_ADMIN_URL ? false : 'coberto na execução com PostgreSQL' }, () => {
  let s: LiveStack;
  let ftp: FtpHandle;
  let dir: string;
  let a: { id: number; usuario: string; email: string; token: string };
  let folder: number;
  let playlistId: number;
  const ids: Record<string, number> = {};
  let watching: { stop: () => Promise<HlsWatch> } | null = null;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.h.app.inject({ method, url, headers: bearerHeader(a.token), ...(payload ? { payload } : {}) });
  const status = async () => (await api('GET', '/api/streaming/status')).json<StatusResponse>();
  const db = () => s.h.core.store.db;
  const playout = () => db().selectFrom('media_processes').selectAll().where('kind', '=', 'playout').where('user_id', '=', a.id)
    .orderBy('id', 'desc').executeTakeFirstOrThrow();
  const played = async (processId: number) => (await db().selectFrom('playout_plays').select(['nome', 'skipped'])
    .where('process_id', '=', processId).orderBy('id').execute()).filter((p) => !p.skipped).map((p) => p.nome);

  /** Polls the channel's HLS every second until stopped; the first 200 marks the channel on air. */
  function watchHls(): { stop: () => Promise<HlsWatch> } {
    const w: HlsWatch = { polls: 0, playlistMisses: [], segmentMisses: [], backwards: [], statusOff: [], lastSequence: -1 };
    const checked = new Set<string>();
    let onAir = false;
    let running = true;
    const loop = (async () => {
      while (running) {
        const t0 = Date.now();
        const r = await fetch(`${s.apiUrl}/hls/${a.usuario}_live.m3u8`);
        const text = await r.text();
        w.polls += 1;
        if (r.status === 200) {
          onAir = true;
          const seq = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? -1);
          if (seq < w.lastSequence) w.backwards.push(`${w.lastSequence} → ${seq}`);
          w.lastSequence = Math.max(w.lastSequence, seq);
          const segments = text.split('\n').map((l) => l.trim()).filter((l) => l.endsWith('.ts'));
          // each new segment once, and always the oldest listed one (the first to be removed)
          for (const seg of segments.filter((x, i) => i === 0 || !checked.has(x))) {
            const sr = await fetch(new URL(seg, `${s.apiUrl}/hls/`));
            await sr.arrayBuffer();
            if (sr.status !== 200) w.segmentMisses.push(`${seg}: ${sr.status}`);
            checked.add(seg);
          }
        } else if (onAir) {
          w.playlistMisses.push(`${new Date().toISOString()}: ${r.status}`);
        }
        // what the dashboard shows ('No ar'), also in the moment between two runs of the playout
        if (onAir && !(await status()).is_live) w.statusOff.push(new Date().toISOString());
        await sleep(Math.max(0, 1000 - (Date.now() - t0)));
      }
    })();
    return {
      async stop() {
        running = false;
        await loop;
        return w;
      },
    };
  }

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-keyframes-'));
    const pasv = 40000 + Math.floor(Math.random() * 400) * 50;
    s = await startLiveStack({ env: { FTP_PASV_MIN: String(pasv), FTP_PASV_MAX: String(pasv + 49) } });
    ftp = await startFtp(s.h.core, { port: await freePort(), host: '127.0.0.1' });
    const acc = await s.h.createAccount();
    a = { ...acc, token: await s.h.login(acc.email, acc.password) };
    folder = await newFolder(s.h, a.token, 'Canal');
    const clips = {
      // a 1.5 Mbps clip, so that converting it to 'baixa' makes it lighter
      dois: makeKeyframeClip(dir, 'dois', 4, { every: 2 }, 1500),
      dez: makeKeyframeClip(dir, 'dez', 12, { every: 10 }),
      irregular: makeKeyframeClip(dir, 'irregular', 7, { at: [0, 1.5, 5, 5.5] }),
    };
    for (const [name, clip] of Object.entries(clips)) {
      const r = await upload(s.h, a.token, folder, `${name}.mp4`, clip);
      assert.equal(r.statusCode, 200, r.body);
      ids[name] = r.json<{ video: { id: number } }>().video.id;
    }
    playlistId = (await api('POST', '/api/playlists', { nome: 'Do jeito que chega' })).json<{ id: number }>().id;
    const put = await api('PUT', `/api/playlists/${playlistId}`, { videos: [{ id: ids.dois, ordem: 1 }, { id: ids.dez, ordem: 2 }, { id: ids.irregular, ordem: 3 }] });
    assert.equal(put.statusCode, 200, put.body);
  });
  after(async () => {
    await watching?.stop();
    await ftp?.close();
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // two loops: every change of format (2 s → 10 s → irregular) and the loop back to the start, each met twice
  test('2-s, 10-s and irregular keyframes for two loops: the playlist never 404s, every listed segment is there, the sequence only grows', { timeout: 180_000 }, async () => {
    const r = await api('POST', '/api/streaming/start', { playlist_id: playlistId });
    assert.equal(r.statusCode, 200, r.body);
    watching = watchHls();
    const proc = await playout();
    await eventually(async () => (await played(proc.id)).length >= 7, 130_000, 'duas voltas da playlist');
    const w = await watching.stop();
    watching = null;
    assert.deepEqual((await played(proc.id)).slice(0, 7), ['dois.mp4', 'dez.mp4', 'irregular.mp4', 'dois.mp4', 'dez.mp4', 'irregular.mp4', 'dois.mp4']);
    // the viewer watched throughout (a poll a second at most; fewer on a loaded machine)
    assert.ok(w.polls >= 20, `consultas: ${w.polls}`);
    assert.deepEqual(w.playlistMisses, [], 'a playlist respondeu 404 com o canal no ar');
    assert.deepEqual(w.segmentMisses, [], 'um segmento listado não estava lá');
    assert.deepEqual(w.backwards, [], 'a sequência de mídia voltou');
    assert.deepEqual(w.statusOff, [], 'o painel disse "fora do ar" com o canal no ar');
    const now = await playout();
    // a new run at each change of format is planned, not a failure
    assert.deepEqual([now.state, now.restarts, now.error], ['live', 0, null]);
    const st = await status();
    assert.equal(st.is_live, true);
    assert.equal(st.playout?.falha, null);
  });

  test('convert, delete, overwrite by FTP and reorder while on air: the channel keeps advancing', { timeout: 150_000 }, async () => {
    const proc = await playout();
    watching = watchHls();
    const advance = async (what: string) => {
      const n = (await played(proc.id)).length;
      await eventually(async () => (await played(proc.id)).length > n, 40_000, `o canal seguiu depois de: ${what}`);
    };

    // conversion replacing the original under the same id (a new codec set-up for that video)
    const c = await api('POST', '/api/conversion/convert', { video_id: ids.dois, quality: 'baixa' });
    assert.equal(c.statusCode, 200, c.body);
    await eventually(async () => {
      const x = (await api('GET', `/api/conversion/status/${ids.dois}`)).json<{ conversion_status: { status: string } | null }>();
      return x.conversion_status?.status === 'concluida';
    }, 60_000, 'conversão concluída');
    await advance('conversão');

    const del = await api('DELETE', `/api/videos/${ids.irregular}`);
    assert.equal(del.statusCode, 200, del.body);
    await advance('exclusão');

    // the same name sent again by FTP replaces the file
    const row = (await s.h.core.accounts.byLogin(a.usuario))!;
    const client = new Client(10_000);
    try {
      await client.access({ host: '127.0.0.1', port: ftp.port, user: a.usuario, password: s.h.core.accounts.ftpPassword(row) });
      await client.uploadFrom(Readable.from([makeKeyframeClip(dir, 'dez-novo', 11, { every: 10 })]), '/Canal/dez.mp4');
    } finally {
      client.close();
    }
    await advance('envio por FTP');

    const entries = (await api('GET', `/api/playlists/${playlistId}/videos`)).json<{ videos: { id: number } }[]>();
    const reordered = entries.map((e) => e.videos.id).reverse().map((id, i) => ({ id, ordem: i + 1 }));
    assert.equal((await api('PUT', `/api/playlists/${playlistId}`, { videos: reordered })).statusCode, 200);
    await advance('nova ordem');
    await advance('nova ordem (segundo vídeo)');

    const w = await watching.stop();
    watching = null;
    assert.deepEqual(w.playlistMisses, [], 'a playlist respondeu 404 com o canal no ar');
    assert.deepEqual(w.segmentMisses, [], 'um segmento listado não estava lá');
    assert.deepEqual(w.backwards, [], 'a sequência de mídia voltou');
    const now = await playout();
    assert.ok(now.restarts <= 4, `no máximo um reinício por mudança: ${now.restarts}`);
    assert.equal(now.state, 'live');
    assert.equal((await status()).is_live, true);
  });

  test('a video that makes the playout fail over and over shows the failure and its reason, not "No ar"', { timeout: 180_000 }, async () => {
    assert.equal((await api('POST', '/api/streaming/stop', { stream_type: 'playlist' })).statusCode, 200);
    // a clip the library accepted, replaced on disk by one whose sound FLV cannot carry: ffmpeg fails at every start
    const up = await upload(s.h, a.token, folder, 'quebra.mp4', makeKeyframeClip(dir, 'quebra', 3, { every: 1 }));
    const id = up.json<{ video: { id: number } }>().video.id;
    const v = await db().selectFrom('videos').select('arquivo').where('id', '=', id).executeTakeFirstOrThrow();
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=duration=3',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'libopus', '-shortest', '-f', 'mp4', s.h.core.library.storage.filePath(a.usuario, 'Canal', v.arquivo)]);
    const pl = (await api('POST', '/api/playlists', { nome: 'Quebrada' })).json<{ id: number }>().id;
    assert.equal((await api('PUT', `/api/playlists/${pl}`, { videos: [{ id, ordem: 1 }] })).statusCode, 200);
    assert.equal((await api('POST', '/api/streaming/start', { playlist_id: pl })).statusCode, 200);
    const t0 = Date.now();
    const st = await eventually(async () => {
      const x = await status();
      return x.playout?.falha && x;
    }, 60_000, 'falha mostrada');
    console.log(`# falha mostrada em ${Date.now() - t0} ms`);
    assert.match(st.playout!.falha!.motivo, /opus|flv|código/i);
    // by code too: ffmpeg's own words, the same in every language of the panel
    assert.deepEqual([st.playout!.falha!.codigo, st.playout!.falha!.valores], ['process_output', { detalhe: st.playout!.falha!.motivo }]);
    assert.equal(st.is_live, false, 'o dashboard não diz "No ar"');
    const proc = await playout();
    assert.equal(proc.state, 'failing');
    assert.equal(proc.desired, 'running', 'continua tentando');
    assert.equal((await api('POST', '/api/streaming/stop', { stream_type: 'playlist' })).statusCode, 200);
  });
});
