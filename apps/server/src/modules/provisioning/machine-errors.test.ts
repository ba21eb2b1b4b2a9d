import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorText } from '@painel/contract';
import { serverErrorTexts as english } from '@painel/contract/server-errors/en-US';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';

/**
 * The provisioning API answers a machine's failure as the panel does: a full disk is 507
 * `disk_full`, the database away is 503 `database_unavailable` (which a billing system may retry),
 * never 500, with the message in English where the panel's is Portuguese. The failure is what the
 * drivers throw (SQLite's SQLITE_FULL, node-postgres's lost connection), raised by every query of
 * the API keys' table while it lasts: the panel's key list and the provisioning API both read it.
 */
describe('provisioning: a full disk or the database away answers like the panel', () => {
  let h: Harness;
  let token: string;
  let key: string;
  let fault: Error | null = null;

  before(async () => {
    h = await startHarness();
    const operator = await h.createAccount({ tipo: 'admin' });
    token = await h.login(operator.email, operator.password);
    const created = await h.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: bearerHeader(token), payload: { name: 'WHMCS' } });
    assert.equal(created.statusCode, 201, created.body);
    key = created.json().secret;
    // the queries every builder of this database runs go through its one executor
    const executor = h.core.store.db.getExecutor() as unknown as { executeQuery: (q: { sql: string }, ...rest: unknown[]) => Promise<unknown> };
    const run = executor.executeQuery.bind(executor);
    executor.executeQuery = (q, ...rest) => (fault && /\bapi_keys\b/.test(q.sql) ? Promise.reject(fault) : run(q, ...rest));
  });
  after(async () => {
    fault = null;
    await h?.close();
  });

  const cases = [
    { name: 'a full disk', error: () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }), status: 507, code: 'disk_full' as const },
    { name: 'the database away', error: () => new Error('Connection terminated unexpectedly'), status: 503, code: 'database_unavailable' as const },
  ];
  for (const c of cases) {
    test(`${c.name}: the same status and code as the panel, the message in English`, async () => {
      fault = c.error();
      try {
        const panel = await h.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: bearerHeader(token) });
        const read = await h.app.inject({ method: 'GET', url: '/api/provisioning/v1/accounts/ninguem', headers: bearerHeader(key) });
        const change = await h.app.inject({
          method: 'POST', url: '/api/provisioning/v1/accounts', headers: { ...bearerHeader(key), 'idempotency-key': `falha-${c.code}` },
          payload: { email: 'novo@exemplo.com.br', usuario: 'novo', nome: 'Novo', bitrate: 2500, espectadores: 100, espaco: 1000 },
        });
        assert.deepEqual([panel.statusCode, panel.json()], [c.status, { success: false, error: errorText(c.code), code: c.code }]);
        for (const r of [read, change]) {
          assert.deepEqual([r.statusCode, r.json()], [c.status, { success: false, error: english[c.code], code: c.code }]);
        }
      } finally {
        fault = null;
      }
      // the fault gone, both answer again
      assert.equal((await h.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: bearerHeader(token) })).statusCode, 200);
      assert.equal((await h.app.inject({ method: 'GET', url: '/api/provisioning/v1/accounts/ninguem', headers: bearerHeader(key) })).statusCode, 404);
    });
  }
});
