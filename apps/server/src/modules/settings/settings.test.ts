import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_MENU, errorText, type ServerErrorCode } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';

const body = (over: Record<string, unknown> = {}) => ({
  menu_items: DEFAULT_MENU.map((m) => ({ ...m })),
  sidebar_collapsed: false,
  notifications_enabled: true,
  auto_refresh: true,
  refresh_interval: 30,
  language: 'pt-BR',
  timezone: 'America/Sao_Paulo',
  ...over,
});

describe('user settings', () => {
  let h: Harness;
  let a: { id: number; token: string };
  let b: { id: number; token: string };
  before(async () => {
    h = await startHarness();
    const ca = await h.createAccount();
    const cb = await h.createAccount({ tipo: 'revenda' });
    a = { id: ca.id, token: await h.login(ca.email, ca.password) };
    b = { id: cb.id, token: await h.login(cb.email, cb.password) };
  });
  after(() => h.close());

  const get = (token: string) => h.app.inject({ url: '/api/user-settings', headers: bearerHeader(token) });
  const post = (token: string, payload: object) =>
    h.app.inject({ method: 'POST', url: '/api/user-settings', headers: bearerHeader(token), payload });

  test('a new account reads the defaults with the 16-entry menu', async () => {
    const r = await get(a.token);
    assert.equal(r.statusCode, 200);
    const s = r.json();
    assert.equal(s.id_user, a.id);
    assert.deepEqual(s.menu_items.map((m: { id: string }) => m.id), DEFAULT_MENU.map((m) => m.id));
    assert.equal(s.refresh_interval, 30);
    assert.equal(s.language, 'pt-BR');
    assert.equal(s.timezone, 'America/Sao_Paulo');
    assert.equal(s.auto_refresh, true);
    assert.equal(s.notifications_enabled, true);
    assert.equal(s.sidebar_collapsed, false);
    // the panel keeps the language its owner signed in with while nothing is saved
    assert.equal(s.salvas, false);
  });

  test('a saved order, visibility and options come back', async () => {
    const menu = DEFAULT_MENU.map((m) => ({ ...m }));
    const [first, second] = [menu[0]!, menu[1]!];
    first.order = 1;
    second.order = 0;
    menu.find((m) => m.id === 'espectadores')!.visible = false;
    const r = await post(a.token, body({ menu_items: menu, refresh_interval: 120, language: 'es-ES', timezone: 'Asia/Tokyo', id_user: a.id }));
    assert.equal(r.statusCode, 200);
    const s = (await get(a.token)).json();
    assert.equal(s.salvas, true);
    assert.deepEqual(s.menu_items.slice(0, 2).map((m: { id: string }) => m.id), ['iniciar-transmissao', 'dashboard']);
    assert.equal(s.menu_items.find((m: { id: string }) => m.id === 'espectadores').visible, false);
    assert.equal(s.refresh_interval, 120);
    assert.equal(s.language, 'es-ES');
    assert.equal(s.timezone, 'Asia/Tokyo');
  });

  test('labels and paths always come from the catalogue', async () => {
    const menu = DEFAULT_MENU.map((m) => ({ ...m, label: 'X', path: 'https://mal.example' }));
    assert.equal((await post(a.token, body({ menu_items: menu }))).statusCode, 200);
    const s = (await get(a.token)).json();
    assert.equal(s.menu_items[0].label, 'Dashboard');
    assert.equal(s.menu_items[0].path, '/dashboard');
  });

  test('invalid values are refused with a clear message and nothing is saved', async () => {
    const before = (await get(a.token)).json();
    const cases: [object, ServerErrorCode][] = [
      [body({ refresh_interval: 5 }), 'refresh_interval_range'],
      [body({ refresh_interval: 301 }), 'refresh_interval_range'],
      [body({ refresh_interval: 'dez' }), 'refresh_interval_range'],
      [body({ language: 'fr-FR' }), 'invalid_language'],
      [body({ timezone: 'Mars/Base' }), 'invalid_timezone'],
      [body({ menu_items: [...DEFAULT_MENU, DEFAULT_MENU[0]] }), 'invalid_menu'],
      [body({ menu_items: [{ id: 'admin', visible: true, order: 0 }] }), 'invalid_menu'],
    ];
    for (const [payload, code] of cases) {
      const r = await post(a.token, payload);
      assert.equal(r.statusCode, 400, JSON.stringify(payload).slice(0, 80));
      assert.deepEqual(r.json(), { success: false, error: errorText(code), code });
    }
    assert.deepEqual((await get(a.token)).json(), before);
  });

  test('without a token settings are neither read nor written', async () => {
    assert.equal((await h.app.inject({ url: '/api/user-settings' })).statusCode, 401);
    assert.equal((await h.app.inject({ method: 'POST', url: '/api/user-settings', payload: body() })).statusCode, 401);
  });

  test("account B can never read or change account A's settings", async () => {
    const aBefore = (await get(a.token)).json();
    const attack = await post(b.token, body({ id_user: a.id, refresh_interval: 300, language: 'en-US' }));
    assert.equal(attack.statusCode, 404);
    assert.deepEqual((await get(a.token)).json(), aBefore);
    // B's own settings are its own, untouched by A's
    const bs = (await get(b.token)).json();
    assert.equal(bs.id_user, b.id);
    assert.equal(bs.refresh_interval, 30);
    // the owner doing the same succeeds
    assert.equal((await post(a.token, body({ id_user: a.id, refresh_interval: 300 }))).statusCode, 200);
    assert.equal((await get(a.token)).json().refresh_interval, 300);
    assert.equal((await get(b.token)).json().refresh_interval, 30);
  });
});
