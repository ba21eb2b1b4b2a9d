import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { errorText, fallbackMsg, msg, type FallbackConfig, type StatusResponse } from '@painel/contract';
import { formatZoned } from '../../platform/zoned-time.ts';
import { execCapture } from '../../platform/exec.ts';
import { bearerHeader } from '../../testing/harness.ts';
import { makeChannelClip, multipart, newFolder, upload } from '../../testing/library.ts';
import { eventually, startLiveStack, type LiveStack, type Publisher } from '../../testing/live.ts';
import { startRtmpDestination, type RtmpDestination } from '../../testing/rtmp-destination.ts';
import { SLATE_HEIGHT, SLATE_WIDTH } from './slate.ts';

/** OBS's picture in these tests; the slate is SLATE_WIDTH wide and the playlist's clips 320. */
const OBS_SIZE = '640x360';
const KEY = 'youtube-key-fallback';

/**
 * The standby signal end to end: a real nginx-rtmp, the worker at its production pace (one pass
 * every 2 s: the switch owes its speed to the API waking the worker), OBS as an ffmpeg, a
 * restream to a real RTMP destination, and the HLS a viewer reads through the API.
 */
// real-time media for a minute and more: run once, on PostgreSQL, whose phase has room beside the SQLite phase and
// the browser tests that wait for it (the module's queries are the same on both; the other test files run on both)
describe('sinal reserva: the channel never goes dead when OBS drops', { skip: process.env.TEST_PG_ADMIN_URL ? false : 'coberto na execução com PostgreSQL' }, () => {
  let s: LiveStack;
  let dest: RtmpDestination;
  let dir: string;
  let a: { id: number; usuario: string; token: string };
  let b: { id: number; usuario: string; token: string };
  let obs: Publisher | null = null;

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const status = async () => (await api(a.token, 'GET', '/api/streaming/status')).json<StatusResponse>();
  const config = async (token = a.token) => (await api(token, 'GET', '/api/sinal-reserva')).json<FallbackConfig>();
  const keyOf = async (token: string) => (await api(token, 'GET', '/api/dados-conexao')).json<{ rtmp: { chave: string } }>().rtmp.chave;

  /** The width of a fragment's picture (ffprobe), or 0 when it cannot be read. */
  async function widthOf(body: Buffer): Promise<number> {
    const file = path.join(dir, `frag-${process.hrtime.bigint()}.ts`);
    fs.writeFileSync(file, body);
    try {
      const r = await execCapture('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width', '-of', 'csv=p=0', file], { timeoutMs: 10_000 });
      return Number(r.stdout.trim().split('\n')[0]) || 0;
    } finally {
      fs.rmSync(file, { force: true });
    }
  }

  /**
   * A viewer of the channel's HLS through the API: every new fragment listed, with when it was
   * first seen and its picture's width. `until(check)` resolves with the first fragment a check accepts.
   */
  function watchHls(login: string) {
    const seen = new Map<string, { at: number; width: number }>();
    let stopped = false;
    let mediaSequence = -1;
    let sequenceWentBack = false;
    let failures = 0;
    /** Each fragment number as first listed: a number that comes to name another fragment breaks a player (hls.js stops). */
    const numbered = new Map<number, string>();
    const renumbered: string[] = [];
    const loop = (async () => {
      const url = `${s.apiUrl}/hls/${login}_live.m3u8`;
      while (!stopped) {
        const r = await fetch(url).catch(() => null);
        if (r?.status === 200) {
          const text = await r.text();
          const seq = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)$/m.exec(text)?.[1] ?? -1);
          if (seq < mediaSequence) sequenceWentBack = true;
          mediaSequence = Math.max(mediaSequence, seq);
          let n = seq;
          for (const line of text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))) {
            const was = numbered.get(n);
            if (was === undefined) numbered.set(n, line);
            else if (was !== line) renumbered.push(`${n}: ${was} → ${line}`);
            n += 1;
            if (seen.has(line)) continue;
            const at = Date.now();
            const f = await fetch(new URL(line, url)).catch(() => null);
            seen.set(line, { at, width: f?.ok ? await widthOf(Buffer.from(await f.arrayBuffer())) : 0 });
          }
        } else if (seen.size) failures += 1;
        await new Promise((res) => setTimeout(res, 100));
      }
    })();
    return {
      async until(check: (f: { at: number; width: number }) => boolean, timeoutMs: number, what: string) {
        return eventually(async () => [...seen.values()].find(check), timeoutMs, what);
      },
      /** Playlist reads that failed after the first fragment (a player would have stalled or reloaded). */
      failures: () => failures,
      sequenceWentBack: () => sequenceWentBack,
      renumbered: () => renumbered,
      async stop() {
        stopped = true;
        await loop;
      },
    };
  }

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-fallback-'));
    dest = await startRtmpDestination({ keys: [KEY] });
    // the worker's pass at its production pace: what starts the standby is the API's wake
    s = await startLiveStack({ env: { OUTBOUND_ALLOW: dest.allowEntry }, worker: { reconcileMs: 2000 } });
    const acc = await s.h.createAccount();
    a = { ...acc, token: await s.h.login(acc.email, acc.password) };
    const other = await s.h.createAccount();
    b = { ...other, token: await s.h.login(other.email, other.password) };
  });
  after(async () => {
    await obs?.stop();
    await s?.close();
    await dest?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the choice: refused inputs change nothing; a slate is made with its text; another account sees none of it', { timeout: 180_000 }, async () => {
    assert.deepEqual({ ...(await config()), com_logo: false }, {
      success: true, tipo: 'nenhum', codigo_playlist: null, playlist_nome: null, texto: fallbackMsg.defaultText, com_logo: false, armado: false, no_ar: false,
    });
    const empty = (await api(a.token, 'POST', '/api/playlists', { nome: 'Vazia' })).json<{ id: number }>().id;
    const others = (await api(b.token, 'POST', '/api/playlists', { nome: 'Da outra conta' })).json<{ id: number }>().id;
    for (const [body, code, message] of [
      [{ tipo: 'talvez' }, 400, errorText('invalid_data')],
      [{ tipo: 'playlist' }, 400, errorText('fallback_playlist_required')],
      [{ tipo: 'imagem', texto: 'x'.repeat(81) }, 400, errorText('fallback_text_too_long')],
      [{ tipo: 'playlist', codigo_playlist: others }, 404, errorText('playlist_not_found')],
      [{ tipo: 'playlist', codigo_playlist: empty }, 422, errorText('playlist_empty')],
    ] as const) {
      const r = await api(a.token, 'PUT', '/api/sinal-reserva', body);
      assert.equal(r.statusCode, code, `${JSON.stringify(body)}: ${r.body}`);
      assert.equal(r.json<{ error: string }>().error, message);
    }
    assert.equal((await config()).tipo, 'nenhum', 'nothing was saved');
    assert.equal((await api(a.token, 'GET', '/api/sinal-reserva/imagem')).statusCode, 404);
    assert.deepEqual(fs.readdirSync(path.join(s.h.config.dataDir)).filter((f) => f === 'fallback'), [], 'no slate was made');

    const saved = await api(a.token, 'PUT', '/api/sinal-reserva', { tipo: 'imagem', texto: '  Voltamos já, não saia daí!  ' });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json<FallbackConfig>().message, fallbackMsg.saved);
    assert.equal((await config()).texto, 'Voltamos já, não saia daí!');
    const picture = await api(a.token, 'GET', '/api/sinal-reserva/imagem');
    assert.equal(picture.statusCode, 200);
    assert.equal(picture.headers['content-type'], 'image/png');
    const meta = await sharp(picture.rawPayload).metadata();
    assert.deepEqual([meta.width, meta.height], [SLATE_WIDTH, SLATE_HEIGHT]);
    // a logo uploaded afterwards: the slate is made again with it (the logo sits above the text, in the middle)
    const logoArea = async (png: Buffer) => {
      const { data } = await sharp(png).extract({ left: 560, top: 150, width: 160, height: 100 }).greyscale().raw().toBuffer({ resolveWithObject: true });
      return data.reduce((n, v) => n + v, 0) / data.length;
    };
    const white = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const form = multipart('logo.png', white, 'logo');
    const uploaded = await s.h.app.inject({ method: 'POST', url: '/api/logos', headers: { ...bearerHeader(a.token), 'content-type': form.contentType }, payload: form.payload });
    assert.equal(uploaded.statusCode, 200, uploaded.body);
    assert.equal((await config()).com_logo, true);
    const withLogo = await api(a.token, 'GET', '/api/sinal-reserva/imagem');
    assert.ok((await logoArea(withLogo.rawPayload)) > (await logoArea(picture.rawPayload)) + 100, 'the logo is on the slate now');
    // the other account: its own (none), never A's slate
    assert.equal((await config(b.token)).tipo, 'nenhum');
    assert.equal((await api(b.token, 'GET', '/api/sinal-reserva/imagem')).statusCode, 404);
  });

  test('OBS drops: the slate goes on air in the same HLS and the restream keeps sending; OBS back takes the channel', { timeout: 180_000 }, async () => {
    // a restream of the channel to a platform, as a channel owner runs to YouTube
    const fontes = (await api(a.token, 'GET', '/api/streaming/source-urls')).json<{ source_urls: { rtmp: string } }>().source_urls;
    const live = await api(a.token, 'POST', '/api/streaming/start-live', {
      tipo: 'youtube', servidor_rtmp: dest.server, servidor_rtmp_chave: KEY, inicio_imediato: 'sim', servidor_stm: fontes.rtmp,
      data_fim: formatZoned(Date.now() + 3_600_000, 'America/Sao_Paulo'),
    });
    assert.equal(live.statusCode, 200, live.body);
    const key = await keyOf(a.token);
    obs = s.publish(key, { size: OBS_SIZE, keyframeSeconds: 1 });
    const hls = watchHls(a.usuario);
    try {
      await hls.until((f) => f.width === 640, 30_000, 'o OBS no HLS');
      const armed = await eventually(async () => {
        const x = await status();
        return x.obs_stream.is_live && x.sinal_reserva?.no_ar === false && x;
      }, 20_000, 'OBS no ar com o sinal reserva pronto');
      assert.deepEqual(armed.sinal_reserva, { tipo: 'imagem', no_ar: false });
      assert.equal((await config()).armado, true);
      const transmissionId = armed.transmission!.id;
      await eventually(async () => (await dest.received(KEY)).bytes > 100_000, 45_000, 'o restream chegando à plataforma');

      // OBS drops (its connection dies)
      obs.child.kill('SIGKILL');
      const dropped = Date.now();
      await obs.exited;
      const slate = await hls.until((f) => f.at > dropped && f.width === SLATE_WIDTH, 15_000, 'o sinal reserva no HLS');
      const gap = slate.at - dropped;
      const atSwitch = (await dest.received(KEY)).bytes;
      const during = await eventually(async () => {
        const x = await status();
        return x.sinal_reserva?.no_ar && x;
      }, 10_000, 'o painel mostra o sinal reserva no ar');
      assert.equal(during.is_live, true);
      assert.equal(during.obs_stream.is_live, false, 'OBS is not said to be publishing');
      assert.equal(during.transmission?.id, transmissionId, 'the same broadcast goes on');
      assert.equal((await config()).no_ar, true);
      // the platform keeps receiving while OBS is away
      await eventually(async () => (await dest.received(KEY)).bytes > atSwitch + 100_000, 20_000, 'o restream enviando o sinal reserva');
      assert.equal((await dest.received(KEY)).publishing, true);
      // a slate without OBS has an end (FALLBACK_SLATE_MAX_MINUTES)
      const standby = await s.h.core.store.db.selectFrom('media_processes').select(['end_at', 'held']).where('kind', '=', 'reserva').where('user_id', '=', a.id)
        .where('desired', '=', 'running').executeTakeFirstOrThrow();
      assert.ok(standby.end_at && Math.abs(Date.parse(standby.end_at) - Date.now() - 3_600_000) < 120_000, String(standby.end_at));

      // OBS comes back
      const back = Date.now();
      obs = s.publish(key, { size: OBS_SIZE, keyframeSeconds: 1 });
      const again = await hls.until((f) => f.at > back && f.width === 640, 15_000, 'o OBS de volta no HLS');
      const returnGap = again.at - back;
      const after = await eventually(async () => {
        const x = await status();
        return x.obs_stream.is_live && x.sinal_reserva?.no_ar === false && x;
      }, 10_000, 'OBS de volta no painel');
      assert.equal(after.transmission?.id, transmissionId, 'still the same broadcast');
      // the owner's recent activity tells both switches
      const activity = (await api(a.token, 'GET', '/api/dashboard/overview')).json<{ atividade_recente: { tipo: string; descricao: string }[] }>().atividade_recente;
      assert.deepEqual(activity.filter((x) => x.tipo.startsWith('standby_')).map((x) => x.descricao), [
        msg.activityStandbyBack(armed.transmission!.titulo), msg.activityStandbyOnAir(armed.transmission!.titulo),
      ]);
      console.log(`SINAL RESERVA imagem: no HLS ${gap} ms depois da queda do OBS; OBS de volta no HLS ${returnGap} ms depois de reconectar`);
      // how soon is a figure (the promise is 3 s; ~1.9 s and ~2.3 s here on an idle machine), bench/fallback.ts's:
      // judged here is the order a viewer sees, OBS, then the slate after the drop, then OBS again after it returns
      assert.ok(slate.at >= dropped && again.at > slate.at, `sinal reserva ${gap} ms após a queda; OBS ${returnGap} ms após voltar`);
      assert.equal(hls.failures(), 0, 'the playlist never failed for a viewer');
      assert.equal(hls.sequenceWentBack(), false, 'the playlist went on, never started again');
      assert.deepEqual(hls.renumbered(), [], `no fragment number ever named another fragment (OBS caiu em ${dropped}, voltou em ${back})`);

      // finishing the broadcast in the panel ends the standby too: OBS leaving then leaves the channel off
      assert.equal((await api(a.token, 'POST', '/api/streaming/stop', {})).statusCode, 200);
      await obs.exited;
      await eventually(async () => !(await s.h.core.store.db.selectFrom('media_processes').select('id').where('kind', '=', 'reserva')
        .where('user_id', '=', a.id).where('desired', '=', 'running').executeTakeFirst()), 10_000, 'o sinal reserva encerrado com a transmissão');
      const off = await eventually(async () => {
        const x = await status();
        return !x.is_live && x;
      }, 15_000, 'o canal fora do ar');
      assert.equal(off.sinal_reserva, null);
    } finally {
      await hls.stop();
      // a failure half-way leaves the next test a channel off the air, not this one's broadcast
      await api(a.token, 'POST', '/api/streaming/stop', {});
      await obs?.stop();
    }
  });

  test('a playlist as the standby: its videos play when OBS drops, and OBS takes the channel back', { timeout: 180_000 }, async () => {
    const folder = await newFolder(s.h, a.token, 'Reserva');
    const clip = await upload(s.h, a.token, folder, 'reserva.mp4', makeChannelClip(dir, 'reserva', 'smptebars'));
    assert.equal(clip.statusCode, 200, clip.body);
    const lista = (await api(a.token, 'POST', '/api/playlists', { nome: 'Programação reserva' })).json<{ id: number }>().id;
    assert.equal((await api(a.token, 'PUT', `/api/playlists/${lista}`, { videos: [{ id: clip.json<{ video: { id: number } }>().video.id, ordem: 1 }] })).statusCode, 200);
    const saved = await api(a.token, 'PUT', '/api/sinal-reserva', { tipo: 'playlist', codigo_playlist: lista });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json<FallbackConfig>().playlist_nome, 'Programação reserva');

    const key = await keyOf(a.token);
    obs = s.publish(key, { size: OBS_SIZE, keyframeSeconds: 1 });
    const hls = watchHls(a.usuario);
    try {
      await hls.until((f) => f.width === 640, 30_000, 'o OBS no HLS');
      await eventually(async () => (await status()).sinal_reserva?.tipo === 'playlist', 20_000, 'a playlist pronta como sinal reserva');
      obs.child.kill('SIGKILL');
      const dropped = Date.now();
      await obs.exited;
      const standby = await hls.until((f) => f.at > dropped && f.width === 320, 15_000, 'a playlist no HLS');
      const x = await eventually(async () => {
        const st = await status();
        return st.sinal_reserva?.no_ar && st;
      }, 10_000, 'a playlist no ar no painel');
      assert.equal(x.playout?.playlist_nome, 'Programação reserva');
      const back = Date.now();
      obs = s.publish(key, { size: OBS_SIZE, keyframeSeconds: 1 });
      const again = await hls.until((f) => f.at > back && f.width === 640, 15_000, 'o OBS de volta no HLS');
      console.log(`SINAL RESERVA playlist: no HLS ${standby.at - dropped} ms depois da queda do OBS; OBS de volta no HLS ${again.at - back} ms depois de reconectar`);
      assert.equal(hls.failures(), 0, 'the playlist never failed for a viewer');
      assert.deepEqual(hls.renumbered(), [], 'no fragment number ever named another fragment');
      assert.equal((await api(a.token, 'POST', '/api/streaming/stop', {})).statusCode, 200);
      await obs.exited;
      // B's channel was never touched: nothing of B runs
      const bRows = await s.h.core.store.db.selectFrom('media_processes').select('id').where('user_id', '=', b.id).execute();
      assert.deepEqual(bRows, []);
    } finally {
      await hls.stop();
    }
  });
});
