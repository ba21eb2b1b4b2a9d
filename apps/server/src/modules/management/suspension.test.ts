import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { Client, FTPError } from 'basic-ftp';
import { errorText, publicTexts } from '@painel/contract';
import { nowIso } from '../../platform/db.ts';
import { freePort } from '../../platform/ports.ts';
import { formatZoned } from '../../platform/zoned-time.ts';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { makeChannelClip, newFolder, upload } from '../../testing/library.ts';
import { eventually, reconnecting, startLiveStack, type LiveStack } from '../../testing/live.ts';
import { startRtmpSource, type RelaySource } from '../../testing/relay-source.ts';
import { startRtmpDestination, type RtmpDestination } from '../../testing/rtmp-destination.ts';
import { startFtp, type FtpHandle } from '../ftp-server/ftp-server.ts';

interface Account { id: number; email: string; usuario: string; password: string; token: string }
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A panel with an operator, a reseller and one of its streamings, created through the management API. */
async function panel(h: Harness) {
  const call = (token: string, method: Method, url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const account = async (tipo: 'admin' | 'revenda'): Promise<Account> => {
    const a = await h.createAccount({ tipo, bitrate: 3000, espectadores: 150, espaco: 5000 });
    await h.core.store.db.updateTable('accounts').set({ max_streamings: tipo === 'revenda' ? 5 : 0 }).where('id', '=', a.id).execute();
    return { ...a, token: await h.login(a.email, a.password) };
  };
  const operator = await account('admin');
  const reseller = await account('revenda');
  const streaming = async (usuario: string): Promise<Account> => {
    const r = await call(reseller.token, 'POST', '/api/revenda/streamings', {
      email: `${usuario}@exemplo.com.br`, usuario, nome: `Canal ${usuario}`, senha: 'senha-do-canal', bitrate: 1000, espectadores: 20, espaco: 1000,
    });
    assert.equal(r.statusCode, 201, r.body);
    const id = r.json().streaming.id as number;
    const email = `${usuario}@exemplo.com.br`;
    return { id, email, usuario, password: 'senha-do-canal', token: await h.login(email, 'senha-do-canal') };
  };
  const suspend = async (caller: Account, id: number) => {
    const r = await call(caller.token, 'POST', `/api/revenda/streamings/${id}/suspender`);
    assert.equal(r.statusCode, 200, r.body);
  };
  const reactivate = async (caller: Account, id: number) => {
    const r = await call(caller.token, 'POST', `/api/revenda/streamings/${id}/reativar`);
    assert.equal(r.statusCode, 200, r.body);
  };
  const login = (email: string, password: string) => h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return { call, operator, reseller, streaming, suspend, reactivate, login };
}

/**
 * What a suspension means without media: the login is refused with its message, FTP sessions
 * close and new ones are refused, the public player page and the published app are gone;
 * reactivating gives access back.
 */
describe('suspension: access', () => {
  let h: Harness;
  let ftp: FtpHandle;
  let p: Awaited<ReturnType<typeof panel>>;
  let a: Account;
  const clients: Client[] = [];

  before(async () => {
    const min = 40000 + Math.floor(Math.random() * 400) * 50;
    h = await startHarness({ env: { FTP_PASV_MIN: String(min), FTP_PASV_MAX: String(min + 49) } });
    ftp = await startFtp(h.core, { port: await freePort(), host: '127.0.0.1', limits: { recheckMs: 300 } });
    p = await panel(h);
    a = await p.streaming('canal_sol');
    const at = nowIso();
    await h.core.store.db.insertInto('webapps').values({ user_id: a.id, nome: 'Rádio Sol', cor_splash: '#112233', chat: 0, created_at: at, updated_at: at }).execute();
  });
  after(async () => {
    for (const c of clients) c.close();
    await ftp?.close();
    await h?.close();
  });

  async function ftpLogin(user: string, password: string): Promise<Client> {
    const c = new Client(10_000);
    clients.push(c);
    await c.access({ host: '127.0.0.1', port: ftp.port, user, password });
    return c;
  }
  const ftpPassword = async () => h.core.accounts.ftpPassword((await h.core.accounts.byId(a.id))!);
  const player = () => h.app.inject({ url: `/api/player-port/iframe?login=${a.usuario}&stream=${a.usuario}_live` });
  const app = () => h.app.inject({ url: `/webapp/${a.usuario}/app.json` });

  test('suspended: login refused with its message, FTP closed and refused, player page and app gone; reactivated: all back', async () => {
    const password = await ftpPassword();
    const session = await ftpLogin(a.usuario, password);
    assert.ok(Array.isArray(await session.list('/')));
    assert.equal((await player()).statusCode, 200);
    assert.equal((await app()).statusCode, 200);

    await p.suspend(p.reseller, a.id);
    const refused = await p.login(a.email, a.password);
    assert.deepEqual([refused.statusCode, refused.json().code, refused.json().error], [403, 'account_disabled', errorText('account_disabled')]);
    // the open FTP session is closed by the server's next check
    await eventually(async () => {
      try {
        await session.list('/');
        return false;
      } catch {
        return true;
      }
    }, 5000, 'sessão FTP encerrada');
    const ftpRefused = await ftpLogin(a.usuario, password).then(() => null, (e: unknown) => e);
    assert.ok(ftpRefused instanceof FTPError, String(ftpRefused));
    assert.equal(ftpRefused.code, 530);
    // the public pages no longer show the channel (their account cache holds a second at most)
    await eventually(async () => (await player()).statusCode === 404, 3000, 'página do player indisponível');
    const page = await player();
    assert.ok(page.body.includes(publicTexts['pt-BR'].player.unavailable), 'the page says the channel is unavailable');
    await eventually(async () => (await app()).statusCode === 404, 3000, 'app publicado indisponível');
    assert.equal((await h.app.inject({ url: `/webapp/${a.usuario}/` })).statusCode, 404);

    await p.reactivate(p.reseller, a.id);
    assert.equal((await p.login(a.email, a.password)).statusCode, 200);
    const again = await ftpLogin(a.usuario, password);
    assert.ok(Array.isArray(await again.list('/')));
    assert.equal((await player()).statusCode, 200);
    assert.equal((await app()).statusCode, 200);
  });
});

/**
 * What a suspension stops, on the real media stack: the OBS broadcast (encoder dropped, and a
 * new publish refused), the restreams, the playlist broadcast and the relay; a booking does not
 * start while suspended nor after. Reactivation gives access back and starts nothing again.
 */
describe('suspension: what is on air stops and stays stopped', () => {
  let s: LiveStack;
  let dest: RtmpDestination;
  let relaySource: RelaySource;
  let dir: string;
  let p: Awaited<ReturnType<typeof panel>>;
  let a: Account;
  let b: Account;
  let keyA = '';
  let keyB = '';
  let playlistId = 0;
  const TZ = 'America/Sao_Paulo';

  const db = () => s.h.core.store.db;
  const api = (token: string, method: Method, url: string, payload?: object) => p.call(token, method, url, payload);
  const status = async (token: string) => (await api(token, 'GET', '/api/streaming/status')).json();
  const running = async (userId: number) =>
    (await db().selectFrom('media_processes').select(['id', 'kind', 'desired', 'state', 'pid']).where('user_id', '=', userId).execute());
  const openTransmissions = async (userId: number) =>
    db().selectFrom('transmissions').select(['id', 'tipo', 'status', 'end_reason']).where('user_id', '=', userId).where('status', '!=', 'ended').execute();
  const hls = async (login: string) => (await fetch(`${s.apiUrl}/hls/${login}_live.m3u8`)).status;
  /** The worker gets a few passes: nothing it runs for the account comes back. */
  const settle = () => sleep(2500);
  const noChild = async (userId: number) => {
    const rows = await running(userId);
    assert.deepEqual(rows.filter((r) => r.desired === 'running' || r.pid !== null), [], 'nenhum processo da conta no ar');
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-suspension-'));
    dest = await startRtmpDestination({ keys: ['chave-live'] });
    relaySource = await startRtmpSource();
    s = await startLiveStack({
      env: { OUTBOUND_ALLOW: [dest.allowEntry, relaySource.allowEntry].join(','), HLS_FRAGMENT_SECONDS: '1', HLS_PLAYLIST_SECONDS: '6' },
      worker: { engine: { backoff: { minMs: 300, maxMs: 1500, resetAfterMs: 60_000 }, staleAfterMs: 8000, ioTimeoutSeconds: 5 } },
    });
    p = await panel(s.h);
    a = await p.streaming('canal_lua');
    b = await p.streaming('canal_mar');
    keyA = (await api(a.token, 'GET', '/api/dados-conexao')).json().rtmp.chave;
    keyB = (await api(b.token, 'GET', '/api/dados-conexao')).json().rtmp.chave;
    const folder = await newFolder(s.h, a.token, 'Canal');
    const ids: number[] = [];
    for (const [name, src] of [['um', 'testsrc'], ['dois', 'testsrc2']] as const) {
      const r = await upload(s.h, a.token, folder, `${name}.mp4`, makeChannelClip(dir, name, src, 6));
      assert.equal(r.statusCode, 200, r.body);
      ids.push(r.json<{ video: { id: number } }>().video.id);
    }
    playlistId = (await api(a.token, 'POST', '/api/playlists', { nome: 'Manhã' })).json<{ id: number }>().id;
    const saved = await api(a.token, 'PUT', `/api/playlists/${playlistId}`, { videos: ids.map((id, i) => ({ id, ordem: i + 1 })) });
    assert.equal(saved.statusCode, 200, saved.body);
  });
  after(async () => {
    await s?.close();
    await dest?.close();
    await relaySource?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('OBS and its restreams: dropped at once, a new publish refused, nothing back after reactivation', async () => {
    const obs = reconnecting(() => s.publish(keyA, { videoKbps: 500 }));
    const other = s.publish(keyB, { videoKbps: 300 });
    try {
      await eventually(async () => (obs.ensure(), (await status(a.token)).is_live), 15_000, 'OBS ao vivo');
      await eventually(async () => (await status(b.token)).is_live, 15_000, 'OBS da outra streaming ao vivo');
      const source = (await api(a.token, 'GET', '/api/streaming/source-urls')).json().source_urls.http_m3u8;
      const live = await api(a.token, 'POST', '/api/streaming/start-live', {
        tipo: 'youtube', servidor_rtmp: dest.server, servidor_rtmp_chave: 'chave-live', servidor_stm: source,
        data_inicio: '', data_fim: formatZoned(Date.now() + 3_600_000, TZ), inicio_imediato: 'sim',
      });
      assert.equal(live.statusCode, 200, live.body);
      await eventually(async () => (obs.ensure(), (await dest.received('chave-live')).publishing), 20_000, 'live no destino');

      await p.suspend(p.reseller, a.id);
      // at suspension time, not at some later pass: the broadcast is over and the restream asked to stop
      const ended = await db().selectFrom('transmissions').select(['status', 'end_reason']).where('user_id', '=', a.id).where('tipo', '=', 'obs').execute();
      assert.ok(ended.length > 0 && ended.every((t) => t.status === 'ended' && t.end_reason === 'account_disabled'), JSON.stringify(ended));
      assert.deepEqual((await running(a.id)).filter((r) => r.desired === 'running'), []);
      // the platform stops receiving; the channel's HLS is gone; OBS, trying again, is refused
      await eventually(async () => !(await dest.received('chave-live')).publishing, 10_000, 'live parada no destino');
      await eventually(async () => (await hls(a.usuario)) === 404, 10_000, 'HLS do canal fora do ar');
      for (let i = 0; i < 3; i++) {
        obs.ensure();
        await sleep(1000);
      }
      assert.deepEqual(await openTransmissions(a.id), [], 'nenhuma transmissão aberta enquanto suspensa');
      // the other streaming of the same reseller is untouched
      assert.equal((await status(b.token)).is_live, true);

      await p.reactivate(p.reseller, a.id);
      await obs.stop();
      a.token = (await p.login(a.email, a.password)).json().token;
      await settle();
      await noChild(a.id);
      assert.equal((await dest.received('chave-live')).publishing, false, 'a live não volta sozinha');
      const lives = (await api(a.token, 'GET', '/api/streaming/lives')).json().lives as { status: number }[];
      assert.ok(lives.length === 1 && lives[0]!.status !== 1, JSON.stringify(lives));
      // access is back: OBS goes live again when the owner publishes
      const back = s.publish(keyA, { videoKbps: 500 });
      await eventually(async () => (await status(a.token)).is_live, 15_000, 'OBS ao vivo depois de reativada');
      await back.stop();
      await eventually(async () => (await openTransmissions(a.id)).length === 0, 20_000, 'transmissão encerrada');
    } finally {
      await obs.stop();
      await other.stop();
    }
  });

  test('the playlist broadcast: stopped with the reseller\'s suspension, not restarted by the engine or a booking', async () => {
    const started = await api(a.token, 'POST', '/api/streaming/start', { playlist_id: playlistId });
    assert.equal(started.statusCode, 200, started.body);
    await eventually(async () => (await hls(a.usuario)) === 200 && (await status(a.token)).is_live, 30_000, 'playlist no ar');
    // a booking for next week's Saturday 20:00, run by an injected clock
    const day = (() => {
      let t = Date.now() + 86_400_000;
      while (new Date(t - 3 * 3600_000).getUTCDay() !== 6) t += 86_400_000;
      return new Date(t - 3 * 3600_000).toISOString().slice(0, 10);
    })();
    const booking = await api(a.token, 'POST', '/api/agendamentos', {
      data: day, id_playlist: playlistId, shuffle: false, frequencia: 'uma_vez', finalizacao: false, id_playlist_finalizacao: null, inicio: `${day} 20:00:00`,
    });
    assert.equal(booking.statusCode, 200, booking.body);

    // the operator suspends the reseller: its streamings go with it, and what they have on air stops
    await p.suspend(p.operator, p.reseller.id);
    const playout = (await running(a.id)).filter((r) => r.kind === 'playout');
    assert.ok(playout.length === 1 && playout[0]!.desired === 'stopped', JSON.stringify(playout));
    assert.deepEqual(await openTransmissions(a.id), []);
    await eventually(async () => (await running(a.id)).every((r) => r.pid === null), 10_000, 'playout parado');
    await eventually(async () => (await hls(a.usuario)) === 404, 10_000, 'HLS do canal fora do ar');
    const due = Date.parse(`${day}T20:00:00-03:00`) + 5000;
    const node = s.h.config.media.nodeId;
    assert.equal(await s.h.core.services.dueBookings.due(node, due), 0, 'um agendamento não inicia numa conta suspensa');

    await p.reactivate(p.operator, p.reseller.id);
    p.reseller.token = await s.h.login(p.reseller.email, p.reseller.password);
    assert.equal(await s.h.core.services.dueBookings.due(node, due + 10_000), 0, 'nem depois da reativação');
    await settle();
    await noChild(a.id);
    assert.deepEqual(await openTransmissions(a.id), []);
    assert.equal((await running(a.id)).filter((r) => r.kind === 'playout').length, 1, 'nenhum playout novo');
  });

  test('the relay: stopped at suspension, and stays stopped after reactivation', async () => {
    a.token = (await p.login(a.email, a.password)).json().token;
    const started = await api(a.token, 'POST', '/api/relay/start', { relay_url: relaySource.url, relay_type: 'rtmp' });
    assert.equal(started.statusCode, 200, started.body);
    await eventually(async () => (await api(a.token, 'GET', '/api/relay/status')).json().estado === 'live', 30_000, 'relay no ar');

    await p.suspend(p.reseller, a.id);
    assert.deepEqual((await running(a.id)).filter((r) => r.desired === 'running'), []);
    assert.deepEqual(await openTransmissions(a.id), []);
    await eventually(async () => (await running(a.id)).every((r) => r.pid === null), 10_000, 'relay parado');
    await eventually(async () => (await hls(a.usuario)) === 404, 10_000, 'HLS do canal fora do ar');

    await p.reactivate(p.reseller, a.id);
    a.token = (await p.login(a.email, a.password)).json().token;
    await settle();
    await noChild(a.id);
    assert.notEqual((await api(a.token, 'GET', '/api/relay/status')).json().estado, 'live');
  });
});
