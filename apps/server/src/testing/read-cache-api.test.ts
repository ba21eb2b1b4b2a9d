import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearerHeader, startHarness, type Harness } from './harness.ts';

describe('the polled pages through the API: the owner sees their change at once, and sessions stay exact', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { READ_CACHE_MS: '60000' } });
  });
  after(() => h.close());

  test('a folder created is listed by the very next request, though answers are kept a minute', async () => {
    const acc = await h.createAccount();
    const token = await h.login(acc.email, acc.password);
    const names = async () => (await h.app.inject({ url: '/api/folders', headers: bearerHeader(token) })).json<Array<{ nome: string }>>().map((f) => f.nome);
    const before = await names();
    const r = await h.app.inject({ method: 'POST', url: '/api/folders', headers: bearerHeader(token), payload: { nome: 'Novidades' } });
    assert.equal(r.statusCode, 200);
    const now = await names();
    assert.ok(now.includes('Novidades'), 'a pasta nova aparece');
    assert.equal(now.length, before.length + 1);
  });

  test('a session ended by logout is refused on its next request, whatever was cached', async () => {
    const acc = await h.createAccount();
    const token = await h.login(acc.email, acc.password);
    const other = await h.login(acc.email, acc.password);
    for (const url of ['/api/streaming/status', '/api/dashboard/stats', '/api/folders', '/api/auth/me']) {
      assert.equal((await h.app.inject({ url, headers: bearerHeader(token) })).statusCode, 200, url);
    }
    assert.equal((await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearerHeader(token) })).statusCode, 200);
    for (const url of ['/api/streaming/status', '/api/dashboard/stats', '/api/folders', '/api/auth/me']) {
      assert.equal((await h.app.inject({ url, headers: bearerHeader(token) })).statusCode, 401, url);
      assert.equal((await h.app.inject({ url, headers: bearerHeader(other) })).statusCode, 200, `${url}: a outra sessão segue`);
    }
  });

  test('an account disabled from another process (the command line) is refused at once', async () => {
    const acc = await h.createAccount();
    const token = await h.login(acc.email, acc.password);
    for (const url of ['/api/streaming/status', '/api/folders']) {
      assert.equal((await h.app.inject({ url, headers: bearerHeader(token) })).statusCode, 200, url);
    }
    // the command line writes the database directly: nothing in this process hears of it
    await h.core.store.db.updateTable('accounts').set({ suspension: 'suspended_by_operator' }).where('id', '=', acc.id).execute();
    for (const url of ['/api/streaming/status', '/api/folders', '/api/auth/me']) {
      assert.equal((await h.app.inject({ url, headers: bearerHeader(token) })).statusCode, 401, url);
    }
  });
});
