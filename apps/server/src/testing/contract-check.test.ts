import { test } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics from 'node:diagnostics_channel';
import Fastify, { type FastifyInstance } from 'fastify';
import { responses } from '@painel/contract';
import { coreResponses } from '@painel/contract/responses/core';
import { contentResponses } from '@painel/contract/responses/content';
import { installContractCheck, routeKeys } from './contract-check.ts';
import { bearerHeader, startHarness } from './harness.ts';

/** Every route the whole API registers, seen as Fastify adds them (the app is built inside startHarness). */
async function registeredRoutes(): Promise<string[]> {
  const keys: string[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  const listen = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => void keys.push(...routeKeys(route)));
  };
  channel.subscribe(listen);
  try {
    const h = await startHarness();
    await h.app.ready();
    await h.close();
  } finally {
    channel.unsubscribe(listen);
  }
  return keys;
}

test('every route the API registers has an entry in the contract registry, and every entry is a route', async () => {
  const keys = await registeredRoutes();
  assert.ok(keys.includes('POST /api/auth/login') && keys.includes('GET /api/streaming/status'), 'the routes were seen');
  assert.deepEqual(keys.filter((k) => !(k in responses)), [], 'routes without a registry entry');
  const registered = new Set(keys);
  assert.deepEqual(Object.keys(responses).filter((k) => !registered.has(k)), [], 'registry entries naming no route');
  assert.deepEqual(Object.keys(coreResponses).filter((k) => k in contentResponses), [], 'a route described twice');
});

test('an answer the contract does not describe becomes a 500 naming the mismatch', async () => {
  const app = Fastify();
  const { mismatches } = installContractCheck(app);
  app.get('/api/auth/me', async () => ({ success: true, user: { id: '7', usuario: 'canal' } }));
  app.get('/api/not-in-the-contract', async () => ({ success: true }));
  app.get('/api/health', async (_req, reply) => reply.status(503).send({ ok: false }));
  app.post('/api/auth/logout', async (_req, reply) => reply.status(401).send({ success: false, error: 'Sessão expirada', code: 'x', expired: true }));
  try {
    const me = await app.inject({ method: 'GET', url: '/api/auth/me' });
    assert.equal(me.statusCode, 500);
    assert.match(me.json<{ error: string }>().error, /^contract mismatch: GET \/api\/auth\/me 200 body \(user\.id: /);

    const missing = await app.inject({ method: 'GET', url: '/api/not-in-the-contract' });
    assert.equal(missing.statusCode, 500);
    assert.match(missing.json<{ error: string }>().error, /GET \/api\/not-in-the-contract 200 route missing from the registry/);

    const badError = await app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(badError.statusCode, 500);
    assert.match(badError.json<{ error: string }>().error, /GET \/api\/health 503 error body/);

    const goodError = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    assert.equal(goodError.statusCode, 401, 'an error body with extra fields passes');

    assert.deepEqual(mismatches.map((m) => [m.route, m.status]), [
      ['GET /api/auth/me', 200], ['GET /api/not-in-the-contract', 200], ['GET /api/health', 503],
    ]);
  } finally {
    await app.close();
  }
});

test('real answers of the API pass the check', async () => {
  const h = await startHarness();
  try {
    const unknown = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearerHeader('x') });
    assert.equal(unknown.statusCode, 401);
    const a = await h.createAccount();
    const token = await h.login(a.email, a.password);
    const me = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearerHeader(token) });
    assert.equal(me.statusCode, 200);
    const nowhere = await h.app.inject({ method: 'GET', url: '/api/nowhere' });
    assert.equal(nowhere.statusCode, 404, 'the not-found answer is an error body');
  } finally {
    await h.close();
  }
});
