import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';

const run = promisify(execFile);
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../cli');

interface Account { id: number; email: string; usuario: string; password: string; token: string }
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Billing systems' keys and the provisioning API: a key is answered once and kept only as its
 * hash; a revoked or unknown key is 401; a reseller's key acts on that reseller's streamings only;
 * a retried call with the same Idempotency-Key answers the first result and does nothing twice;
 * refusals are in English with the catalogue's code; the command line makes, lists and revokes keys.
 */
describe('provisioning: API keys and the billing systems API', () => {
  let h: Harness;
  let operator: Account;
  let resellerA: Account;
  let resellerB: Account;
  let installKey: string;
  let keyA: string;

  const account = async (tipo: 'admin' | 'revenda' | 'streaming', over: Record<string, number> = {}): Promise<Account> => {
    const a = await h.createAccount({ tipo, bitrate: over.bitrate ?? 3000, espectadores: over.espectadores ?? 150, espaco: over.espaco ?? 5000 });
    if (over.max_streamings !== undefined) await h.core.store.db.updateTable('accounts').set({ max_streamings: over.max_streamings }).where('id', '=', a.id).execute();
    return { ...a, token: await h.login(a.email, a.password) };
  };
  const panel = (token: string, method: Method, url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const api = (key: string, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    h.app.inject({ method, url: `/api/provisioning/v1${url}`, headers: { ...bearerHeader(key), ...headers }, ...(payload ? { payload } : {}) });
  const newKey = async (name: string, revenda?: string): Promise<string> => {
    const r = await panel(operator.token, 'POST', '/api/admin/api-keys', { name, ...(revenda ? { revenda } : {}) });
    assert.equal(r.statusCode, 201, r.body);
    return r.json().secret;
  };
  const streaming = (usuario: string, plan: { bitrate: number; espectadores: number; espaco: number }, extra: object = {}) =>
    ({ email: `${usuario}@exemplo.com.br`, usuario, nome: `Canal ${usuario}`, ...plan, ...extra });
  const row = (usuario: string) => h.core.store.db.selectFrom('accounts').selectAll().where('usuario', '=', usuario).executeTakeFirst();
  const loginStatus = async (email: string, password: string) =>
    (await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode;

  before(async () => {
    h = await startHarness();
    operator = await account('admin');
    resellerA = await account('revenda', { max_streamings: 3, bitrate: 3000, espectadores: 150, espaco: 5000 });
    resellerB = await account('revenda', { max_streamings: 5 });
    installKey = await newKey('WHMCS');
    keyA = await newKey('Blesta A', resellerA.usuario);
  });
  after(() => h.close());

  test('a key is answered once, kept only as its hash, and listed without its secret; only the operator manages keys', async () => {
    const r = await panel(operator.token, 'POST', '/api/admin/api-keys', { name: 'Teste hash' });
    assert.equal(r.statusCode, 201);
    const { key, secret } = r.json();
    assert.match(secret, /^pk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    assert.equal(secret.slice(3, 11), key.prefix);
    assert.equal(key.revenda, null);

    const stored = await h.core.store.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    assert.equal(stored.key_hash, createHash('sha256').update(secret).digest('hex'));
    const secretPart = secret.slice(12);
    for (const v of Object.values(stored)) assert.ok(!String(v).includes(secretPart), 'the secret is not stored');

    const list = await panel(operator.token, 'GET', '/api/admin/api-keys');
    assert.equal(list.statusCode, 200);
    assert.ok(!list.body.includes(secretPart), 'the list never shows a secret');
    const listed = list.json().keys as { id: number; name: string; prefix: string; revenda: string | null }[];
    assert.deepEqual(listed.find((k) => k.id === key.id)?.name, 'Teste hash');
    assert.equal(listed.find((k) => k.name === 'Blesta A')?.revenda, resellerA.usuario);

    // a reseller (and anyone not the operator) is refused, and nothing is made
    const before = (await h.core.store.db.selectFrom('api_keys').select('id').execute()).length;
    for (const [method, url, body] of [['GET', '/api/admin/api-keys'], ['POST', '/api/admin/api-keys', { name: 'x' }], ['DELETE', `/api/admin/api-keys/${key.id}`]] as const) {
      const refused = await panel(resellerA.token, method, url, body);
      assert.equal(refused.statusCode, 403, `${method} ${url}`);
      assert.equal(refused.json().code, 'operator_only');
    }
    assert.equal((await h.core.store.db.selectFrom('api_keys').select('id').execute()).length, before);
    assert.equal((await h.core.store.db.selectFrom('api_keys').select('revoked_at').where('id', '=', key.id).executeTakeFirstOrThrow()).revoked_at, null);
  });

  test('unknown and revoked keys are 401 (in English); a use is recorded', async () => {
    const secret = await newKey('Temporária');
    const ok = await api(secret, 'GET', `/accounts/${resellerA.usuario}`);
    assert.equal(ok.statusCode, 200, ok.body);
    const used = await h.core.store.db.selectFrom('api_keys').selectAll().where('name', '=', 'Temporária').executeTakeFirstOrThrow();
    assert.notEqual(used.last_used_at, null);

    const revoked = await panel(operator.token, 'DELETE', `/api/admin/api-keys/${used.id}`);
    assert.equal(revoked.statusCode, 200);
    assert.equal(typeof revoked.json().key.revoked_at, 'string');
    for (const key of [secret, `${secret.slice(0, -1)}x`, 'pk_00000000_nope', '']) {
      const r = await api(key, 'GET', `/accounts/${resellerA.usuario}`);
      assert.equal(r.statusCode, 401, key);
      assert.equal(r.json().code, 'api_key_invalid');
      assert.equal(r.json().error, 'Invalid or revoked API key');
    }
    // a revoked key changes nothing
    const r = await api(secret, 'POST', '/accounts', streaming('revogado', { bitrate: 100, espectadores: 1, espaco: 10 }));
    assert.equal(r.statusCode, 401);
    assert.equal(await row('revogado'), undefined);
  });

  test('an installation key creates a reseller (its pool plus streamings) and a streaming in its pool', async () => {
    const r = await api(installKey, 'POST', '/accounts', {
      tipo: 'revenda', email: 'nova_revenda@exemplo.com.br', usuario: 'nova_revenda', nome: 'Nova', bitrate: 4000, espectadores: 500, espaco: 20000, streamings: 4,
    });
    assert.equal(r.statusCode, 201, r.body);
    const created = r.json();
    assert.equal(created.account.tipo, 'revenda');
    assert.equal(created.pool.max_streamings, 4);
    assert.equal(await loginStatus('nova_revenda@exemplo.com.br', created.senha), 200, 'the generated password is the account’s');
    assert.equal((await row('nova_revenda'))?.max_streamings, 4);

    const s = await api(installKey, 'POST', '/accounts', streaming('tv_nova', { bitrate: 2000, espectadores: 100, espaco: 1000 }, { revenda: 'nova_revenda', senha: 'senha-da-tv-nova' }));
    assert.equal(s.statusCode, 201, s.body);
    assert.equal(s.json().account.revenda_id, created.account.id);
    assert.equal(s.json().senha, undefined, 'a given password is not answered');
    // the pool applies to an installation key too
    const over = await api(installKey, 'POST', '/accounts', streaming('tv_demais', { bitrate: 1000, espectadores: 450, espaco: 100 }, { revenda: 'nova_revenda' }));
    assert.equal(over.statusCode, 409);
    assert.equal(over.json().code, 'pool_viewers_exceeded');
    assert.equal(await row('tv_demais'), undefined);

    const got = await api(installKey, 'GET', '/accounts/nova_revenda');
    assert.equal(got.statusCode, 200);
    assert.deepEqual([got.json().pool.streamings, got.json().pool.espectadores_usados], [1, 100]);

    const audit = await h.core.store.db.selectFrom('audit_log').selectAll().where('account', '=', 'tv_nova').execute();
    assert.equal(audit[0]?.actor, 'api:WHMCS');
  });

  test('a reseller’s key: its own pool only; another reseller’s streaming is 404 and untouched; no resellers', async () => {
    const mine = await api(keyA, 'POST', '/accounts', streaming('radio_a', { bitrate: 2500, espectadores: 100, espaco: 3000 }));
    assert.equal(mine.statusCode, 201, mine.body);
    assert.equal(mine.json().account.revenda_id, resellerA.id);

    const other = await panel(resellerB.token, 'POST', '/api/revenda/streamings', streaming('radio_b', { bitrate: 1000, espectadores: 10, espaco: 100 }, { senha: 'senha-radio-b' }));
    assert.equal(other.statusCode, 201, other.body);
    const calls: [Method, string, object?][] = [
      ['GET', '/accounts/radio_b'],
      ['PUT', '/accounts/radio_b/plan', { bitrate: 500, espectadores: 5, espaco: 50 }],
      ['POST', '/accounts/radio_b/suspend'],
      ['POST', '/accounts/radio_b/password', { senha: 'trocada-pela-chave' }],
      ['DELETE', '/accounts/radio_b'],
      ['GET', `/accounts/${resellerB.usuario}`],
      ['POST', `/accounts/${resellerA.usuario}/suspend`],
    ];
    for (const [method, url, body] of calls) {
      const r = await api(keyA, method, url, body);
      assert.equal(r.statusCode, 404, `${method} ${url}`);
      assert.equal(r.json().code, 'not_found');
      assert.equal(r.json().error, 'Resource not found');
    }
    const b = await row('radio_b');
    assert.deepEqual([b?.bitrate, b?.suspension], [1000, 'active']);
    assert.equal(await loginStatus('radio_b@exemplo.com.br', 'senha-radio-b'), 200);
    assert.equal((await row(resellerA.usuario))?.suspension, 'active');

    const reseller = await api(keyA, 'POST', '/accounts', { ...streaming('revenda_x', { bitrate: 100, espectadores: 1, espaco: 10 }), tipo: 'revenda', streamings: 2 });
    assert.equal(reseller.statusCode, 403);
    assert.equal(reseller.json().code, 'api_key_reseller_only');
    const elsewhere = await api(keyA, 'POST', '/accounts', streaming('radio_x', { bitrate: 100, espectadores: 1, espaco: 10 }, { revenda: resellerB.usuario }));
    assert.equal(elsewhere.statusCode, 403);
    assert.equal(await row('revenda_x'), undefined);
    assert.equal(await row('radio_x'), undefined);
  });

  test('a pool refusal answers in English with the stable code, and creates nothing', async () => {
    const r = await api(keyA, 'POST', '/accounts', streaming('tv_grande', { bitrate: 3500, espectadores: 10, espaco: 100 }));
    assert.equal(r.statusCode, 409);
    assert.deepEqual(r.json(), {
      success: false, code: 'pool_bitrate_exceeded', error: 'A streaming’s bitrate can be at most 3000 kbps on the reseller’s plan', values: { max: 3000 },
    });
    const invalid = await api(keyA, 'POST', '/accounts', streaming('tv_zero', { bitrate: 0, espectadores: 10, espaco: 100 }));
    assert.equal(invalid.statusCode, 400);
    assert.equal(invalid.json().code, 'plan_value_invalid');
    assert.equal(invalid.json().error, 'Invalid value for bitrate: use a whole number greater than zero');
    assert.equal(await row('tv_grande'), undefined);
    assert.equal(await row('tv_zero'), undefined);
  });

  test('the same Idempotency-Key twice: one account, the same answer; with another request it is refused', async () => {
    const body = streaming('tv_retry', { bitrate: 1000, espectadores: 10, espaco: 100 });
    const headers = { 'idempotency-key': 'fatura-1234' };
    const first = await api(keyA, 'POST', '/accounts', body, headers);
    assert.equal(first.statusCode, 201, first.body);
    const second = await api(keyA, 'POST', '/accounts', body, headers);
    assert.equal(second.statusCode, 201, second.body);
    assert.deepEqual(second.json(), first.json(), 'the first answer, generated password included');
    assert.equal(second.headers['idempotent-replayed'], 'true');
    const n = await h.core.store.db.selectFrom('accounts').select('id').where('usuario', '=', 'tv_retry').execute();
    assert.equal(n.length, 1);
    assert.equal(await loginStatus('tv_retry@exemplo.com.br', first.json().senha), 200);

    const reused = await api(keyA, 'POST', '/accounts', streaming('tv_retry2', { bitrate: 1000, espectadores: 10, espaco: 100 }), headers);
    assert.equal(reused.statusCode, 422);
    assert.equal(reused.json().code, 'idempotency_key_reused');
    assert.equal(await row('tv_retry2'), undefined);

    // another key's Idempotency-Key space is its own
    const suspended = await api(installKey, 'POST', '/accounts/tv_retry/suspend', undefined, headers);
    assert.equal(suspended.statusCode, 200, suspended.body);

    // a refused call stores nothing: its retry runs again (and succeeds once it fits)
    const refusedHeaders = { 'idempotency-key': 'fatura-9999' };
    const big = streaming('tv_depois', { bitrate: 1000, espectadores: 10, espaco: 100 });
    await h.core.store.db.updateTable('accounts').set({ max_streamings: 0 }).where('id', '=', resellerA.id).execute();
    const full = await api(keyA, 'POST', '/accounts', big, refusedHeaders);
    assert.equal(full.statusCode, 409);
    assert.equal(full.json().code, 'pool_streamings_full');
    await h.core.store.db.updateTable('accounts').set({ max_streamings: 10 }).where('id', '=', resellerA.id).execute();
    const retried = await api(keyA, 'POST', '/accounts', big, refusedHeaders);
    assert.equal(retried.statusCode, 201, retried.body);
  });

  test('plan, suspend, unsuspend and password through the API', async () => {
    const created = await api(keyA, 'POST', '/accounts', streaming('tv_ciclo', { bitrate: 1000, espectadores: 10, espaco: 100 }, { senha: 'senha-inicial-1' }));
    assert.equal(created.statusCode, 201, created.body);

    const plan = await api(keyA, 'PUT', '/accounts/tv_ciclo/plan', { bitrate: 1500, espectadores: 20, espaco: 200 }, { 'idempotency-key': 'plano-1' });
    assert.equal(plan.statusCode, 200, plan.body);
    assert.equal(plan.json().account.bitrate, 1500);
    assert.deepEqual([(await row('tv_ciclo'))?.bitrate, (await row('tv_ciclo'))?.espaco], [1500, 200]);
    const tooMuch = await api(keyA, 'PUT', '/accounts/tv_ciclo/plan', { bitrate: 9000, espectadores: 20, espaco: 200 });
    assert.equal(tooMuch.json().code, 'pool_bitrate_exceeded');
    assert.equal((await row('tv_ciclo'))?.bitrate, 1500);

    const off = await api(keyA, 'POST', '/accounts/tv_ciclo/suspend');
    assert.equal(off.statusCode, 200);
    assert.equal(off.json().account.suspensa, true);
    assert.equal(await loginStatus('tv_ciclo@exemplo.com.br', 'senha-inicial-1'), 403);
    const on = await api(keyA, 'POST', '/accounts/tv_ciclo/unsuspend');
    assert.equal(on.json().account.suspensa, false);
    assert.equal(await loginStatus('tv_ciclo@exemplo.com.br', 'senha-inicial-1'), 200);

    const pw = await api(keyA, 'POST', '/accounts/tv_ciclo/password');
    assert.equal(pw.statusCode, 200);
    assert.equal(typeof pw.json().senha, 'string');
    assert.equal(await loginStatus('tv_ciclo@exemplo.com.br', 'senha-inicial-1'), 401);
    assert.equal(await loginStatus('tv_ciclo@exemplo.com.br', pw.json().senha), 200);

    // a reseller's streamings count: never below what it has
    const resellerPlan = await api(installKey, 'PUT', `/accounts/${resellerA.usuario}/plan`, { bitrate: 3000, espectadores: 150, espaco: 5000, streamings: 1 });
    assert.equal(resellerPlan.statusCode, 409);
    assert.equal(resellerPlan.json().code, 'pool_below_use');
    const raised = await api(installKey, 'PUT', `/accounts/${resellerA.usuario}/plan`, { bitrate: 3000, espectadores: 400, espaco: 5000, streamings: 12 });
    assert.equal(raised.statusCode, 200, raised.body);
    assert.equal(raised.json().pool.max_streamings, 12);

    const actions = (await h.core.store.db.selectFrom('audit_log').select(['actor', 'action']).where('account', '=', 'tv_ciclo').execute());
    assert.ok(actions.every((a) => a.actor === 'api:Blesta A'));
    assert.deepEqual(new Set(actions.map((a) => a.action)), new Set(['account_created', 'plan_changed', 'account_suspended', 'account_reactivated', 'password_reset']));
  });

  test('a suspended reseller’s key is refused, and a malformed Idempotency-Key changes nothing', async () => {
    const reseller = await account('revenda', { max_streamings: 2 });
    const key = await newKey('Suspensa', reseller.usuario);
    assert.equal((await api(key, 'POST', '/accounts', streaming('tv_antes', { bitrate: 1000, espectadores: 10, espaco: 100 }))).statusCode, 201);
    assert.equal((await api(installKey, 'POST', `/accounts/${reseller.usuario}/suspend`)).statusCode, 200);
    const refused = await api(key, 'POST', '/accounts', streaming('tv_depois_da', { bitrate: 1000, espectadores: 10, espaco: 100 }));
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().code, 'account_disabled');
    assert.equal(refused.json().error, 'Account disabled. Please contact support.');
    assert.equal((await api(key, 'POST', '/accounts/tv_antes/unsuspend')).statusCode, 403);
    assert.equal((await row('tv_antes'))?.suspension, 'suspended_with_reseller', 'still suspended with its reseller');
    assert.equal(await row('tv_depois_da'), undefined);

    const bad = await api(keyA, 'POST', '/accounts', streaming('tv_chave_ruim', { bitrate: 1000, espectadores: 10, espaco: 100 }), { 'idempotency-key': 'com espaço' });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'idempotency_key_invalid');
    assert.equal(await row('tv_chave_ruim'), undefined);
  });

  test('DELETE removes a streaming of the scope', async () => {
    const created = await api(keyA, 'POST', '/accounts', streaming('tv_fim', { bitrate: 1000, espectadores: 10, espaco: 100 }));
    assert.equal(created.statusCode, 201, created.body);
    const r = await api(keyA, 'DELETE', '/accounts/tv_fim');
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(await row('tv_fim'), undefined);
    assert.equal((await api(keyA, 'GET', '/accounts/tv_fim')).statusCode, 404);
  });

  test('the command line: apikey create / list / revoke, user add --tipo admin and --streamings', async () => {
    const env = { ...process.env, DATA_DIR: h.config.dataDir, ...(h.config.databaseUrl ? { DATABASE_URL: h.config.databaseUrl } : {}) };
    const cli = (file: string, ...args: string[]) => run(process.execPath, [path.join(CLI, file), ...args], { env });

    const made = await cli('apikey.ts', 'create', '--name', 'Pela CLI', '--revenda', resellerB.usuario);
    const secret = made.stdout.split('\n').find((l) => l.startsWith('pk_'))!;
    assert.match(secret, /^pk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    const usedByCli = await api(secret, 'GET', '/accounts/radio_b');
    assert.equal(usedByCli.statusCode, 200, usedByCli.body);

    const list = (await cli('apikey.ts', 'list')).stdout;
    const line = list.split('\n').find((l) => l.includes('Pela CLI'))!;
    assert.ok(line.includes(`pk_${secret.slice(3, 11)}_`));
    assert.ok(line.includes(`revenda ${resellerB.usuario}`));
    assert.ok(!list.includes(secret.slice(12)), 'the list never shows a secret');

    const id = line.split('\t')[0]!;
    await cli('apikey.ts', 'revoke', id);
    assert.equal((await api(secret, 'GET', '/accounts/radio_b')).statusCode, 401);

    const unknown = await cli('apikey.ts', 'revoke', '999999').then(() => null, (e: { code: number; stderr: string }) => e);
    assert.equal(unknown?.code, 1);
    assert.match(unknown?.stderr ?? '', /Chave de API não encontrada/);

    await cli('user.ts', 'add', '--email', 'operador2@exemplo.com.br', '--password', 'senha-do-operador', '--tipo', 'admin');
    assert.equal((await row('operador2'))?.tipo, 'admin');
    const opToken = await h.login('operador2@exemplo.com.br', 'senha-do-operador');
    assert.equal((await panel(opToken, 'GET', '/api/admin/api-keys')).statusCode, 200, 'an operator made by the command line');

    await cli('user.ts', 'add', '--email', 'rev_cli@exemplo.com.br', '--password', 'senha-da-revenda', '--tipo', 'revenda', '--streamings', '7');
    assert.deepEqual([(await row('rev_cli'))?.tipo, (await row('rev_cli'))?.max_streamings], ['revenda', 7]);
    const wrong = await cli('user.ts', 'add', '--email', 'tv_cli@exemplo.com.br', '--password', 'senha-da-tv-cli', '--streamings', '3').then(() => null, (e: { code: number; stderr: string }) => e);
    assert.equal(wrong?.code, 1);
    assert.match(wrong?.stderr ?? '', /só vale para contas de revenda/);
    assert.equal(await row('tv_cli'), undefined);
  });
});
