import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorText } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';

interface Account { id: number; email: string; usuario: string; password: string; token: string }

/**
 * The operator's 'Administração': only the operator (a reseller and a streaming get 403 and
 * change nothing); a new reseller with its pool and a password answered once; a pool never
 * below what its streamings hold (and a refusal changes nothing); the installation's totals.
 */
describe('management: the operator\'s resellers and totals', () => {
  let h: Harness;
  let operator: Account;
  let channel: Account;

  const account = async (tipo: 'admin' | 'revenda' | 'streaming'): Promise<Account> => {
    const a = await h.createAccount({ tipo, bitrate: 2000, espectadores: 50, espaco: 1000 });
    return { ...a, token: await h.login(a.email, a.password) };
  };
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const reseller = (usuario: string, pool: { streamings: number; bitrate: number; espectadores: number; espaco: number }, senha = '') =>
    ({ email: `${usuario}@exemplo.com.br`, usuario, nome: `Revenda ${usuario}`, senha, ...pool });
  const loginStatus = async (email: string, password: string) =>
    (await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode;

  before(async () => {
    h = await startHarness();
    operator = await account('admin');
    channel = await account('streaming');
  });
  after(() => h.close());

  test('a reseller and a streaming get 403 operator_only on every route, and nothing changes', async () => {
    const other = await account('revenda');
    for (const who of [other, channel]) {
      for (const [method, url, body] of [
        ['GET', '/api/admin/revendas'],
        ['POST', '/api/admin/revendas', reseller('intrusa', { streamings: 5, bitrate: 1000, espectadores: 10, espaco: 100 })],
        ['PUT', `/api/admin/revendas/${other.id}/pool`, { streamings: 99, bitrate: 9000, espectadores: 9000, espaco: 90000 }],
      ] as const) {
        const r = await call(who.token, method, url, body);
        assert.deepEqual([r.statusCode, r.json().code], [403, 'operator_only'], `${who.usuario} ${method} ${url}`);
      }
    }
    assert.equal(await h.core.accounts.byLogin('intrusa'), undefined);
    const row = (await h.core.accounts.byId(other.id))!;
    assert.deepEqual([row.bitrate, row.espectadores, row.espaco], [2000, 50, 1000]);
  });

  test('a new reseller with its pool: the generated password answered once works; a taken login creates nothing', async () => {
    const r = await call(operator.token, 'POST', '/api/admin/revendas', reseller('rev_norte', { streamings: 3, bitrate: 3000, espectadores: 200, espaco: 10000 }));
    assert.equal(r.statusCode, 201, r.body);
    const body = r.json();
    assert.equal(typeof body.senha, 'string');
    assert.deepEqual(body.revenda.pool, { max_streamings: 3, streamings: 0, bitrate: 3000, espectadores: 200, espectadores_usados: 0, espaco: 10000, espaco_usado: 0 });
    assert.equal(await loginStatus('rev_norte@exemplo.com.br', body.senha), 200);
    const row = (await h.core.accounts.byLogin('rev_norte'))!;
    assert.equal(row.tipo, 'revenda');
    const given = await call(operator.token, 'POST', '/api/admin/revendas', reseller('rev_sul', { streamings: 1, bitrate: 1000, espectadores: 10, espaco: 100 }, 'senha-da-revenda'));
    assert.equal(given.statusCode, 201, given.body);
    assert.equal(given.json().senha, undefined);
    const taken = await call(operator.token, 'POST', '/api/admin/revendas', { ...reseller('rev_norte', { streamings: 1, bitrate: 1, espectadores: 1, espaco: 1 }), email: 'outra@exemplo.com.br' });
    assert.deepEqual([taken.statusCode, taken.json().code], [409, 'account_login_taken']);
    const invalid = await call(operator.token, 'POST', '/api/admin/revendas', reseller('rev_leste', { streamings: 0, bitrate: 1, espectadores: 1, espaco: 1 }));
    assert.deepEqual([invalid.statusCode, invalid.json().code], [400, 'plan_value_invalid']);
    assert.equal(await h.core.accounts.byLogin('rev_leste'), undefined);
    const audit = (await call(operator.token, 'GET', '/api/revenda/auditoria')).json().entradas as { autor: string; acao: string; conta: string }[];
    assert.ok(audit.some((e) => e.autor === operator.usuario && e.acao === 'account_created' && e.conta === 'rev_norte'));
  });

  test('a pool never below what its streamings hold: refused with the field and the use, nothing changed', async () => {
    const norte = (await h.core.accounts.byLogin('rev_norte'))!;
    assert.equal((await call(operator.token, 'POST', `/api/revenda/streamings/${norte.id}/senha`, { senha: 'nova-senha-norte' })).statusCode, 200);
    const token = await h.login(norte.email, 'nova-senha-norte');
    for (const [usuario, plan] of [['canal_a', { bitrate: 2500, espectadores: 80, espaco: 4000 }], ['canal_b', { bitrate: 1500, espectadores: 60, espaco: 3000 }]] as const) {
      const r = await call(token, 'POST', '/api/revenda/streamings', { email: `${usuario}@exemplo.com.br`, usuario, nome: usuario, senha: '', ...plan });
      assert.equal(r.statusCode, 201, r.body);
    }
    const ok = { streamings: 3, bitrate: 3000, espectadores: 200, espaco: 10000 };
    const refusals: [object, { field: string; used: number }][] = [
      [{ ...ok, streamings: 1 }, { field: 'streamings', used: 2 }],
      [{ ...ok, bitrate: 2000 }, { field: 'bitrate', used: 2500 }],
      [{ ...ok, espectadores: 139 }, { field: 'espectadores', used: 140 }],
      [{ ...ok, espaco: 6999 }, { field: 'espaco', used: 7000 }],
    ];
    for (const [pool, values] of refusals) {
      const r = await call(operator.token, 'PUT', `/api/admin/revendas/${norte.id}/pool`, pool);
      assert.deepEqual([r.statusCode, r.json().code, r.json().values, r.json().error], [409, 'pool_below_use', values, errorText('pool_below_use', values)]);
    }
    const row = (await h.core.accounts.byId(norte.id))!;
    assert.deepEqual([row.max_streamings, row.bitrate, row.espectadores, row.espaco], [3, 3000, 200, 10000], 'nothing changed');

    const fits = await call(operator.token, 'PUT', `/api/admin/revendas/${norte.id}/pool`, { streamings: 2, bitrate: 2500, espectadores: 140, espaco: 7000 });
    assert.equal(fits.statusCode, 200, fits.body);
    assert.deepEqual(fits.json().revenda.pool, { max_streamings: 2, streamings: 2, bitrate: 2500, espectadores: 140, espectadores_usados: 140, espaco: 7000, espaco_usado: 7000 });
    // the reseller's pool is full now
    const more = await call(token, 'POST', '/api/revenda/streamings', { email: 'canal_c@exemplo.com.br', usuario: 'canal_c', senha: '', bitrate: 1, espectadores: 1, espaco: 1 });
    assert.equal(more.json().code, 'pool_streamings_full');
    // a streaming or an unknown id is no reseller: 404
    const canalA = (await h.core.accounts.byLogin('canal_a'))!;
    for (const id of [canalA.id, channel.id, 999999]) {
      const r = await call(operator.token, 'PUT', `/api/admin/revendas/${id}/pool`, ok);
      assert.equal(r.statusCode, 404, String(id));
    }
    assert.equal((await h.core.accounts.byId(canalA.id))!.bitrate, 2500);
    const audit = (await call(operator.token, 'GET', '/api/revenda/auditoria')).json().entradas as { acao: string; conta: string; detalhe: string }[];
    assert.equal(audit.filter((e) => e.acao === 'plan_changed' && e.conta === 'rev_norte').length, 1);
  });

  test('the list and the totals: resellers with their use, accounts by type, live channels', async () => {
    const canalA = (await h.core.accounts.byLogin('canal_a'))!;
    const now = new Date().toISOString();
    await h.core.store.db.insertInto('transmissions').values({
      user_id: canalA.id, node_id: 1, tipo: 'obs', titulo: 'ao vivo', codigo_playlist: null, stream_name: `${canalA.usuario}_live`,
      status: 'live', platform_ids: '[]', client_id: null, publish_addr: null, created_at: now, started_at: now, ended_at: null, end_reason: null,
    }).execute();
    const r = await call(operator.token, 'GET', '/api/admin/revendas');
    assert.equal(r.statusCode, 200, r.body);
    const body = r.json();
    // operator; the first test's reseller, rev_norte, rev_sul; channel, canal_a, canal_b
    assert.deepEqual(body.totais.contas, { admin: 1, revenda: 3, streaming: 3 });
    assert.equal(body.totais.ao_vivo, 1);
    assert.equal(body.totais.espectadores_agora, 0);
    assert.equal(body.totais.espaco_usado, 0);
    const norte = body.revendas.find((x: { usuario: string }) => x.usuario === 'rev_norte');
    assert.deepEqual([norte.pool.streamings, norte.pool.max_streamings, norte.ao_vivo, norte.espaco_real, norte.suspensa], [2, 2, 1, 0, false]);
    assert.deepEqual(body.revendas.map((x: { usuario: string }) => x.usuario).slice(0, 2), ['rev_sul', 'rev_norte'], 'newest first');
    // suspended through the management routes, it shows suspended here
    await call(operator.token, 'POST', `/api/revenda/streamings/${norte.id}/suspender`);
    const again = (await call(operator.token, 'GET', '/api/admin/revendas')).json();
    assert.equal(again.revendas.find((x: { usuario: string }) => x.usuario === 'rev_norte').suspensa, true);
  });
});
