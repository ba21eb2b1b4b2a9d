import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import type { LiveRecord, StatusResponse } from '@painel/contract';
import { parseRtmpStat } from '@painel/media/rtmp-stat';
import { formatZoned } from '../platform/zoned-time.ts';
import { addressesOf, channelUrls } from '../modules/streaming/urls.ts';
import { bearerHeader } from '../testing/harness.ts';
import { makeChannelClip, newFolder, upload } from '../testing/library.ts';
import { eventually, reconnecting, startLiveStack, type LiveStack } from '../testing/live.ts';
import { startRtmpDestination, type RtmpDestination } from '../testing/rtmp-destination.ts';

const KEY = 'chave-do-canal';
/** The platform of the OBS broadcast itself ("Iniciar Transmissão" with a platform). */
const KEY2 = 'chave-da-plataforma';
/**
 * Only ends a broken run: each comes back by itself in about 10 s on an idle machine (the figures
 * are printed); what is judged is that each comes back, and that the API never says
 * "transmitting" for what is down.
 */
const BOUND_MS = 90_000;
/** The API reads nginx's stat through a 1-s cache: a "transmitting" this much older than the truth is not a lie. */
const STALE_MS = 1500;

/** One reading: what the API said and what was true, all asked between `from` and `at`. */
interface Sample {
  from: number; at: number; obs: boolean; obsTrue: boolean; restream: boolean; restreamTrue: boolean; platform: boolean; platformTrue: boolean;
  playlist: boolean; playlistTrue: boolean;
}
const WATCHED = ['obs', 'playlist', 'restream', 'platform'] as const;

/**
 * Fault: nginx-rtmp killed (SIGKILL of its master) while an account is live from OBS with a
 * restream to a platform, and another account has a playlist on air. The worker restarts nginx;
 * OBS reconnects by itself (as the test's publisher does), the playout and the restream come back
 * by themselves. While anything is down, the API never says it is transmitting.
 */
describe('fault: nginx-rtmp killed with OBS live, a playlist on air and a restream', () => {
  let s: LiveStack;
  let dest: RtmpDestination;
  let dir: string;
  let obs: ReturnType<typeof reconnecting> | undefined;
  let a: { usuario: string; token: string; key: string };
  let b: { usuario: string; token: string };
  const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    s.h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const status = async (token: string) => (await api(token, 'GET', '/api/streaming/status')).json<StatusResponse>();
  const platformOn = (st: StatusResponse) => st.platforms.find((p) => p.id === 'twitch')?.status === 'connected';
  const restream = async () => (await api(a.token, 'GET', '/api/streaming/lives')).json<{ lives: LiveRecord[] }>().lives.find((l) => l.tipo === 'youtube');
  /** What nginx really has now, asked directly (no cache); empty while it is down. */
  const publishing = async (): Promise<Set<string>> => {
    const r = await fetch(`http://127.0.0.1:${s.worker.controlPort}/stat`, { signal: AbortSignal.timeout(1000) }).catch(() => null);
    if (!r?.ok) return new Set();
    return new Set(parseRtmpStat(await r.text()).streams.filter((x) => x.publishing).map((x) => x.name));
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-nginx-morto-'));
    dest = await startRtmpDestination({ keys: [KEY, KEY2] });
    // the worker with the product's own timings: nginx restarted after 2 s, health every 2 s, duties every 2 s
    s = await startLiveStack({
      env: { OUTBOUND_ALLOW: dest.allowEntry },
      worker: { backoff: { minMs: 2000, maxMs: 60_000, resetAfterMs: 60_000 }, healthIntervalMs: 2000, reconcileMs: 2000 },
    });
    const ca = await s.h.createAccount();
    const ta = await s.h.login(ca.email, ca.password);
    a = { usuario: ca.usuario, token: ta, key: (await api(ta, 'GET', '/api/dados-conexao')).json().rtmp.chave as string };
    const cb = await s.h.createAccount();
    b = { usuario: cb.usuario, token: await s.h.login(cb.email, cb.password) };

    // B: a playlist of two clips, on air
    const folder = await newFolder(s.h, b.token, 'Canal');
    const ids: number[] = [];
    for (const [name, src] of [['um', 'testsrc'], ['dois', 'testsrc2']] as const) {
      const r = await upload(s.h, b.token, folder, `${name}.mp4`, makeChannelClip(dir, name, src));
      assert.equal(r.statusCode, 200, r.body);
      ids.push(r.json<{ video: { id: number } }>().video.id);
    }
    const playlist = (await api(b.token, 'POST', '/api/playlists', { nome: 'Grade' })).json<{ id: number }>().id;
    assert.equal((await api(b.token, 'PUT', `/api/playlists/${playlist}`, { videos: ids.map((id, i) => ({ id, ordem: i + 1 })) })).statusCode, 200);
    const started = await api(b.token, 'POST', '/api/streaming/start', { titulo: 'Grade 24h', playlist_id: playlist });
    assert.equal(started.statusCode, 200, started.body);

    // A: OBS live, restreamed to the platform
    obs = reconnecting(() => s.publish(a.key, { videoKbps: 600 }));
    await eventually(async () => (await status(a.token)).is_live, 20_000, 'OBS ao vivo');
    const r = await api(a.token, 'POST', '/api/streaming/start-live', {
      tipo: 'youtube', servidor_rtmp: dest.server, servidor_rtmp_chave: KEY, servidor_stm: channelUrls(addressesOf(s.h.config), a.usuario).rtmpStream,
      data_inicio: '', data_fim: formatZoned(Date.now() + 3_600_000, 'America/Sao_Paulo'), inicio_imediato: 'sim',
    });
    assert.equal(r.statusCode, 200, r.body);
    await eventually(async () => (await restream())?.estado === 'live' && (await dest.received(KEY)).publishing, 30_000, 'restream no ar');
    // the broadcast's own platform: registered for later, connected by "start" to the OBS broadcast
    const later = formatZoned(Date.now() + 2 * 3_600_000, 'America/Sao_Paulo');
    const twitch = await api(a.token, 'POST', '/api/streaming/start-live', {
      tipo: 'twitch', servidor_rtmp: dest.server, servidor_rtmp_chave: KEY2, servidor_stm: channelUrls(addressesOf(s.h.config), a.usuario).rtmpStream,
      data_inicio: later, data_fim: formatZoned(Date.now() + 3 * 3_600_000, 'America/Sao_Paulo'), inicio_imediato: 'nao',
    });
    assert.equal(twitch.statusCode, 200, twitch.body);
    const start = await api(a.token, 'POST', '/api/streaming/start', { titulo: 'Culto', platform_ids: ['twitch'] });
    assert.equal(start.statusCode, 200, start.body);
    await eventually(async () => platformOn(await status(a.token)) && (await dest.received(KEY2)).publishing, 30_000, 'plataforma da transmissão no ar');
    await eventually(async () => {
      const st = await status(b.token);
      return st.is_live && st.stream_type === 'playlist';
    }, 30_000, 'playlist no ar');
  });
  after(async () => {
    await obs?.stop();
    await s?.close();
    await dest?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the worker restarts nginx; OBS, the playlist and the restream each come back by themselves, never shown as transmitting while down', { timeout: 180_000 }, async () => {
    const obsStream = `${a.usuario}_live`;
    const playlistStream = `${b.usuario}_live`;
    const broadcast = (await status(a.token)).transmission?.id;
    const nginx = s.worker.nginx.status().pid!;
    assert.ok(nginx);
    const samples: Sample[] = [];
    const back: Record<'nginx' | (typeof WATCHED)[number], number | null> = { nginx: null, obs: null, playlist: null, restream: null, platform: null };
    const gone = new Set<string>();
    let sampling = true;
    // sampled from a second before the kill: what the API says is judged against what was true a moment earlier
    let t0 = Number.POSITIVE_INFINITY;
    const since = () => (Date.now() - t0) / 1000;
    const sampler = (async () => {
      while (sampling) {
        // OBS notices the broken connection and connects again by itself
        obs!.ensure();
        const from = Date.now();
        const [sa, sb, live, now, got, got2] = await Promise.all([
          status(a.token), status(b.token), restream(), publishing(), dest.received(KEY), dest.received(KEY2),
        ]);
        const sample: Sample = {
          from, at: Date.now(),
          obs: sa.is_live, obsTrue: now.has(obsStream),
          playlist: sb.is_live, playlistTrue: now.has(playlistStream),
          restream: live?.estado === 'live', restreamTrue: got.publishing,
          platform: platformOn(sa), platformTrue: got2.publishing,
        };
        samples.push(sample);
        if (sample.at < t0) {
          await sleep(250);
          continue;
        }
        if (back.nginx === null && s.worker.nginx.status().state === 'running' && s.worker.nginx.status().pid !== nginx) back.nginx = since();
        // each is back once it was seen gone and is now really there and shown as transmitting
        for (const k of WATCHED) {
          if (!sample[`${k}True`]) gone.add(k);
          else if (back[k] === null && gone.has(k) && sample[k]) back[k] = since();
        }
        await sleep(250);
      }
    })();

    await eventually(async () => samples.length >= 4, 10_000, 'amostras antes da queda');
    t0 = Date.now();
    /** Each reading: seconds since the kill, then for each of WATCHED what the API said and what was true (1/0). */
    const timeline = () => samples.map((x) => `${((x.at - t0) / 1000).toFixed(1)} ${WATCHED.map((k) => `${+x[k]}${+x[`${k}True`]}`).join(' ')}`).join('\n');
    process.kill(nginx, 'SIGKILL');
    try {
      await eventually(async () => Object.values(back).every((v) => v !== null), BOUND_MS, 'tudo de volta');
    } catch (e) {
      const lives = (await api(a.token, 'GET', '/api/streaming/lives')).json<{ lives: LiveRecord[] }>().lives.map((l) => [l.tipo, l.estado, l.status_text, l.erro]);
      throw new Error(`${(e as Error).message}: ${JSON.stringify(back)} ${JSON.stringify(lives)}\n${timeline()}`);
    } finally {
      sampling = false;
      await sampler;
    }

    // what the API said against what nginx and the platform really had, a little earlier (the stat cache):
    // a reading is asked over a while (long on a loaded machine), so the truth around it is any reading
    // asked between the stat cache's age before it began and its end
    const lies: string[] = [];
    for (const x of samples) {
      const truthAround = samples.filter((y) => y.at >= x.from - STALE_MS && y.from <= x.at);
      for (const k of WATCHED) {
        const truth = `${k}True` as const;
        if (x[k] && !truthAround.some((y) => y[truth])) lies.push(`${((x.at - t0) / 1000).toFixed(1)} s ${k}`);
      }
    }
    const down = samples.filter((x) => x.at >= t0 && !x.obsTrue).length;
    console.log(`FALHA nginx-morto: recuperado em nginx ${back.nginx?.toFixed(1)} s; OBS ${back.obs?.toFixed(1)} s; playlist ${back.playlist?.toFixed(1)} s; `
      + `restream ${back.restream?.toFixed(1)} s; plataforma da transmissão ${back.platform?.toFixed(1)} s; leituras com o OBS fora do nginx ${down}; "transmitindo" sem estar: ${lies.length ? lies.join(', ') : 'nenhum'}`);
    assert.deepEqual(lies, [], `o status disse transmitindo para o que não estava:\n${timeline()}`);
    assert.ok(down > 0, 'o nginx não chegou a cair');
    for (const [k, v] of Object.entries(back)) assert.ok(v !== null, `${k} de volta`);
    // OBS's reconnection goes on with the same broadcast (title, platforms), and viewers' playlist with it
    assert.equal((await status(a.token)).transmission?.id, broadcast);
    assert.equal((await fetch(`${s.apiUrl}/hls/${obsStream}.m3u8`)).status, 200);
  });
});
