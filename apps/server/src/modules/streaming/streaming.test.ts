import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PLATFORMS, errorText, msg } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { hookToken } from './ingest.service.ts';

/** The streaming API and nginx's callbacks, without a media server (nginx itself: live.test.ts). */
describe('streaming API', () => {
  let h: Harness;
  let hook: string;
  let a: { id: number; email: string; usuario: string; password: string; token: string };
  let b: { id: number; usuario: string; token: string };

  const get = (token: string, url: string) => h.app.inject({ url, headers: bearerHeader(token) });
  const post = (token: string, url: string, payload: object = {}) => h.app.inject({ method: 'POST', url, headers: bearerHeader(token), payload });
  const secretOf = async (token: string) => ((await get(token, '/api/dados-conexao')).json().rtmp.chave as string).split('?key=')[1]!;
  const callback = (what: 'publish' | 'publish_done', fields: Record<string, string>, token = hook) =>
    h.app.inject({
      method: 'POST', url: `/api/rtmp/hook/${token}/${what}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ app: 'live', addr: '203.0.113.7', call: what, type: 'live', ...fields }).toString(),
    });

  before(async () => {
    h = await startHarness({ env: { PUBLIC_HOST: 'painel.exemplo.com.br', RTMP_PORT: '1935', FTP_PORT: '2121', PORT: '3001' } });
    hook = hookToken(h.config.dataDir);
    const ca = await h.createAccount();
    const cb = await h.createAccount();
    a = { ...ca, token: await h.login(ca.email, ca.password) };
    b = { ...cb, token: await h.login(cb.email, cb.password) };
  });
  after(() => h.close());

  test('Dados de Conexão: FTP from the account, the RTMP server and the full stream key OBS needs', async () => {
    const r = await get(a.token, '/api/dados-conexao');
    assert.equal(r.statusCode, 200);
    const d = r.json();
    const row = await h.core.accounts.byId(a.id);
    assert.deepEqual(d.ftp, { host: 'painel.exemplo.com.br', usuario: a.usuario, senha: h.core.accounts.ftpPassword(row!), porta: 2121 });
    assert.equal(d.rtmp.servidor, 'rtmp://painel.exemplo.com.br:1935/live');
    assert.match(d.rtmp.chave, new RegExp(`^${a.usuario}_live\\?key=[0-9a-f]{24}$`));
    assert.equal(d.hls_url, `http://painel.exemplo.com.br:3001/hls/${a.usuario}_live.m3u8`);
    // the secret is stable between reads and differs between accounts
    assert.equal((await get(a.token, '/api/dados-conexao')).json().rtmp.chave, d.rtmp.chave);
    assert.notEqual(await secretOf(b.token), await secretOf(a.token));
  });

  test('platforms, source URLs and an offline status without a media server', async () => {
    const p = (await get(a.token, '/api/streaming/platforms')).json();
    assert.equal(p.platforms.length, 10);
    assert.deepEqual(p.platforms[0], PLATFORMS[0]);
    const src = (await get(a.token, '/api/streaming/source-urls')).json();
    assert.deepEqual(src.source_urls, {
      http_m3u8: `http://painel.exemplo.com.br:3001/hls/${a.usuario}_live.m3u8`,
      rtmp: `rtmp://painel.exemplo.com.br:1935/live/${a.usuario}_live`,
    });
    const st = (await get(a.token, '/api/streaming/status')).json();
    assert.equal(st.is_live, false);
    assert.equal(st.stream_type, null);
    assert.equal(st.transmission, null);
    assert.equal(st.obs_stream.is_live, false);
    assert.equal(st.obs_stream.streamName, `${a.usuario}_live`);
    assert.equal(st.obs_stream.bitrate, 0);
    assert.equal(st.obs_stream.uptime, '00:00:00');
    assert.equal(st.wowza_info.connection_error, true);
    const obs = (await get(a.token, '/api/streaming/obs-status')).json();
    assert.deepEqual(Object.keys(obs).sort(), ['obs_stream', 'success', 'wowza_info']);
  });

  test('nginx callbacks: only the right secret of an active account under its own name', async () => {
    const secret = await secretOf(a.token);
    const name = `${a.usuario}_live`;
    assert.equal((await callback('publish', { name, key: secret, clientid: '1' }, 'x'.repeat(64))).statusCode, 404);
    // a token of the right length with characters of several bytes is just wrong, never a 500
    assert.equal((await callback('publish', { name, key: secret, clientid: '1' }, encodeURIComponent(`é${'x'.repeat(63)}`))).statusCode, 404);
    assert.equal((await callback('publish_done', { name, clientid: '1' }, encodeURIComponent(`${'ç'.repeat(64)}`))).statusCode, 404);
    assert.equal((await callback('publish', { name, key: 'errada', clientid: '1' })).statusCode, 403);
    assert.equal((await callback('publish', { name, clientid: '1' })).statusCode, 403);
    assert.equal((await callback('publish', { name: `${b.usuario}_live`, key: secret, clientid: '1' })).statusCode, 403);
    assert.equal((await callback('publish', { name: a.usuario, key: secret, clientid: '1' })).statusCode, 403);
    assert.equal((await callback('publish', { name, key: secret, clientid: '1', app: 'outra' })).statusCode, 403);
    assert.equal((await callback('publish', { name, key: secret, clientid: '7' })).statusCode, 200);
    const [open] = await h.core.store.db.selectFrom('transmissions').selectAll().where('user_id', '=', a.id).where('status', '=', 'live').execute();
    assert.equal(open?.client_id, '7');
    assert.equal(open?.publish_addr, '203.0.113.7');
    // a refused duplicate's publish_done (another client id) leaves the broadcast open; its own closes it
    await callback('publish_done', { name, key: secret, clientid: '8' });
    assert.equal((await h.core.store.db.selectFrom('transmissions').select('status').where('id', '=', open!.id).executeTakeFirst())?.status, 'live');
    // a second encoder while the media server's state cannot be read: refused, the first broadcast stays open
    assert.equal((await callback('publish', { name, key: secret, clientid: '8' })).statusCode, 403);
    assert.equal((await h.core.store.db.selectFrom('transmissions').select('status').where('id', '=', open!.id).executeTakeFirst())?.status, 'live');
    await callback('publish_done', { name, key: secret, clientid: '7' });
    const done = await h.core.store.db.selectFrom('transmissions').selectAll().where('id', '=', open!.id).executeTakeFirst();
    assert.equal(done?.status, 'ended');
    assert.equal(done?.end_reason, 'signal_ended');
  });

  test('nginx callbacks: a parameter repeated by the key (name, key, app, tcurl) is refused', async () => {
    const aName = `${a.usuario}_live`;
    const bName = `${b.usuario}_live`;
    const bSecret = await secretOf(b.token);
    const aSecret = await secretOf(a.token);
    // nginx's own fields first, then the query string of the key exactly as the encoder sent it
    const nginxForm = (name: string, args: string) =>
      `call=publish&addr=203.0.113.9&clientid=31&app=live&flashver=FMLE&swfurl=&tcurl=rtmp%3A%2F%2Fh%2Flive&pageurl=&name=${name}&type=live&${args}`;
    const raw = (body: string) => h.app.inject({
      method: 'POST', url: `/api/rtmp/hook/${hook}/publish`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body,
    });
    const smuggled = [
      `key=${bSecret}&name=${bName}`,
      `name=${bName}&key=${bSecret}`,
      `key=errada&key=${aSecret}`,
      `key=${aSecret}&app=outra`,
      `key=${aSecret}&tcurl=rtmp%3A%2F%2Foutro%2Flive`,
      `key=${aSecret}&NAME=${bName}`,
    ];
    for (const args of smuggled) {
      const r = await raw(nginxForm(aName, args));
      assert.equal(r.statusCode, 403, args);
    }
    const opened = await h.core.store.db.selectFrom('transmissions').select('id').where('status', '=', 'live').where('user_id', 'in', [a.id, b.id]).execute();
    assert.deepEqual(opened, []);
    // the same form with the key once, as OBS sends it, is accepted
    assert.equal((await raw(nginxForm(aName, `key=${aSecret}`))).statusCode, 200);
    await h.app.inject({
      method: 'POST', url: `/api/rtmp/hook/${hook}/publish_done`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: nginxForm(aName, `key=${aSecret}`).replace('call=publish', 'call=publish_done'),
    });
    const left = await h.core.store.db.selectFrom('transmissions').select('id').where('status', '=', 'live').where('user_id', '=', a.id).execute();
    assert.deepEqual(left, []);
  });

  test('start before OBS connects: told plainly, and the title waits for the publish', async () => {
    const r = await post(a.token, '/api/streaming/start', { titulo: 'Culto de domingo', platform_ids: ['youtube', 'facebook'] });
    assert.equal(r.statusCode, 409);
    const body = r.json();
    assert.equal(body.success, false);
    assert.equal(body.error, errorText('obs_not_publishing'));
    assert.equal(body.aguardando_obs, true);
    assert.equal(body.transmission.titulo, 'Culto de domingo');
    assert.equal(body.wowza_data.rtmpUrl, 'rtmp://painel.exemplo.com.br:1935/live');
    assert.equal(body.wowza_data.streamName, `${a.usuario}_live`);
    assert.equal((await get(a.token, '/api/streaming/status')).json().aguardando_obs.titulo, 'Culto de domingo');
    assert.equal((await get(b.token, '/api/streaming/status')).json().aguardando_obs, null);

    assert.equal((await callback('publish', { name: `${a.usuario}_live`, key: await secretOf(a.token), clientid: '9' })).statusCode, 200);
    const live = await h.core.store.db.selectFrom('transmissions').selectAll().where('user_id', '=', a.id).where('status', '=', 'live').executeTakeFirst();
    assert.equal(live?.titulo, 'Culto de domingo');
    assert.deepEqual(JSON.parse(live!.platform_ids), ['youtube', 'facebook']);
    await callback('publish_done', { name: `${a.usuario}_live`, clientid: '9' });
  });

  test('start and stop validate their input', async () => {
    for (const [payload, error] of [
      [{}, errorText('title_required')], [{ titulo: '   ' }, errorText('title_required')], [{ titulo: 'x'.repeat(121) }, errorText('title_too_long')],
      [{ titulo: 'ok', platform_ids: ['orkut'] }, errorText('invalid_platform')],
    ] as const) {
      const r = await post(a.token, '/api/streaming/start', payload);
      assert.equal(r.statusCode, 400);
      assert.equal(r.json().error, error);
    }
    const none = await post(b.token, '/api/streaming/stop', {});
    assert.equal(none.statusCode, 404);
    assert.equal(none.json().error, msg.noActiveTransmission);
  });

  test("stop: the owner ends the waiting broadcast; another account gets 404 and changes nothing", async () => {
    const r = await post(a.token, '/api/streaming/start', { titulo: 'Ensaio' });
    const id = r.json().transmission.id as number;
    const attack = await post(b.token, '/api/streaming/stop', { transmission_id: id, stream_type: 'obs' });
    assert.equal(attack.statusCode, 404);
    assert.equal((await h.core.store.db.selectFrom('transmissions').select('status').where('id', '=', id).executeTakeFirst())?.status, 'waiting');
    const ok = await post(a.token, '/api/streaming/stop', { transmission_id: id, stream_type: 'obs' });
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json(), { success: true, message: msg.stopSuccess });
    assert.equal((await post(a.token, '/api/streaming/stop', { transmission_id: id })).statusCode, 404);
  });

  test('regenerating the key: the old secret is refused, the new one accepted; only the own key changes', async () => {
    const oldA = await secretOf(a.token);
    const oldB = await secretOf(b.token);
    const r = await post(a.token, '/api/dados-conexao/regenerar-chave');
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().message, msg.streamKeyRegenerated);
    const fresh = await secretOf(a.token);
    assert.notEqual(fresh, oldA);
    assert.equal(r.json().rtmp.chave, `${a.usuario}_live?key=${fresh}`);
    assert.equal(await secretOf(b.token), oldB);
    assert.equal((await callback('publish', { name: `${a.usuario}_live`, key: oldA, clientid: '20' })).statusCode, 403);
    assert.equal((await callback('publish', { name: `${a.usuario}_live`, key: fresh, clientid: '21' })).statusCode, 200);
    await callback('publish_done', { name: `${a.usuario}_live`, clientid: '21' });
  });

  test('cleanup-inactive answers how many it ended; history lists the account\'s own broadcasts only', async () => {
    const c = await post(a.token, '/api/streaming/cleanup-inactive');
    assert.equal(c.statusCode, 200);
    assert.equal(typeof c.json().cleaned_count, 'number');
    const mine = (await get(a.token, '/api/streaming/transmissions')).json().transmissions;
    assert.ok(mine.length >= 3);
    assert.ok(mine.every((t: { status: string }) => t.status === 'ended'));
    // the reason by code, its Portuguese text beside it as before
    const ended = mine.find((t: { motivo_fim_codigo: string | null }) => t.motivo_fim_codigo === 'signal_ended');
    assert.equal(ended?.motivo_fim, 'fim do sinal');
    assert.ok(mine.every((t: { motivo_fim: string | null; motivo_fim_codigo: string | null }) => (t.motivo_fim === null) === (t.motivo_fim_codigo === null)));
    assert.deepEqual((await get(b.token, '/api/streaming/transmissions')).json().transmissions, []);
  });

  test('every streaming call needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/streaming/status'], ['GET', '/api/streaming/obs-status'], ['POST', '/api/streaming/start'],
      ['POST', '/api/streaming/stop'], ['GET', '/api/streaming/platforms'], ['GET', '/api/streaming/source-urls'],
      ['POST', '/api/streaming/cleanup-inactive'], ['GET', '/api/dados-conexao'], ['POST', '/api/dados-conexao/regenerar-chave'],
    ] as const) {
      assert.equal((await h.app.inject({ method, url })).statusCode, 401, url);
    }
  });
});
