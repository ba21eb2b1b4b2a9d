import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorText } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';

interface Account { id: number; email: string; usuario: string; password: string; token: string }

/**
 * A reseller's streamings through the API: the pool (count, bitrate per streaming, viewers and
 * storage left) refuses what does not fit and creates nothing; another reseller's ids are 404; a
 * streaming is refused the area; suspension ends sessions and logins and follows the reseller;
 * a reset password works at once and the old one does not; the audit log records each change.
 */
describe('management: a reseller and its streamings', () => {
  let h: Harness;
  let operator: Account;
  let resellerA: Account;
  let resellerB: Account;
  let channel: Account;

  const account = async (tipo: 'admin' | 'revenda' | 'streaming', over: Record<string, number> = {}): Promise<Account> => {
    const a = await h.createAccount({ tipo, bitrate: over.bitrate ?? 3000, espectadores: over.espectadores ?? 150, espaco: over.espaco ?? 5000 });
    if (over.max_streamings !== undefined) await h.core.store.db.updateTable('accounts').set({ max_streamings: over.max_streamings }).where('id', '=', a.id).execute();
    return { ...a, token: await h.login(a.email, a.password) };
  };
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const streaming = (usuario: string, plan: { bitrate: number; espectadores: number; espaco: number }, senha = '') =>
    ({ email: `${usuario}@exemplo.com.br`, usuario, nome: `Canal ${usuario}`, senha, ...plan });
  const countOf = async (revendaId: number) =>
    Number((await h.core.store.db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).where('revenda_id', '=', revendaId).executeTakeFirstOrThrow()).n);
  const loginStatus = async (email: string, password: string) =>
    (await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode;

  before(async () => {
    h = await startHarness();
    operator = await account('admin');
    resellerA = await account('revenda', { max_streamings: 2, bitrate: 3000, espectadores: 150, espaco: 5000 });
    resellerB = await account('revenda', { max_streamings: 5 });
    channel = await account('streaming');
  });
  after(() => h.close());

  test('a streaming is refused the area (403) on every route, and nothing changes', async () => {
    const routes: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
      ['GET', '/api/revenda/streamings'],
      ['POST', '/api/revenda/streamings', streaming('intruso', { bitrate: 1000, espectadores: 10, espaco: 100 })],
      ['PUT', `/api/revenda/streamings/${channel.id}/plano`, { bitrate: 9000, espectadores: 9000, espaco: 90000 }],
      ['POST', `/api/revenda/streamings/${channel.id}/suspender`],
      ['POST', `/api/revenda/streamings/${channel.id}/senha`],
      ['GET', '/api/revenda/auditoria'],
    ];
    for (const [method, url, body] of routes) {
      const r = await call(channel.token, method, url, body);
      assert.equal(r.statusCode, 403, `${method} ${url}`);
      assert.equal(r.json().code, 'management_forbidden');
    }
    const row = await h.core.accounts.byId(channel.id);
    assert.equal(row?.bitrate, 3000);
    assert.equal(row?.suspension, 'active');
    assert.equal(await h.core.accounts.byLogin('intruso'), undefined);
  });

  test('the pool: count, bitrate per streaming, viewers and storage left; a refusal creates nothing', async () => {
    const first = await call(resellerA.token, 'POST', '/api/revenda/streamings', streaming('radio_sol', { bitrate: 2500, espectadores: 100, espaco: 3000 }));
    assert.equal(first.statusCode, 201, first.body);
    const created = first.json();
    assert.equal(created.streaming.revenda_id, resellerA.id);
    assert.equal(typeof created.senha, 'string');
    // the generated password is the account's, answered once
    assert.equal(await loginStatus('radio_sol@exemplo.com.br', created.senha), 200);

    const refusals: [object, string, Record<string, number>][] = [
      [{ bitrate: 3500, espectadores: 10, espaco: 100 }, 'pool_bitrate_exceeded', { max: 3000 }],
      [{ bitrate: 1000, espectadores: 60, espaco: 100 }, 'pool_viewers_exceeded', { free: 50 }],
      [{ bitrate: 1000, espectadores: 10, espaco: 2500 }, 'pool_storage_exceeded', { free: 2000 }],
    ];
    for (const [plan, code, values] of refusals) {
      const r = await call(resellerA.token, 'POST', '/api/revenda/streamings', streaming('tv_lua', plan as never));
      assert.equal(r.statusCode, 409, code);
      assert.deepEqual([r.json().code, r.json().error, r.json().values], [code, errorText(code as never, values as never), values]);
      assert.equal(await countOf(resellerA.id), 1, `${code}: nada criado`);
    }
    const second = await call(resellerA.token, 'POST', '/api/revenda/streamings', streaming('tv_lua', { bitrate: 3000, espectadores: 50, espaco: 2000 }, 'senha-do-canal'));
    assert.equal(second.statusCode, 201, second.body);
    assert.equal(second.json().senha, undefined, 'a password given is not answered back');
    const third = await call(resellerA.token, 'POST', '/api/revenda/streamings', streaming('tv_mar', { bitrate: 1, espectadores: 1, espaco: 1 }));
    assert.equal(third.statusCode, 409);
    assert.equal(third.json().code, 'pool_streamings_full');
    assert.equal(await countOf(resellerA.id), 2);

    const list = (await call(resellerA.token, 'GET', '/api/revenda/streamings')).json();
    assert.deepEqual(list.streamings.map((s: { usuario: string }) => s.usuario), ['tv_lua', 'radio_sol']);
    assert.deepEqual(list.pool, { max_streamings: 2, streamings: 2, bitrate: 3000, espectadores: 150, espectadores_usados: 150, espaco: 5000, espaco_usado: 5000 });
    // a plan that no longer fits is refused with what is left, counting the others only
    const sol = created.streaming.id as number;
    const more = await call(resellerA.token, 'PUT', `/api/revenda/streamings/${sol}/plano`, { bitrate: 2500, espectadores: 101, espaco: 3000 });
    assert.deepEqual([more.statusCode, more.json().code, more.json().values], [409, 'pool_viewers_exceeded', { free: 100 }]);
    const less = await call(resellerA.token, 'PUT', `/api/revenda/streamings/${sol}/plano`, { bitrate: 2000, espectadores: 80, espaco: 2500 });
    assert.equal(less.statusCode, 200, less.body);
    assert.deepEqual([less.json().streaming.bitrate, less.json().streaming.espectadores, less.json().streaming.espaco], [2000, 80, 2500]);
    const invalid = await call(resellerA.token, 'PUT', `/api/revenda/streamings/${sol}/plano`, { bitrate: 0, espectadores: 80, espaco: 2500 });
    assert.deepEqual([invalid.statusCode, invalid.json().code], [400, 'plan_value_invalid']);
  });

  test('another reseller\'s streaming is 404 on every route, and stays as it was', async () => {
    const sol = (await h.core.accounts.byLogin('radio_sol'))!;
    for (const [method, url, body] of [
      ['PUT', `/api/revenda/streamings/${sol.id}/plano`, { bitrate: 100, espectadores: 1, espaco: 1 }],
      ['POST', `/api/revenda/streamings/${sol.id}/suspender`],
      ['POST', `/api/revenda/streamings/${sol.id}/reativar`],
      ['POST', `/api/revenda/streamings/${sol.id}/senha`, {}],
      ['POST', `/api/revenda/streamings/${channel.id}/suspender`],
      ['POST', '/api/revenda/streamings/abc/suspender'],
    ] as const) {
      const r = await call(resellerB.token, method, url, body);
      assert.equal(r.statusCode, 404, `${method} ${url}`);
    }
    const after = (await h.core.accounts.byId(sol.id))!;
    assert.deepEqual([after.bitrate, after.suspension, after.password_hash], [sol.bitrate, 'active', sol.password_hash]);
    assert.deepEqual((await call(resellerB.token, 'GET', '/api/revenda/streamings')).json().streamings, []);
  });

  test('suspension: sessions and logins end; a reseller\'s streamings go and come back with it', async () => {
    const sol = (await h.core.accounts.byLogin('radio_sol'))!;
    const lua = (await h.core.accounts.byLogin('tv_lua'))!;
    const luaToken = await h.login(lua.email, 'senha-do-canal');
    const suspended = await call(resellerA.token, 'POST', `/api/revenda/streamings/${lua.id}/suspender`);
    assert.equal(suspended.statusCode, 200);
    assert.equal(suspended.json().streaming.suspensa, true);
    assert.equal((await call(luaToken, 'GET', '/api/auth/me')).statusCode, 401, 'the open session ends');
    assert.equal(await loginStatus(lua.email, 'senha-do-canal'), 403, 'login refused');

    // the operator suspends the reseller: it and its active streamings; lua stays suspended by itself
    const off = await call(operator.token, 'POST', `/api/revenda/streamings/${resellerA.id}/suspender`);
    assert.equal(off.statusCode, 200, off.body);
    assert.deepEqual([(await h.core.accounts.byId(resellerA.id))!.suspension, (await h.core.accounts.byId(sol.id))!.suspension, (await h.core.accounts.byId(lua.id))!.suspension],
      ['suspended_by_operator', 'suspended_with_reseller', 'suspended_by_reseller']);
    assert.equal(await loginStatus(resellerA.email, resellerA.password), 403);
    const whileOff = await call(operator.token, 'POST', `/api/revenda/streamings/${sol.id}/reativar`);
    assert.deepEqual([whileOff.statusCode, whileOff.json().code], [409, 'account_suspended_by_reseller']);
    const listed = (await call(operator.token, 'GET', '/api/revenda/streamings')).json().streamings as { usuario: string; suspensa: boolean; suspensa_pela_revenda: boolean }[];
    assert.deepEqual(listed.find((s) => s.usuario === 'radio_sol'), { ...listed.find((s) => s.usuario === 'radio_sol'), suspensa: true, suspensa_pela_revenda: true });

    const on = await call(operator.token, 'POST', `/api/revenda/streamings/${resellerA.id}/reativar`);
    assert.equal(on.statusCode, 200, on.body);
    assert.deepEqual([(await h.core.accounts.byId(resellerA.id))!.suspension, (await h.core.accounts.byId(sol.id))!.suspension, (await h.core.accounts.byId(lua.id))!.suspension],
      ['active', 'active', 'suspended_by_reseller']);
    resellerA.token = await h.login(resellerA.email, resellerA.password);
    assert.equal((await call(resellerA.token, 'POST', `/api/revenda/streamings/${lua.id}/reativar`)).statusCode, 200);
    assert.equal(await loginStatus(lua.email, 'senha-do-canal'), 200);
  });

  test('a reset password works at once, the old one does not, and open sessions end', async () => {
    const lua = (await h.core.accounts.byLogin('tv_lua'))!;
    const token = await h.login(lua.email, 'senha-do-canal');
    const tooShort = await call(resellerA.token, 'POST', `/api/revenda/streamings/${lua.id}/senha`, { senha: 'curta' });
    assert.deepEqual([tooShort.statusCode, tooShort.json().code], [400, 'password_too_short']);
    assert.equal(await loginStatus(lua.email, 'senha-do-canal'), 200, 'a refused reset changes nothing');
    const r = await call(resellerA.token, 'POST', `/api/revenda/streamings/${lua.id}/senha`, {});
    assert.equal(r.statusCode, 200);
    const generated = r.json().senha as string;
    assert.ok(generated.length >= 16);
    assert.equal(await loginStatus(lua.email, 'senha-do-canal'), 401);
    assert.equal(await loginStatus(lua.email, generated), 200);
    assert.equal((await call(token, 'GET', '/api/auth/me')).statusCode, 401);
  });

  test('the audit log: the reseller sees what was done to its streamings, the other reseller nothing, the operator everything', async () => {
    const mine = (await call(resellerA.token, 'GET', '/api/revenda/auditoria')).json().entradas as { autor: string; acao: string; conta: string }[];
    assert.deepEqual(mine.map((e) => `${e.autor} ${e.acao} ${e.conta}`).reverse(), [
      `${resellerA.usuario} account_created radio_sol`,
      `${resellerA.usuario} account_created tv_lua`,
      `${resellerA.usuario} plan_changed radio_sol`,
      `${resellerA.usuario} account_suspended tv_lua`,
      `${resellerA.usuario} account_reactivated tv_lua`,
      `${resellerA.usuario} password_reset tv_lua`,
    ]);
    assert.deepEqual((await call(resellerB.token, 'GET', '/api/revenda/auditoria')).json().entradas, []);
    const all = (await call(operator.token, 'GET', '/api/revenda/auditoria')).json().entradas as { autor: string; acao: string; conta: string }[];
    assert.ok(all.some((e) => e.autor === operator.usuario && e.acao === 'account_suspended' && e.conta === resellerA.usuario));
    assert.equal(all.length, mine.length + 2);
  });
});
