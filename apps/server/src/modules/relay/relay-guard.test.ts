import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorText } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { startHostileOrigin, startTrap } from '../../testing/hostile-origin.ts';

type Origin = Awaited<ReturnType<typeof startHostileOrigin>>;

/**
 * A relay source is an address the customer gives; the playlist behind it may send ffmpeg
 * anywhere (a redirect, a variant, segments, an AES key on another host). Every address the
 * probe and the relay open passes the outbound guard: an internal one (here a loopback port
 * nobody allowed) is refused with the guard's message, and nothing ever connects to it.
 */
describe('relay: the guard covers every address a source leads to', () => {
  let h: Harness;
  let trap: Awaited<ReturnType<typeof startTrap>>;
  let plain: Origin;
  let tls: Origin;
  let token: string;

  before(async () => {
    trap = await startTrap();
    const target = { http: `http://127.0.0.1:${trap.port}`, https: `https://127.0.0.1:${trap.port}` };
    plain = await startHostileOrigin(target);
    tls = await startHostileOrigin(target, true);
    // the origins are the operator-allowed peers; the trap is not
    h = await startHarness({ env: { OUTBOUND_ALLOW: [plain.allowEntry, tls.allowEntry].join(',') } });
    const acc = await h.createAccount();
    token = await h.login(acc.email, acc.password);
  });
  after(async () => {
    await h?.close();
    await plain?.close();
    await tls?.close();
    await trap?.close();
  });

  const validate = async (url: string) =>
    (await h.app.inject({ method: 'POST', url: '/api/relay/validate-url', headers: bearerHeader(token), payload: { url, relay_type: 'm3u8' } })).json<{ valid: boolean; message: string }>();

  for (const [what, path] of [['a redirect', '/redirect.m3u8'], ['segments', '/segments.m3u8'], ['a variant playlist', '/variants.m3u8'], ['an AES key', '/key.m3u8']] as const) {
    test(`plain HTTP source: ${what} on an internal address is refused with the guard's message`, { timeout: 180_000 }, async () => {
      const r = await validate(plain.url(path));
      assert.deepEqual(r, { valid: false, message: errorText('outbound_private', { host: '127.0.0.1' }) });
      assert.equal(trap.connections(), 0, 'nada chegou ao endereço interno');
    });
  }

  for (const [what, path] of [['a redirect', '/redirect.m3u8'], ['segments', '/segments.m3u8']] as const) {
    test(`HTTPS source: ${what} to an internal address is refused before any TLS handshake reaches it`, { timeout: 180_000 }, async () => {
      const r = await validate(tls.url(path));
      assert.deepEqual(r, { valid: false, message: errorText('outbound_private', { host: '127.0.0.1' }) });
      assert.equal(trap.connections(), 0, 'nada chegou ao endereço interno');
    });
  }

  test('a start with such a source is refused the same way and creates nothing', { timeout: 180_000 }, async () => {
    const count = async () => (await h.core.store.db.selectFrom('media_processes').select('id').execute()).length;
    const before = await count();
    const r = await h.app.inject({ method: 'POST', url: '/api/relay/start', headers: bearerHeader(token), payload: { relay_url: plain.url('/segments.m3u8'), relay_type: 'm3u8' } });
    assert.equal(r.statusCode, 400, r.body);
    assert.equal(r.json().error, errorText('outbound_private', { host: '127.0.0.1' }));
    assert.equal(await count(), before);
    assert.equal(trap.connections(), 0);
  });
});
