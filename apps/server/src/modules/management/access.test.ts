import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { msg } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { PANEL_ACCESS_TTL_S } from './access.ts';

/**
 * 'Acessar painel': a reseller opens its streaming's panel in a short session marked with who
 * opened it; the streaming sees it in its activity, the audit log records it; nobody else's
 * streaming can be entered, and the session ends when the reseller may no longer enter.
 */
describe('management: entering a streaming\'s panel', () => {
  let h: Harness;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const call = (token: string, method: 'GET' | 'POST', url: string) => h.app.inject({ method, url, headers: bearerHeader(token) });

  before(async () => {
    h = await startHarness();
    for (const [name, tipo] of [['operador', 'admin'], ['revenda_a', 'revenda'], ['revenda_b', 'revenda']] as const) {
      const a = await h.createAccount({ tipo, usuario: name, nome: name === 'revenda_a' ? 'Revenda Aurora' : name });
      ids[name] = a.id;
      tokens[name] = await h.login(a.email, a.password);
    }
    await h.core.store.db.updateTable('accounts').set({ max_streamings: 3 }).where('id', '=', ids.revenda_a!).execute();
    const created = await call(tokens.revenda_a!, 'POST', '/api/revenda/streamings');
    assert.equal(created.statusCode, 400, 'a body is required');
    const r = await h.app.inject({
      method: 'POST', url: '/api/revenda/streamings', headers: bearerHeader(tokens.revenda_a!),
      payload: { email: 'canal@exemplo.com.br', usuario: 'canal_sol', nome: 'Canal Sol', senha: 'senha-do-canal', bitrate: 1000, espectadores: 10, espaco: 100 },
    });
    assert.equal(r.statusCode, 201, r.body);
    ids.canal = r.json().streaming.id;
    tokens.canal = await h.login('canal@exemplo.com.br', 'senha-do-canal');
  });
  after(() => h.close());

  test('the reseller enters: a 30-minute session of the streaming, marked with the reseller, seen in its activity and the audit log', async () => {
    const r = await call(tokens.revenda_a!, 'POST', `/api/revenda/streamings/${ids.canal}/acessar`);
    assert.equal(r.statusCode, 200, r.body);
    const { token } = r.json() as { token: string };
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number; imp: number };
    assert.equal(claims.exp - claims.iat, PANEL_ACCESS_TTL_S);
    const me = (await call(token, 'GET', '/api/auth/me')).json().user;
    assert.equal(me.usuario, 'canal_sol');
    assert.deepEqual(me.acessado_por, { usuario: 'revenda_a', nome: 'Revenda Aurora' });
    // the streaming's own session says nothing of it; its activity does
    assert.equal((await call(tokens.canal!, 'GET', '/api/auth/me')).json().user.acessado_por, undefined);
    const activity = (await call(tokens.canal!, 'GET', '/api/dashboard/overview')).json().atividade_recente as { tipo: string; descricao: string }[];
    assert.deepEqual(activity[0], { ...activity[0], tipo: 'panel_accessed', descricao: msg.activityPanelAccessed('Revenda Aurora') });
    const audit = (await call(tokens.revenda_a!, 'GET', '/api/revenda/auditoria')).json().entradas as { acao: string; conta: string; autor: string }[];
    assert.deepEqual(audit[0], { ...audit[0], acao: 'panel_accessed', conta: 'canal_sol', autor: 'revenda_a' });
  });

  test('nobody else enters: another reseller 404, the streaming itself 403, a suspended streaming refused', async () => {
    assert.equal((await call(tokens.revenda_b!, 'POST', `/api/revenda/streamings/${ids.canal}/acessar`)).statusCode, 404);
    const own = await call(tokens.canal!, 'POST', `/api/revenda/streamings/${ids.canal}/acessar`);
    assert.deepEqual([own.statusCode, own.json().code], [403, 'management_forbidden']);
    assert.equal((await call(tokens.revenda_a!, 'POST', `/api/revenda/streamings/${ids.revenda_b}/acessar`)).statusCode, 404);
    assert.equal((await call(tokens.revenda_a!, 'POST', '/api/revenda/streamings/x/acessar')).statusCode, 404);
    assert.equal((await call(tokens.revenda_a!, 'POST', `/api/revenda/streamings/${ids.canal}/suspender`)).statusCode, 200);
    const suspended = await call(tokens.revenda_a!, 'POST', `/api/revenda/streamings/${ids.canal}/acessar`);
    assert.deepEqual([suspended.statusCode, suspended.json().code], [403, 'account_disabled']);
    assert.equal((await call(tokens.revenda_a!, 'POST', `/api/revenda/streamings/${ids.canal}/reativar`)).statusCode, 200);
  });

  test('the entered session ends when the reseller may no longer enter (suspended by the operator)', async () => {
    const { token } = (await call(tokens.revenda_a!, 'POST', `/api/revenda/streamings/${ids.canal}/acessar`)).json() as { token: string };
    // from inside the streaming's panel nothing of the reseller's area is reachable
    assert.equal((await call(token, 'GET', '/api/revenda/streamings')).statusCode, 403);
    assert.equal((await call(tokens.operador!, 'POST', `/api/revenda/streamings/${ids.revenda_a}/suspender`)).statusCode, 200);
    assert.equal((await call(token, 'GET', '/api/auth/me')).statusCode, 401);
    assert.equal((await call(tokens.operador!, 'POST', `/api/revenda/streamings/${ids.revenda_a}/reativar`)).statusCode, 200);
  });
});
