import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { NGINX_SERVICE } from '../media/media-server.ts';

describe('/api/health: public state, internal details only for sessions and this machine', () => {
  let h: Harness;
  let token: string;
  const at = new Date().toISOString();

  let probes = 0;
  before(async () => {
    h = await startHarness({ app: { probes: { media_server: async () => (probes++, 'ok') }, healthCacheMs: 300 } });
    // what the worker reports about nginx: internals no visitor should read
    await h.core.store.db.insertInto('media_services').values({
      node_id: h.config.media.nodeId, name: NGINX_SERVICE, state: 'running', pid: 4242, restarts: 3,
      last_error: 'nginx: [emerg] open() "/srv/painel/data/nginx/nginx.conf" failed', control_url: null, changed_at: at, heartbeat_at: at,
    }).execute();
    const a = await h.createAccount();
    token = await h.login(a.email, a.password);
  });
  after(() => h.close());

  const health = (remoteAddress: string, headers: Record<string, string> = {}) =>
    h.app.inject({ url: '/api/health', remoteAddress, headers });

  test('a visitor gets ok, components and time, nothing else — also with a bad token, which is no 401 here', async () => {
    const tries: Record<string, string>[] = [{}, { authorization: 'Bearer nao-e-um-token' }, { authorization: 'Basic eDp5' }];
    for (const headers of tries) {
      const r = await health('203.0.113.50', headers);
      assert.equal(r.statusCode, 200, JSON.stringify(headers));
      const body = r.json();
      assert.deepEqual(Object.keys(body).sort(), ['components', 'ok', 'time']);
      assert.equal(body.ok, true);
      assert.deepEqual(body.components, { api: 'ok', database: 'ok', media_server: 'ok' });
      assert.doesNotMatch(r.body, /4242|nginx\.conf|restarts/);
    }
    // a request relayed by a proxy on this machine is a visitor too
    const proxied = await health('127.0.0.1', { 'x-forwarded-for': '203.0.113.50' });
    assert.equal(proxied.json().details, undefined);
  });

  test('a logged-in session and a local caller also get the details', async () => {
    for (const r of [await health('203.0.113.50', bearerHeader(token)), await health('127.0.0.1'), await health('::1')]) {
      assert.equal(r.statusCode, 200);
      const { media_server } = r.json().details;
      assert.equal(media_server.pid, 4242);
      assert.equal(media_server.restarts, 3);
      assert.match(media_server.last_error, /nginx\.conf/);
    }
  });

  test('visitors never make the API probe: they get what the worker reported, refreshed every few seconds', async () => {
    probes = 0;
    for (let i = 0; i < 20; i++) assert.equal((await health('203.0.113.51')).statusCode, 200);
    assert.equal(probes, 0);
    const db = h.core.store.db;
    const row = () => db.updateTable('media_services').where('node_id', '=', h.config.media.nodeId).where('name', '=', NGINX_SERVICE);
    try {
      await row().set({ state: 'backoff' }).execute();
      await new Promise((r) => setTimeout(r, 350));
      const down = await health('203.0.113.51');
      assert.equal(down.statusCode, 503);
      assert.deepEqual(down.json().components, { api: 'ok', database: 'ok', media_server: 'down' });
      // a worker that stopped writing its heartbeat is not reported as running either
      await row().set({ state: 'running', heartbeat_at: new Date(Date.now() - 60_000).toISOString() }).execute();
      await new Promise((r) => setTimeout(r, 350));
      assert.equal((await health('203.0.113.51')).json().components.media_server, 'down');
      assert.equal(probes, 0);
    } finally {
      await row().set({ state: 'running', heartbeat_at: new Date().toISOString() }).execute();
    }
  });
});
