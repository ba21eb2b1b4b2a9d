import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { NGINX_SERVICE } from '../media/media-server.ts';

describe('/api/health: public state, internal details only for sessions and this machine', () => {
  let h: Harness;
  let token: string;
  const at = new Date().toISOString();

  before(async () => {
    h = await startHarness({ app: { probes: { media_server: async () => 'ok' } } });
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
});
