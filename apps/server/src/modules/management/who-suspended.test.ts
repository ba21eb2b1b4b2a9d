import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorText } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';

interface Account { id: number; email: string; usuario: string; password: string; token: string }
type Method = 'GET' | 'POST';

/**
 * Who suspended an account decides who may lift it: a reseller lifts only its own suspensions,
 * by its session or its API key; the operator's answers 409 `account_suspended_by_operator`
 * and the customer stays out. The operator lifts any. The audit log names who did each.
 */
describe('management: who suspended a streaming', () => {
  let h: Harness;
  let operator: Account;
  let reseller: Account;
  let keyOfReseller: string;

  const account = async (tipo: 'admin' | 'revenda'): Promise<Account> => {
    const a = await h.createAccount({ tipo, bitrate: 3000, espectadores: 150, espaco: 5000 });
    if (tipo === 'revenda') await h.core.store.db.updateTable('accounts').set({ max_streamings: 5 }).where('id', '=', a.id).execute();
    return { ...a, token: await h.login(a.email, a.password) };
  };
  const panel = (token: string, method: Method, url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const api = (key: string, url: string) => h.app.inject({ method: 'POST', url: `/api/provisioning/v1${url}`, headers: bearerHeader(key) });
  const loginStatus = async (email: string, password: string) =>
    (await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode;
  const stateOf = async (id: number) => (await h.core.accounts.byId(id))!.suspension;
  const newStreaming = async (usuario: string) => {
    const r = await panel(reseller.token, 'POST', '/api/revenda/streamings', {
      email: `${usuario}@exemplo.com.br`, usuario, nome: usuario, senha: 'senha-do-canal', bitrate: 1000, espectadores: 10, espaco: 100,
    });
    assert.equal(r.statusCode, 201, r.body);
    return r.json().streaming as { id: number; usuario: string; email: string };
  };

  before(async () => {
    h = await startHarness();
    operator = await account('admin');
    reseller = await account('revenda');
    const key = await panel(operator.token, 'POST', '/api/admin/api-keys', { name: 'Cobrança', revenda: reseller.usuario });
    assert.equal(key.statusCode, 201, key.body);
    keyOfReseller = key.json().secret;
  });
  after(() => h.close());

  test('the operator\'s suspension: the reseller\'s session and key get 409, the customer stays out; the operator lifts it', async () => {
    const tv = await newStreaming('tv_bloqueada');
    const off = await panel(operator.token, 'POST', `/api/revenda/streamings/${tv.id}/suspender`);
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.json().streaming.suspensao, 'suspended_by_operator');

    const bySession = await panel(reseller.token, 'POST', `/api/revenda/streamings/${tv.id}/reativar`);
    assert.deepEqual([bySession.statusCode, bySession.json().code, bySession.json().error],
      [409, 'account_suspended_by_operator', errorText('account_suspended_by_operator')]);
    const byKey = await api(keyOfReseller, `/accounts/${tv.usuario}/unsuspend`);
    assert.deepEqual([byKey.statusCode, byKey.json().code, byKey.json().error],
      [409, 'account_suspended_by_operator', 'This streaming was suspended by the administration: only the administration can reactivate it']);
    assert.equal(await stateOf(tv.id), 'suspended_by_operator');
    assert.equal(await loginStatus(tv.email, 'senha-do-canal'), 403, 'the customer still cannot log in');
    // the reseller's own list says whose suspension it is
    const listed = (await panel(reseller.token, 'GET', '/api/revenda/streamings')).json().streamings as { id: number; suspensao: string }[];
    assert.equal(listed.find((s) => s.id === tv.id)?.suspensao, 'suspended_by_operator');

    const on = await panel(operator.token, 'POST', `/api/revenda/streamings/${tv.id}/reativar`);
    assert.equal(on.statusCode, 200, on.body);
    assert.equal(await stateOf(tv.id), 'active');
    assert.equal(await loginStatus(tv.email, 'senha-do-canal'), 200);
  });

  test('the operator takes over the reseller\'s suspension; the reseller lifts its own, by session or key', async () => {
    const tv = await newStreaming('tv_dupla');
    assert.equal((await panel(reseller.token, 'POST', `/api/revenda/streamings/${tv.id}/suspender`)).statusCode, 200);
    assert.equal(await stateOf(tv.id), 'suspended_by_reseller');
    assert.equal((await panel(operator.token, 'POST', `/api/revenda/streamings/${tv.id}/suspender`)).statusCode, 200);
    assert.equal(await stateOf(tv.id), 'suspended_by_operator', 'the operator\'s suspension replaces the reseller\'s');
    assert.equal((await api(keyOfReseller, `/accounts/${tv.usuario}/unsuspend`)).statusCode, 409);
    // a suspension by the reseller after the operator's changes nothing: the operator's stays
    assert.equal((await api(keyOfReseller, `/accounts/${tv.usuario}/suspend`)).statusCode, 200);
    assert.equal(await stateOf(tv.id), 'suspended_by_operator');
    assert.equal((await panel(operator.token, 'POST', `/api/revenda/streamings/${tv.id}/reativar`)).statusCode, 200);

    assert.equal((await api(keyOfReseller, `/accounts/${tv.usuario}/suspend`)).statusCode, 200);
    assert.equal(await stateOf(tv.id), 'suspended_by_reseller');
    assert.equal((await api(keyOfReseller, `/accounts/${tv.usuario}/unsuspend`)).statusCode, 200);
    assert.equal(await loginStatus(tv.email, 'senha-do-canal'), 200);
  });

  test('a streaming the reseller suspended stays suspended through the reseller\'s own suspension, and comes back only when both are lifted', async () => {
    const tv = await newStreaming('tv_propria');
    const other = await newStreaming('tv_ativa');
    assert.equal((await panel(reseller.token, 'POST', `/api/revenda/streamings/${tv.id}/suspender`)).statusCode, 200);
    assert.equal((await panel(operator.token, 'POST', `/api/revenda/streamings/${reseller.id}/suspender`)).statusCode, 200);
    assert.deepEqual([await stateOf(reseller.id), await stateOf(tv.id), await stateOf(other.id)],
      ['suspended_by_operator', 'suspended_by_reseller', 'suspended_with_reseller']);
    // not even the operator brings a streaming back while its reseller is suspended
    const early = await panel(operator.token, 'POST', `/api/revenda/streamings/${tv.id}/reativar`);
    assert.deepEqual([early.statusCode, early.json().code], [409, 'account_suspended_by_reseller']);
    assert.equal((await panel(operator.token, 'POST', `/api/revenda/streamings/${reseller.id}/reativar`)).statusCode, 200);
    assert.deepEqual([await stateOf(reseller.id), await stateOf(tv.id), await stateOf(other.id)], ['active', 'suspended_by_reseller', 'active']);
    reseller.token = await h.login(reseller.email, reseller.password);
    assert.equal((await panel(reseller.token, 'POST', `/api/revenda/streamings/${tv.id}/reativar`)).statusCode, 200);
  });

  test('the audit log names who suspended and who lifted, and whose suspension it was', async () => {
    const rows = await h.core.store.db.selectFrom('audit_log').select(['actor', 'action', 'detail'])
      .where('account', '=', 'tv_bloqueada').where('action', 'in', ['account_suspended', 'account_reactivated']).orderBy('id').execute();
    assert.deepEqual(rows.map((r) => `${r.actor} ${r.action} ${r.detail}`), [
      `${operator.usuario} account_suspended active → suspended_by_operator`,
      `${operator.usuario} account_reactivated suspended_by_operator → active`,
    ]);
    const dual = await h.core.store.db.selectFrom('audit_log').select(['actor', 'action', 'detail'])
      .where('account', '=', 'tv_dupla').where('action', 'in', ['account_suspended', 'account_reactivated']).orderBy('id').execute();
    assert.deepEqual(dual.map((r) => `${r.actor} ${r.action} ${r.detail}`), [
      `${reseller.usuario} account_suspended active → suspended_by_reseller`,
      `${operator.usuario} account_suspended suspended_by_reseller → suspended_by_operator`,
      `${operator.usuario} account_reactivated suspended_by_operator → active`,
      'api:Cobrança account_suspended active → suspended_by_reseller',
      'api:Cobrança account_reactivated suspended_by_reseller → active',
    ]);
  });
});
