import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorText, folderBody, serverErrors } from '@painel/contract';
import { AppError, appErrorOf, installErrorHandler, notFound, parse } from './errors.ts';

describe('errors by code', () => {
  test('an AppError takes its status and message from its code; values build the message, extra fields stay apart', () => {
    const e = new AppError('booking_limit', { max: 4 }, { limite: 4 });
    assert.deepEqual([e.code, e.status, e.message, e.extra], ['booking_limit', 409, errorText('booking_limit', { max: 4 }), { limite: 4 }]);
    const v = new AppError('viewer_limit', { limite: 2, viewers: 2 });
    assert.deepEqual([v.status, v.message, v.extra], [403, errorText('viewer_limit'), { limite: 2, viewers: 2 }]);
    assert.deepEqual([notFound().code, notFound().status], ['not_found', 404]);
    assert.deepEqual([appErrorOf('ftp_only_videos', { nome: 'a.txt' }).message, appErrorOf('invalid_data', { x: 1 }).extra], [errorText('ftp_only_videos', { nome: 'a.txt' }), {}]);
  });

  test('parse: a contract refusal becomes its code (400), anything else invalid_data', () => {
    const refused = (schema: z.ZodType, data: unknown) => {
      try {
        parse(schema, data);
      } catch (e) {
        return e;
      }
      assert.fail('accepted');
    };
    const e = refused(folderBody, { nome: '' }) as AppError;
    assert.deepEqual([e instanceof AppError, e.code, e.status, e.message], [true, 'folder_name_required', 400, errorText('folder_name_required')]);
    const z1 = refused(z.object({ n: z.number() }), { n: 'x' }) as AppError;
    assert.deepEqual([z1.code, z1.status, z1.message], ['invalid_data', 400, errorText('invalid_data')]);
    // a message that merely reads like Portuguese is not a code
    const z2 = refused(z.string().min(3, 'Nome curto demais'), 'a') as AppError;
    assert.equal(z2.code, 'invalid_data');
  });
});

describe('the API\'s error body', () => {
  let app: FastifyInstance;
  const saved = serverErrors.too_many_requests.message;

  before(async () => {
    app = Fastify();
    installErrorHandler(app);
    app.get('/app-error', async () => {
      throw new AppError('session_expired', { expired: true });
    });
    app.get('/limit', async () => {
      throw new AppError('too_many_requests');
    });
    app.get('/rate', async () => {
      throw Object.assign(new Error('Rate limit exceeded'), { statusCode: 429 });
    });
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    app.post('/json', async () => ({ ok: true }));
    await app.ready();
  });
  after(async () => {
    serverErrors.too_many_requests.message = saved;
    await app.close();
  });

  test('an AppError: its text, its code and its extra fields', async () => {
    const r = await app.inject({ method: 'GET', url: '/app-error' });
    assert.equal(r.statusCode, 401);
    assert.deepEqual(r.json(), { success: false, error: errorText('session_expired'), code: 'session_expired', expired: true });
  });

  test('Fastify\'s own refusals get codes too: rate limit, server error, a body that is not JSON', async () => {
    const rate = await app.inject({ method: 'GET', url: '/rate' });
    assert.deepEqual([rate.statusCode, rate.json()], [429, { success: false, error: errorText('too_many_requests'), code: 'too_many_requests' }]);
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    assert.deepEqual([boom.statusCode, boom.json()], [500, { success: false, error: errorText('internal_error'), code: 'internal_error' }]);
    const bad = await app.inject({ method: 'POST', url: '/json', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    assert.deepEqual([bad.statusCode, bad.json()], [400, { success: false, error: errorText('invalid_data'), code: 'invalid_data' }]);
  });

  test('rewording a message changes what the user reads, never the status', async () => {
    serverErrors.too_many_requests.message = 'Calma: tente de novo em um minuto.';
    const r = await app.inject({ method: 'GET', url: '/limit' });
    assert.deepEqual([r.statusCode, r.json()], [429, { success: false, error: 'Calma: tente de novo em um minuto.', code: 'too_many_requests' }]);
    serverErrors.too_many_requests.message = saved;
  });
});
