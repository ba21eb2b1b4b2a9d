import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { msg } from '@painel/contract';
import { secret } from '../../platform/secrets.ts';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';

describe('login and session', () => {
  let h: Harness;
  let acct: Awaited<ReturnType<Harness['createAccount']>>;
  before(async () => {
    h = await startHarness();
    acct = await h.createAccount({ usuario: 'canalteste', nome: 'Canal Teste', bitrate: 3000 });
  });
  after(() => h.close());

  const login = (payload: unknown, ip = '10.0.0.1') =>
    h.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress: ip });

  test('logs in by e-mail, case-insensitively, and returns the user the web app validates', async () => {
    const r = await login({ email: acct.email.toUpperCase(), password: acct.password });
    assert.equal(r.statusCode, 200);
    const body = r.json();
    assert.equal(body.success, true);
    assert.ok(body.token);
    assert.deepEqual(
      { ...body.user },
      {
        id: acct.id, usuario: 'canalteste', nome: 'Canal Teste', email: acct.email, tipo: 'streaming', streamings: 0,
        espectadores: 100, bitrate: 3000, espaco: 1000, codigo_servidor: 1, codigo_cliente: null, effective_user_id: acct.id,
      },
    );
    assert.equal('password_hash' in body.user, false);
  });

  test('logs in by usuario', async () => {
    const r = await login({ email: 'CanalTeste', password: acct.password });
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().user.id, acct.id);
  });

  test('wrong password and unknown user get the same 401', async () => {
    const wrong = await login({ email: acct.email, password: 'errada-errada' }, '10.0.0.2');
    const unknown = await login({ email: 'ninguem@exemplo.com.br', password: 'errada-errada' }, '10.0.0.2');
    for (const r of [wrong, unknown]) {
      assert.equal(r.statusCode, 401);
      assert.deepEqual(r.json(), { success: false, error: msg.wrongCredentials, code: 'wrong_credentials' });
    }
  });

  test('missing fields get their Portuguese messages', async () => {
    const noEmail = await login({ password: 'x' });
    assert.equal(noEmail.statusCode, 400);
    assert.equal(noEmail.json().error, msg.loginRequired);
    const blank = await login({ email: '   ', password: 'x' });
    assert.equal(blank.json().error, msg.loginRequired);
    const noPassword = await login({ email: acct.email });
    assert.equal(noPassword.statusCode, 400);
    assert.equal(noPassword.json().error, msg.passwordRequired);
  });

  test('a disabled account cannot log in and its sessions end', async () => {
    const other = await h.createAccount();
    const token = await h.login(other.email, other.password);
    await h.core.accounts.setDisabled(other.email, true);
    const r = await login({ email: other.email, password: other.password }, '10.0.0.3');
    assert.equal(r.statusCode, 403);
    assert.equal(r.json().error, msg.accountDisabled);
    const me = await h.app.inject({ url: '/api/auth/me', headers: bearerHeader(token) });
    assert.equal(me.statusCode, 401);
  });

  test('me accepts a valid token and refuses missing, tampered, expired and revoked ones', async () => {
    const token = await h.login(acct.email, acct.password);
    const ok = await h.app.inject({ url: '/api/auth/me', headers: bearerHeader(token) });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().user.email, acct.email);

    const none = await h.app.inject({ url: '/api/auth/me' });
    assert.equal(none.statusCode, 401);

    const [head, payload, sig] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ver: 0, sub: '999', exp: 9999999999 })).toString('base64url');
    for (const bad of [`${head}.${forged}.${sig}`, `${head}.${payload}.${sig.slice(0, -2)}AA`]) {
      const r = await h.app.inject({ url: '/api/auth/me', headers: bearerHeader(bad) });
      assert.equal(r.statusCode, 401);
      assert.equal(r.json().expired, undefined);
    }

    // "none" algorithm tokens are never accepted
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    assert.equal((await h.app.inject({ url: '/api/auth/me', headers: bearerHeader(unsigned) })).statusCode, 401);

    const key = secret(h.config.dataDir, 'jwt.key');
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(acct.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const exp = await h.app.inject({ url: '/api/auth/me', headers: bearerHeader(expired) });
    assert.equal(exp.statusCode, 401);
    assert.equal(exp.json().expired, true);

    const out = await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearerHeader(token) });
    assert.deepEqual(out.json(), { success: true });
    const revoked = await h.app.inject({ url: '/api/auth/me', headers: bearerHeader(token) });
    assert.equal(revoked.statusCode, 401);
  });

  test('logout ends this session only; a password change ends every session', async () => {
    const me = (token: string) => h.app.inject({ url: '/api/auth/me', headers: bearerHeader(token) });
    const phone = await h.login(acct.email, acct.password);
    const laptop = await h.login(acct.email, acct.password);
    assert.notEqual(phone, laptop);
    const out = await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearerHeader(phone) });
    assert.equal(out.statusCode, 200);
    assert.equal((await me(phone)).statusCode, 401);
    assert.equal((await me(laptop)).statusCode, 200);
    // logging out twice changes nothing
    assert.equal((await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearerHeader(phone) })).statusCode, 401);
    const tablet = await h.login(acct.email, acct.password);
    await h.core.accounts.setPassword(acct.email, `${acct.password}-nova`);
    assert.equal((await me(laptop)).statusCode, 401);
    assert.equal((await me(tablet)).statusCode, 401);
    await h.core.accounts.setPassword(acct.email, acct.password);
  });

  test('registration and password recovery are refused', async () => {
    const reg = await h.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'a@b.c', password: 'x' } });
    assert.equal(reg.statusCode, 403);
    assert.equal(reg.json().error, msg.registrationRefused);
    const rec = await h.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: acct.email } });
    assert.equal(rec.statusCode, 403);
    assert.equal(rec.json().error, msg.recoveryRefused);
  });
});

describe('login rate limiting', () => {
  let h: Harness;
  // the window's clock moves only when the test says: twenty argon2 checks on a loaded machine can take longer than the window
  let clock = Date.now();
  before(async () => {
    h = await startHarness({ env: { LOGIN_WINDOW_MS: '1500', LOGIN_MAX_PER_ACCOUNT: '10', LOGIN_MAX_PER_IP: '30' }, app: { loginClock: () => clock } });
  });
  after(() => h.close());
  const login = (email: string, password: string, remoteAddress: string) =>
    h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  test('a guesser is held back with 429, the owner still gets in from elsewhere, and the guesser again after the window', async () => {
    const acct = await h.createAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await login(acct.email, `errada-${i}`, '10.1.1.1');
      statuses.push(r.statusCode);
      if (r.statusCode === 429) assert.equal(r.json().error, msg.tooManyAttempts);
    }
    assert.equal(statuses.filter((s) => s === 401).length, 10);
    assert.equal(statuses.at(-1), 429);
    // the login name is public: guesses from one address never lock the owner out from another
    assert.equal((await login(acct.email, acct.password, '10.9.9.9')).statusCode, 200);
    assert.equal((await login(acct.usuario, acct.password, '2001:db8:9::1')).statusCode, 200);
    // the guessing address stays held back, even with the right password
    assert.equal((await login(acct.email, 'errada-x', '10.1.1.1')).statusCode, 429);
    assert.equal((await login(acct.email, acct.password, '10.1.1.1')).statusCode, 429);
    clock += 1600;
    assert.equal((await login(acct.email, acct.password, '10.1.1.1')).statusCode, 200);
  });
});

describe('login rate limiting under a parallel burst', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { LOGIN_MAX_PER_ACCOUNT: '10', LOGIN_MAX_PER_IP: '1000' } });
  });
  after(() => h.close());

  test('forty guesses at once from one address get no more than ten answers; e-mail and usuario share the budget', async () => {
    const acct = await h.createAccount();
    const tries = Array.from({ length: 40 }, (_, i) =>
      h.app.inject({
        method: 'POST', url: '/api/auth/login', remoteAddress: '10.4.4.1',
        payload: { email: i % 2 ? acct.email : acct.usuario.toUpperCase(), password: `errada-${i}` },
      }),
    );
    const statuses = (await Promise.all(tries)).map((r) => r.statusCode);
    assert.ok(statuses.filter((s) => s === 401).length <= 10, statuses.join(','));
    assert.ok(statuses.filter((s) => s === 429).length >= 30, statuses.join(','));
    const held = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: acct.usuario, password: acct.password }, remoteAddress: '10.4.4.1' });
    assert.equal(held.statusCode, 429);
    const owner = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: acct.usuario, password: acct.password }, remoteAddress: '10.5.5.5' });
    assert.equal(owner.statusCode, 200);
  });
});

describe('login rate limiting across many addresses', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { LOGIN_MAX_PER_ACCOUNT: '10', LOGIN_MAX_PER_ACCOUNT_TOTAL: '20' } });
  });
  after(() => h.close());
  const login = (email: string, password: string, remoteAddress: string) =>
    h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  test('past the account-wide count an address that has tried gets no second try; a fresh one still gets in', async () => {
    const acct = await h.createAccount();
    for (let i = 0; i < 25; i++) assert.equal((await login(acct.email, `errada-${i}`, `10.6.${i}.1`)).statusCode, 401);
    // 25 failures from 25 addresses: each of them is now held back on this account
    assert.equal((await login(acct.email, 'errada-de-novo', '10.6.3.1')).statusCode, 429);
    assert.equal((await login(acct.email, acct.password, '10.6.4.1')).statusCode, 429);
    // the owner, from an address that has not failed, is not
    assert.equal((await login(acct.email, acct.password, '10.7.0.1')).statusCode, 200);
    // and other accounts are untouched for those addresses
    const other = await h.createAccount();
    assert.equal((await login(other.email, other.password, '10.6.3.1')).statusCode, 200);
  });
});

describe('login rate limiting per address', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { LOGIN_MAX_PER_IP: '30' } });
  });
  after(() => h.close());

  test('one address guessing many accounts is limited too', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const r = await h.app.inject({
        method: 'POST', url: '/api/auth/login', payload: { email: `alvo${i}@exemplo.com`, password: 'x' }, remoteAddress: '10.2.2.2',
      });
      last = r.statusCode;
    }
    assert.equal(last, 429);
    const other = await h.app.inject({
      method: 'POST', url: '/api/auth/login', payload: { email: 'alvo0@exemplo.com', password: 'x' }, remoteAddress: '10.3.3.3',
    });
    assert.equal(other.statusCode, 401);
  });
});
