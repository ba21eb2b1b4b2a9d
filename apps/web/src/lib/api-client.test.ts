import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { relayStatusSchema } from '@painel/contract';
import { ApiContractError, ApiError, apiRequest } from './api-client.ts';

const realFetch = globalThis.fetch;
const realError = console.error;
afterEach(() => {
  globalThis.fetch = realFetch;
  console.error = realError;
});

const answer = (body: unknown, status = 200) => {
  globalThis.fetch = async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
};

const status = {
  success: true, relay_status: 'ativo', relay_url: 'rtmp://origem/app/x', relay_type: 'rtmp', relay_started_at: '2026-01-01T00:00:00.000Z',
  viewers: 3, bitrate: 2500, uptime: '00:01:00', uptime_seconds: 60, relay_error_details: null, relay_error_code: null, relay_error_values: null,
  estado: 'live',
};

test('with a schema, the answer comes back parsed', async () => {
  answer({ ...status, extra: 'ignored' });
  const r = await apiRequest('/api/relay/status', { auth: false, schema: relayStatusSchema });
  assert.equal(r.relay_url, 'rtmp://origem/app/x');
  assert.equal('extra' in r, false);
});

test('a renamed field throws ApiContractError (status 200) after logging the path and the issues', async () => {
  const { relay_url, ...rest } = status;
  answer({ ...rest, relayUrl: relay_url });
  const logged: unknown[][] = [];
  console.error = (...a: unknown[]) => void logged.push(a);
  const error = await apiRequest('/api/relay/status', { auth: false, schema: relayStatusSchema }).then(
    () => assert.fail('a body missing relay_url was accepted'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ApiContractError);
  assert.ok(error instanceof ApiError, 'pages handle it as any failed call');
  assert.equal(error.status, 200);
  assert.equal(error.serverMessage, undefined, 'the page shows its own load-error text');
  assert.deepEqual(error.issues.map((i) => i.path), [['relay_url']]);
  assert.equal(logged.length, 1);
  assert.match(String(logged[0]?.[0]), /\/api\/relay\/status/);
});

test('a field of the wrong type throws too; an error status stays an ApiError with the server text', async () => {
  console.error = () => {};
  answer({ ...status, viewers: '3' });
  await assert.rejects(apiRequest('/api/relay/status', { auth: false, schema: relayStatusSchema }), ApiContractError);
  answer({ success: false, error: 'Relay não está ativo' }, 404);
  await assert.rejects(apiRequest('/api/relay/status', { auth: false, schema: relayStatusSchema }), (e: unknown) =>
    e instanceof ApiError && !(e instanceof ApiContractError) && e.status === 404 && e.serverMessage === 'Relay não está ativo');
});
