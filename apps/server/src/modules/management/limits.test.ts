import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LIVE_APPLICATION, errorText, msg } from '@painel/contract';
import type { RtmpStat } from '@painel/media/rtmp-stat';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { leftovers, makeClips, newFolder, upload, waitFor, type Clips } from '../../testing/library.ts';
import { goLive } from '../../testing/on-air.ts';
import { ownerOfAccount } from '../library/owner.ts';

interface Account { id: number; email: string; usuario: string; password: string; token: string }

/**
 * A plan changed by the reseller (PUT /api/revenda/streamings/:id/plano) applies at once, with
 * no wait for anything kept in memory to expire: the next viewer meets the new viewer limit,
 * the next upload the new storage, and the broadcast status compares OBS's bitrate with the new
 * bitrate limit. The polled pages keep their answers a second here (READ_CACHE_MS as in
 * production), and the public pages keep the account a second: each check is made right after
 * the same thing was read under the old plan.
 */
describe('management: a plan change applies at once', () => {
  let h: Harness;
  let clips: Clips;
  let reseller: Account;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  /** A streaming of the reseller, created through the management API, signed in. */
  const streaming = async (usuario: string, plan: { bitrate: number; espectadores: number; espaco: number }): Promise<Account> => {
    const email = `${usuario}@exemplo.com.br`;
    const r = await call(reseller.token, 'POST', '/api/revenda/streamings', { email, usuario, nome: `Canal ${usuario}`, senha: 'senha-do-canal', ...plan });
    assert.equal(r.statusCode, 201, r.body);
    return { id: r.json().streaming.id as number, email, usuario, password: 'senha-do-canal', token: await h.login(email, 'senha-do-canal') };
  };
  const changePlan = async (id: number, plan: { bitrate: number; espectadores: number; espaco: number }) => {
    const r = await call(reseller.token, 'PUT', `/api/revenda/streamings/${id}/plano`, plan);
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual([r.json().streaming.bitrate, r.json().streaming.espectadores, r.json().streaming.espaco], [plan.bitrate, plan.espectadores, plan.espaco]);
  };

  before(async () => {
    clips = makeClips();
    h = await startHarness({ env: { READ_CACHE_MS: '1000' } });
    const r = await h.createAccount({ tipo: 'revenda', bitrate: 3000, espectadores: 100, espaco: 5000 });
    await h.core.store.db.updateTable('accounts').set({ max_streamings: 5 }).where('id', '=', r.id).execute();
    reseller = { ...r, token: await h.login(r.email, r.password) };
  });
  after(async () => {
    await h?.close();
    clips?.close();
  });

  test('viewers: with the limit lowered to 1, a second viewer\'s heartbeat is refused with the viewer-limit answer', async () => {
    const c = await streaming('limite_espectadores', { bitrate: 1000, espectadores: 5, espaco: 100 });
    await goLive(h, c.usuario, c.token, '61');
    const beat = (remoteAddress: string, session?: string) => h.app.inject({
      method: 'POST', url: '/api/player-port/heartbeat', remoteAddress,
      payload: { login: c.usuario, stream: `${c.usuario}_live`, ...(session ? { session } : {}) },
    });
    // the first viewer, read under the old plan (5): the page's account is now kept for a second
    const first = await beat('187.45.0.1');
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json().viewers, 1);

    await changePlan(c.id, { bitrate: 1000, espectadores: 1, espaco: 100 });
    const second = await beat('187.45.0.2');
    assert.equal(second.statusCode, 403, second.body);
    assert.deepEqual(second.json(), { success: false, error: errorText('viewer_limit'), code: 'viewer_limit', limite: 1, viewers: 1 });
    // the viewer already watching keeps the place
    const again = await beat('187.45.0.1', first.json().session);
    assert.deepEqual([again.statusCode, again.json().session], [200, first.json().session]);
    const open = await h.core.store.db.selectFrom('viewer_sessions').select('id').where('user_id', '=', c.id).where('ended_at', 'is', null).execute();
    assert.equal(open.length, 1);

    // raised again: the second viewer gets in at once too
    await changePlan(c.id, { bitrate: 1000, espectadores: 2, espaco: 100 });
    assert.equal((await beat('187.45.0.2')).statusCode, 200);
  });

  test('storage: with the space lowered below what an upload needs, it is refused with the quota message and nothing is kept', async () => {
    const c = await streaming('limite_espaco', { bitrate: 1000, espectadores: 5, espaco: 100 });
    const folderId = await newFolder(h, c.token, 'Vídeos');
    // under the old plan the clip fits
    const room = await h.core.library.quota.room(ownerOfAccount((await h.core.accounts.byId(c.id))!));
    assert.ok(room.bytes > clips.big.length, String(room.bytes));

    await changePlan(c.id, { bitrate: 1000, espectadores: 5, espaco: 1 });
    const r = await upload(h, c.token, folderId, 'grande.mp4', clips.big);
    assert.equal(r.statusCode, 413, r.body);
    assert.deepEqual([r.json().code, r.json().error], ['quota_exceeded', errorText('quota_exceeded', { totalMb: 1, usedMb: 0 })]);
    const videos = await call(c.token, 'GET', `/api/videos?folder_id=${folderId}`);
    assert.deepEqual(videos.json(), []);
    await waitFor(async () => leftovers(h, c.usuario).incoming.length === 0
      && (await h.core.store.db.selectFrom('upload_reservations').select('id').where('user_id', '=', c.id).execute()).length === 0);
    assert.deepEqual(leftovers(h, c.usuario).account.filter((f) => f.includes('/')), [], 'no file stored');
    assert.equal((await h.core.library.usageOf(c.id)).totalVideos, 0);

    // with a video stored, the space cannot go below what it holds: refused with the figure, plan unchanged
    await changePlan(c.id, { bitrate: 1000, espectadores: 5, espaco: 100 });
    assert.equal((await upload(h, c.token, folderId, 'grande.mp4', clips.big)).statusCode, 200);
    const used = Math.ceil((await h.core.library.usageOf(c.id)).espacoUsadoMB);
    assert.ok(used >= 2, `${used} MB`);
    const below = await call(reseller.token, 'PUT', `/api/revenda/streamings/${c.id}/plano`, { bitrate: 1000, espectadores: 5, espaco: 1 });
    assert.deepEqual([below.statusCode, below.json().code, below.json().values], [409, 'storage_below_use', { used }]);
    assert.equal((await h.core.accounts.byId(c.id))!.espaco, 100);
  });

  test('bitrate: the broadcast status compares the OBS input with the new bitrate limit, not the one of a moment ago', async () => {
    const c = await streaming('limite_bitrate', { bitrate: 1000, espectadores: 5, espaco: 100 });
    await goLive(h, c.usuario, c.token, '71');
    // nginx's stat, as it would be with OBS sending 800 kbps under the channel's name
    const stat: RtmpStat = {
      nginxVersion: '1.0', pid: 1, uptimeS: 60, bwIn: 800_000,
      streams: [{
        app: LIVE_APPLICATION, name: `${c.usuario}_live`, timeMs: 30_000, bytesIn: 3_000_000, bwIn: 800_000, bitrateBps: 800_000,
        publishing: true, publisher: { id: '71', address: '127.0.0.1', publishing: true, timeMs: 30_000 }, players: 0,
      } as RtmpStat['streams'][number]],
    };
    const media = h.core.services.media as { stat: () => Promise<RtmpStat> };
    const realStat = media.stat;
    media.stat = async () => stat;
    try {
      const status = async () => (await call(c.token, 'GET', '/api/streaming/status')).json().obs_stream as
        { is_live: boolean; bitrate: number; bitrate_limit: number; bitrate_exceeded: boolean; aviso: string | null };
      const under = await status();
      assert.deepEqual([under.is_live, under.bitrate, under.bitrate_limit, under.bitrate_exceeded, under.aviso], [true, 800, 1000, false, null]);

      await changePlan(c.id, { bitrate: 500, espectadores: 5, espaco: 100 });
      const over = await status();
      assert.deepEqual([over.bitrate_limit, over.bitrate_exceeded, over.aviso], [500, true, msg.bitrateExceeded(800, 500)]);

      await changePlan(c.id, { bitrate: 900, espectadores: 5, espaco: 100 });
      const back = await status();
      assert.deepEqual([back.bitrate_limit, back.bitrate_exceeded, back.aviso], [900, false, null]);
    } finally {
      media.stat = realStat;
    }
  });
});
