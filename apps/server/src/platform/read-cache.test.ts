import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyRequest } from 'fastify';
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
