import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorText, serverErrors, type RelayStartBody } from '@painel/contract';
import type { Auth } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { createOutboundGuard } from '../../platform/outbound-guard.ts';
import { createRelayService } from './relay.service.ts';

/**
 * A start is refused with the probe's own answer: 400 for a source that cannot be relayed, 429
 * once the account has probed too often. The 429 comes from the refusal's code, so rewording
 * its message changes what the user reads and nothing else. The probe here is a program that
 * always fails (the source reads as offline), and the guard resolves the source's name to a
 * public address without asking a DNS server; a refused start writes nothing, so the other
 * dependencies are never reached. The limit's minute runs on a fixed clock: 21 probes on a loaded
 * machine may straddle a minute of the wall clock, which would start a new window half-way.
 */
test('relay start: the probe limit is a 429 by its code, whatever its message says', async () => {
  const saved = serverErrors.too_many_requests.message;
  serverErrors.too_many_requests.message = 'Calma: muitas verificações seguidas. Tente de novo em um minuto.';
  try {
    const relay = createRelayService({
      guard: createOutboundGuard({ lookup: async () => ['93.184.216.34'] }),
      config: { outboundAllow: new Set<string>() },
      ffprobeBin: '/bin/false',
      now: () => Date.UTC(2026, 0, 5, 12, 0, 30),
    } as unknown as Parameters<typeof createRelayService>[0]);
    const auth = { userId: 1 } as Auth;
    const body: RelayStartBody = { relay_url: 'rtmp://origem.exemplo.com/app/stream', relay_type: 'rtmp' };
    const refusals: AppError[] = [];
    for (let i = 0; i < 21; i++) {
      const e = await relay.start(auth, body).then(() => assert.fail('started'), (err: unknown) => err);
      assert.ok(e instanceof AppError, String(e));
      refusals.push(e);
    }
    for (const e of refusals.slice(0, 20)) assert.deepEqual([e.code, e.status, e.message], ['relay_offline', 400, errorText('relay_offline')]);
    const last = refusals[20]!;
    assert.deepEqual([last.code, last.status, last.message], ['too_many_requests', 429, 'Calma: muitas verificações seguidas. Tente de novo em um minuto.']);
  } finally {
    serverErrors.too_many_requests.message = saved;
  }
});
