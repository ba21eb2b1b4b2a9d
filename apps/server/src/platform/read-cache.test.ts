import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { bearerHeader, startHarness, type Harness } from '../testing/harness.ts';
import { createReadCache } from './read-cache.ts';

const asUser = (userId: number, accountId = userId) => ({ auth: { userId, account: { id: accountId } } }) as unknown as FastifyRequest;

describe('read cache: reused for a moment per account, dropped by the account\'s own changes', () => {
  test('an answer is reused within the time and loaded again after it', async () => {
    let t = 0;
    const cache = createReadCache({ ttlMs: 1000, now: () => t });
    let loads = 0;
    const load = async () => ++loads;
    assert.equal(await cache.get(asUser(1), 'status', load), 1);
    t = 999;
    assert.equal(await cache.get(asUser(1), 'status', load), 1);
    t = 1000;
    assert.equal(await cache.get(asUser(1), 'status', load), 2);
  });

  test('accounts never share answers, not even a reseller acting as its channel', async () => {
    const cache = createReadCache({ ttlMs: 1000, now: () => 0 });
    assert.equal(await cache.get(asUser(1), 'k', async () => 'owner'), 'owner');
    assert.equal(await cache.get(asUser(2), 'k', async () => 'other'), 'other');
    assert.equal(await cache.get(asUser(1, 9), 'k', async () => 'reseller'), 'reseller');
  });

  test('forgetting an account drops its answers only; clear drops everyone\'s', async () => {
    const cache = createReadCache({ ttlMs: 1000, now: () => 0 });
    await cache.get(asUser(1), 'k', async () => 'a1');
    await cache.get(asUser(2), 'k', async () => 'b1');
    cache.forget(1);
    assert.equal(await cache.get(asUser(1), 'k', async () => 'a2'), 'a2');
    assert.equal(await cache.get(asUser(2), 'k', async () => 'b2'), 'b1');
    cache.clear();
    assert.equal(await cache.get(asUser(2), 'k', async () => 'b3'), 'b3');
  });

  test('a failed load is not kept', async () => {
    const cache = createReadCache({ ttlMs: 1000, now: () => 0 });
    await assert.rejects(cache.get(asUser(1), 'k', async () => { throw new Error('banco fora'); }));
    assert.equal(await cache.get(asUser(1), 'k', async () => 'ok'), 'ok');
  });

  test('turned off (0 ms), every request loads', async () => {
    const cache = createReadCache({ ttlMs: 0 });
    let loads = 0;
    await cache.get(asUser(1), 'k', async () => ++loads);
    await cache.get(asUser(1), 'k', async () => ++loads);
    assert.equal(loads, 2);
  });
});

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
    await h.core.store.db.updateTable('accounts').set({ disabled: 1 }).where('id', '=', acc.id).execute();
    for (const url of ['/api/streaming/status', '/api/folders', '/api/auth/me']) {
      assert.equal((await h.app.inject({ url, headers: bearerHeader(token) })).statusCode, 401, url);
    }
  });
});
