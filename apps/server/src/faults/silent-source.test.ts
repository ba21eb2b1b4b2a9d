import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { msg, type LiveRecord, type RelayStatus, type StatusResponse } from '@painel/contract';
import { parseRtmpStat } from '@painel/media/rtmp-stat';
import { formatZoned } from '../platform/zoned-time.ts';
import { addressesOf, channelUrls } from '../modules/streaming/urls.ts';
import { bearerHeader } from '../testing/harness.ts';
import { eventually, startLiveStack, type LiveStack, type Publisher } from '../testing/live.ts';
import { startHlsSource, startRtmpSource, type RelaySource } from '../testing/relay-source.ts';
import { startRtmpDestination, type RtmpDestination } from '../testing/rtmp-destination.ts';

/** The product's promise: a source connected but silent is noticed, and handled as a drop, within this long. */
const DETECT_MS = 20_000;
/** Slack for a loaded 2-core machine (2–5× slower): the bound tells the timer from none; the figures are logged either way. */
const SLACK_MS = 25_000;
/** Back on air by itself once the source sends again (the supervisor's back-off reaches 10 s). */
const BACK_MS = 25_000;
/** How long the drop is watched once noticed: several retries of the relay fall in it. */
const HOLD_MS = 8000;
/** The channel's status may trail the relay's by its cache (1 s) and the two reads' order. */
const CHANNEL_LAG_MS = 2500;
const KEY = 'chave-da-plataforma';

const secs = (ms: number) => (ms / 1000).toFixed(1);

interface Account { id: number; usuario: string; token: string }

/**
 * Fault: a source that keeps its connection and sends nothing. For a relay, an RTMP origin
 * whose publisher hangs (its encoder stopped, the TCP connection kept), and an HLS origin whose
 * playlist stops advancing (served, the same media sequence forever); for OBS, a publisher that
 * hangs on its connection. Each is noticed within 20 s and shown as a drop (the relay
 * "reconnecting" with the source-lost message, never "live" again while silent; OBS's channel
 * off the air), and comes back by itself once the source sends again.
 */
describe('fault: a source connected but silent (relay RTMP and HLS, OBS ingest)', () => {
  let s: LiveStack;
  let rtmp: Awaited<ReturnType<typeof startRtmpSource>>;
  let hls: RelaySource;
  let dest: RtmpDestination;
  /** A relays from the RTMP origin, C from the HLS one, at the same time. */
  let a: Account;
  let c: Account;
  let b: { usuario: string; token: string; key: string };
  let obs: Publisher | undefined;

  const api = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    s.h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const relay = async (u: Account) => (await api(u.token, 'GET', '/api/relay/status')).json<RelayStatus>();
  const channel = async (token: string) => (await api(token, 'GET', '/api/streaming/status')).json<StatusResponse>();
  const relayRow = (u: Account) => s.h.core.store.db.selectFrom('media_processes').selectAll().where('kind', '=', 'relay').where('user_id', '=', u.id)
    .orderBy('id', 'desc').executeTakeFirstOrThrow();
  const onAir = (u: Account) => eventually(async () => {
    const x = await relay(u);
    return x.relay_status === 'ativo' && x.estado === 'live' && x.bitrate > 0 && x;
  }, BACK_MS + SLACK_MS, 'relay no ar com bitrate');
  const restream = async () => (await api(b.token, 'GET', '/api/streaming/lives')).json<{ lives: LiveRecord[] }>().lives.find((l) => l.tipo === 'youtube');
  /** What nginx really has now, asked directly (no cache). */
  const publishing = async (): Promise<Set<string>> => {
    const r = await fetch(`http://127.0.0.1:${s.worker.controlPort}/stat`, { signal: AbortSignal.timeout(1000) }).catch(() => null);
    if (!r?.ok) return new Set();
    return new Set(parseRtmpStat(await r.text()).streams.filter((x) => x.publishing).map((x) => x.name));
  };
  /** An HLS playlist's media sequence. */
  const sequence = async (url: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(await (await fetch(url)).text())?.[1] ?? -1);

  before(async () => {
    rtmp = await startRtmpSource();
    hls = await startHlsSource();
    dest = await startRtmpDestination({ keys: [KEY] });
    s = await startLiveStack({
      env: { OUTBOUND_ALLOW: [rtmp.allowEntry, hls.allowEntry, dest.allowEntry].join(','), HLS_FRAGMENT_SECONDS: '1', HLS_PLAYLIST_SECONDS: '6' },
    });
    for (const set of [(x: Account) => (a = x), (x: Account) => (c = x)]) {
      const ca = await s.h.createAccount();
      set({ ...ca, token: await s.h.login(ca.email, ca.password) });
    }
    const cb = await s.h.createAccount();
    const tb = await s.h.login(cb.email, cb.password);
    b = { usuario: cb.usuario, token: tb, key: (await api(tb, 'GET', '/api/dados-conexao')).json().rtmp.chave as string };
  });
  after(async () => {
    await obs?.stop();
    await s?.close();
    await rtmp?.close();
    await hls?.close();
    await dest?.close();
  });

  /**
   * The source goes silent while relayed: the relay's status leaves "live" within the promise,
   * stays a drop (never "live") while the source is silent, and is back on air, in the same
   * broadcast, once it sends again. Returns the figures.
   */
  async function silentWhileRelayed(u: Account, source: RelaySource, connected: () => Promise<boolean>) {
    const st = await onAir(u);
    assert.equal(st.relay_url, source.url);
    const tid = (await relayRow(u)).transmission_id!;
    // a few seconds on air, so the stall comes in the middle of a steady run
    await sleep(2000);
    const t0 = Date.now();
    source.stall();
    let noticed: number | null = null;
    const seen = new Set<string>();
    let channelOff = false;
    for (;;) {
      const [x, ch] = await Promise.all([relay(u), channel(u.token)]);
      assert.equal(x.relay_status, 'ativo');
      if (noticed === null && x.estado !== 'live') noticed = Date.now() - t0;
      if (noticed !== null) {
        // from the moment it is noticed, a drop: never "live" again while the source is silent
        seen.add(`${x.estado}|${x.relay_error_details}`);
        assert.notEqual(x.estado, 'live', `"no ar" de novo ${secs(Date.now() - t0)} s depois do silêncio: ${[...seen].join(', ')}`);
        // nor the channel (its status read a moment later than the relay's: the same process row,
        // through the channel's 1-s cache): a retry that republishes the last segments it relayed is no signal
        if (Date.now() - t0 > noticed + CHANNEL_LAG_MS) assert.equal(ch.is_live, false, `canal "no ar" ${secs(Date.now() - t0)} s depois do silêncio`);
        if (!ch.is_live) channelOff = true;
        if (Date.now() - t0 >= noticed + HOLD_MS) break;
      } else if (Date.now() - t0 > DETECT_MS + SLACK_MS) {
        assert.fail(`silêncio não percebido em ${secs(Date.now() - t0)} s`);
      }
      await sleep(500);
    }
    assert.ok(seen.has(`reconnecting|${msg.relaySourceLost}`), [...seen].join(', '));
    // silent, not gone: the origin still has it
    assert.ok(await connected(), 'a fonte continuou conectada');
    source.resume();
    const t1 = Date.now();
    await onAir(u);
    const back = Date.now() - t1;
    // the same broadcast goes on
    assert.equal((await relayRow(u)).transmission_id, tid);
    const t = await s.h.core.store.db.selectFrom('transmissions').select(['status']).where('id', '=', tid).executeTakeFirstOrThrow();
    assert.equal(t.status, 'live');
    assert.equal((await channel(u.token)).stream_type, 'relay');
    return { noticed: noticed!, back, channelOff };
  }

  test('relays: an RTMP origin keeps the publisher and sends nothing; an HLS playlist stops advancing', { timeout: 120_000 }, async () => {
    await eventually(async () => (await api(c.token, 'POST', '/api/relay/validate-url', { url: hls.url })).json<{ valid: boolean }>().valid, 20_000, 'origem HLS no ar');
    const ra = await api(a.token, 'POST', '/api/relay/start', { relay_url: rtmp.url, relay_type: 'rtmp' });
    assert.equal(ra.statusCode, 200, ra.body);
    const rc = await api(c.token, 'POST', '/api/relay/start', { relay_url: hls.url });
    assert.equal(rc.statusCode, 200, rc.body);
    const [fr, fh] = await Promise.all([
      silentWhileRelayed(a, rtmp, async () => (await rtmp.server.received('origem')).publishing),
      silentWhileRelayed(c, hls, async () => {
        // still served, and still the same playlist a second later
        const seq = await sequence(hls.url);
        await sleep(1500);
        return seq >= 0 && (await sequence(hls.url)) === seq;
      }),
    ]);
    console.log(`FALHA fonte-silenciosa relay RTMP: percebido em ${secs(fr.noticed)} s; recuperado em ${secs(fr.back)} s depois da volta da fonte; `
      + `canal fora do ar durante a queda: ${fr.channelOff ? 'sim' : 'não'}; mesma transmissão`);
    console.log(`FALHA fonte-silenciosa relay HLS: percebido em ${secs(fh.noticed)} s; recuperado em ${secs(fh.back)} s depois da volta da fonte; `
      + `canal fora do ar durante a queda: ${fh.channelOff ? 'sim' : 'não'}; mesma transmissão`);
    assert.ok(fr.noticed <= DETECT_MS + SLACK_MS, `RTMP percebido em ${fr.noticed} ms`);
    assert.ok(fh.noticed <= DETECT_MS + SLACK_MS, `HLS percebido em ${fh.noticed} ms`);
    assert.ok(fr.channelOff, 'o canal continuou no ar com a fonte em silêncio');
    for (const u of [a, c]) assert.equal((await api(u.token, 'POST', '/api/relay/stop')).statusCode, 200);
  });

  test('OBS ingest: the publisher keeps its connection and sends nothing; nginx drops it, the channel and its restream go off', { timeout: 120_000 }, async () => {
    const stream = channelUrls(addressesOf(s.h.config), b.usuario).streamName;
    obs = s.publish(b.key, { videoKbps: 600 });
    await eventually(async () => (await channel(b.token)).is_live, 20_000, 'OBS ao vivo');
    const r = await api(b.token, 'POST', '/api/streaming/start-live', {
      tipo: 'youtube', servidor_rtmp: dest.server, servidor_rtmp_chave: KEY, servidor_stm: channelUrls(addressesOf(s.h.config), b.usuario).rtmpStream,
      data_inicio: '', data_fim: formatZoned(Date.now() + 3_600_000, 'America/Sao_Paulo'), inicio_imediato: 'sim',
    });
    assert.equal(r.statusCode, 200, r.body);
    await eventually(async () => (await restream())?.estado === 'live' && (await dest.received(KEY)).publishing, 30_000, 'restream no ar');
    const firstTransmission = (await channel(b.token)).transmission!.id;

    // OBS hangs: its process stops, its TCP connection stays open
    const t0 = Date.now();
    obs.child.kill('SIGSTOP');
    let dropped: number | null = null;
    let apiOff: number | null = null;
    let platformOff: number | null = null;
    const states = new Set<string>();
    await eventually(async () => {
      const [now, st, live, got] = await Promise.all([publishing(), channel(b.token), restream(), dest.received(KEY)]);
      const at = Date.now() - t0;
      states.add(`${live?.estado}`);
      if (dropped === null && !now.has(stream)) dropped = at;
      if (apiOff === null && !st.is_live) apiOff = at;
      if (platformOff === null && !got.publishing) platformOff = at;
      return dropped !== null && apiOff !== null && platformOff !== null;
    }, DETECT_MS + SLACK_MS, 'OBS derrubado, canal e restream fora do ar');
    const ended = await s.h.core.store.db.selectFrom('transmissions').select(['status', 'end_reason']).where('id', '=', firstTransmission).executeTakeFirstOrThrow();
    const during = (await restream())!;

    // OBS notices the dead connection and connects again, as it does by itself
    await obs.stop();
    const t1 = Date.now();
    obs = s.publish(b.key, { videoKbps: 600 });
    let channelBack: number | null = null;
    await eventually(async () => {
      const [st, live, got] = await Promise.all([channel(b.token), restream(), dest.received(KEY)]);
      if (channelBack === null && st.is_live) channelBack = Date.now() - t1;
      return st.is_live && live?.estado === 'live' && got.publishing;
    }, BACK_MS + SLACK_MS, 'OBS, canal e restream de volta');
    const back = Date.now() - t1;
    console.log(`FALHA fonte-silenciosa OBS: derrubado pelo nginx em ${secs(dropped!)} s; status fora do ar em ${secs(apiOff!)} s; `
      + `plataforma do restream sem sinal em ${secs(platformOff!)} s; restream durante a queda: ${[...states].join('/')} (${during.status_text}); `
      + `transmissão ${ended.status} (${ended.end_reason}); com o OBS reconectado: canal em ${secs(channelBack!)} s, restream em ${secs(back)} s`);
    assert.ok(dropped! <= DETECT_MS + SLACK_MS, `derrubado em ${dropped} ms`);
    assert.ok(apiOff! <= DETECT_MS + SLACK_MS, `fora do ar em ${apiOff} ms`);
  });
});
