import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { errorText } from '@painel/contract';
import { ApiError, apiRequest, errorMessage } from './api-client.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const answer = (body: unknown, status: number) => {
  globalThis.fetch = async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
};

test('a refusal carries the server\'s code beside the text it shows', async () => {
  answer({ success: false, error: errorText('booking_not_found'), code: 'booking_not_found' }, 404);
  const error = await apiRequest('/api/agendamentos/7', { auth: false }).then(() => assert.fail('accepted'), (e: unknown) => e);
  assert.ok(error instanceof ApiError);
  assert.deepEqual([error.status, error.code, errorMessage(error, 'outro')], [404, 'booking_not_found', errorText('booking_not_found')]);
});

test('an answer without a code leaves it undefined', async () => {
  answer({ success: false, error: 'Falhou' }, 502);
  const error = await apiRequest('/api/x', { auth: false }).then(() => assert.fail('accepted'), (e: unknown) => e);
  assert.ok(error instanceof ApiError);
  assert.deepEqual([error.status, error.code, error.serverMessage], [502, undefined, 'Falhou']);
});
