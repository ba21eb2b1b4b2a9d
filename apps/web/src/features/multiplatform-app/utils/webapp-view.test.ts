import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WEBAPP_DEFAULTS, type WebApp } from '@painel/contract';
import multiplatformAppTexts from '../../../i18n/pt-BR/multiplatform-app.ts';
import { APK_POLL_MS, apkFormData, apkPollMs, previewKey, apkReady, appFormData, escapeHtml, formFromApp, installCodes, pushReady, samePath } from './webapp-view.ts';

const installTexts = {
  badgeAndroidAlt: multiplatformAppTexts.badgeAndroidAlt,
  badgeIosAlt: multiplatformAppTexts.badgeIosAlt,
  qrAlt: ({ name }: { name: string }) => `QR Code do app ${name}`,
};

const saved: WebApp = {
  ...formFromApp(null),
  id: 7, nome: 'TV Sol', email: 'a@b.com', modelo: 2, chat: true, contador: false, cor_texto: '#112233',
  url_logo: '/webapp/sol/files/l.png', url_background: '', url_chat: '/webapp/sol/#chat',
  apk_criado: false, apk_zip: '', apk_status: 'none',
  link: 'https://tv.exemplo.com/webapp/sol/', qr_code: 'https://tv.exemplo.com/webapp/sol/qr.svg',
};

test('a new app starts from the defaults: black text, white light menu, black dark menu, blue splash, model 1', () => {
  const f = formFromApp(null);
  assert.equal(f.nome, '');
  assert.deepEqual([f.cor_texto, f.cor_menu_claro, f.cor_menu_escuro, f.cor_splash, f.modelo],
    [WEBAPP_DEFAULTS.cor_texto, WEBAPP_DEFAULTS.cor_menu_claro, WEBAPP_DEFAULTS.cor_menu_escuro, WEBAPP_DEFAULTS.cor_splash, 1]);
  assert.deepEqual([f.chat, f.contador], [false, false]);
  const g = formFromApp(saved);
  assert.deepEqual([g.nome, g.email, g.modelo, g.chat, g.cor_texto, g.cor_splash], ['TV Sol', 'a@b.com', 2, true, '#112233', WEBAPP_DEFAULTS.cor_splash]);
  assert.ok(!('link' in g), 'only the form fields travel back');
});

test('the save sends every field as text, checkboxes as true/false, and only the images picked', () => {
  const logo = new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' });
  const body = appFormData({ ...formFromApp(saved), nome: '  TV Sol  ' }, { logo, background: null });
  assert.equal(body.get('nome'), 'TV Sol');
  assert.equal(body.get('modelo'), '2');
  assert.equal(body.get('chat'), 'true');
  assert.equal(body.get('contador'), 'false');
  assert.equal(body.get('cor_texto'), '#112233');
  assert.equal((body.get('logo') as File).name, 'logo.png');
  assert.equal(body.get('background'), null);
  assert.deepEqual([...new Set(body.keys())].sort(), [...Object.keys(formFromApp(null)), 'logo'].sort());
});

test("the APK request: name, version '1.0', model, and the images only when picked", () => {
  const bg = new File([new Uint8Array([9])], 'fundo.jpg', { type: 'image/jpeg' });
  const body = apkFormData(' TV Sol ', 2, { logo: null, background: bg });
  assert.deepEqual([...body.keys()], ['nome', 'versao', 'modelo', 'background']);
  assert.deepEqual([body.get('nome'), body.get('versao'), body.get('modelo')], ['TV Sol', '1.0', '2']);
});

test('an APK needs the name, a logo and a background', () => {
  assert.equal(apkReady('TV', true, true), true);
  assert.equal(apkReady('  ', true, true), false);
  assert.equal(apkReady('TV', false, true), false);
  assert.equal(apkReady('TV', true, false), false);
});

test('a notification goes only with title, icon and a message of at most 160 characters', () => {
  const icon = new File([new Uint8Array([1])], 'i.png', { type: 'image/png' });
  assert.equal(pushReady('Ao vivo', icon, 'Venha'), true);
  assert.equal(pushReady('', icon, 'Venha'), false);
  assert.equal(pushReady('Ao vivo', null, 'Venha'), false);
  assert.equal(pushReady('Ao vivo', icon, '   '), false);
  assert.equal(pushReady('Ao vivo', icon, 'x'.repeat(160)), true);
  assert.equal(pushReady('Ao vivo', icon, 'x'.repeat(161)), false);
});

test('install codes: badges and QR at the app\'s own address, linking to it, owner text escaped', () => {
  const codes = installCodes({ ...saved, nome: 'TV "Sol" <b>' }, installTexts);
  assert.equal(codes.link, saved.link);
  assert.match(codes.android, /^<a href="https:\/\/tv\.exemplo\.com\/webapp\/sol\/" target="_blank" rel="noopener"><img src="https:\/\/tv\.exemplo\.com\/webapp\/sol\/badge-android\.svg" /);
  assert.ok(codes.android.includes(`alt="${multiplatformAppTexts.badgeAndroidAlt}"`));
  assert.ok(codes.ios.includes('src="https://tv.exemplo.com/webapp/sol/badge-ios.svg"'));
  assert.ok(codes.qr.includes('src="https://tv.exemplo.com/webapp/sol/qr.svg"'));
  assert.ok(codes.qr.includes('TV &#34;Sol&#34; &#60;b&#62;'));
  assert.ok(!codes.qr.includes('<b>'));
  // an address without its final slash still names files inside the app's folder
  assert.ok(installCodes({ ...saved, link: 'https://x.com/webapp/sol' }, installTexts).android.includes('src="https://x.com/webapp/sol/badge-android.svg"'));
  assert.equal(escapeHtml(`&'`), '&#38;&#39;');
});

test('the panel loads the published app from its own origin', () => {
  assert.equal(samePath('https://tv.exemplo.com:8443/webapp/sol/'), '/webapp/sol/');
  assert.equal(samePath('http://x/webapp/sol/qr.svg?v=2'), '/webapp/sol/qr.svg?v=2');
  assert.equal(samePath('/webapp/sol/'), '/webapp/sol/');
});


test('the page follows a building APK every few seconds and stops once it ends', () => {
  assert.equal(apkPollMs({ apk_status: 'building' }), APK_POLL_MS);
  assert.ok(APK_POLL_MS <= 5_000);
  for (const s of ['none', 'done', 'error'] as const) assert.equal(apkPollMs({ apk_status: s }), false);
  assert.equal(apkPollMs(null), false);
});

test('the preview reloads after a save that changes the app, not while the APK state moves', () => {
  const key = previewKey(saved);
  assert.equal(previewKey({ ...saved, apk_status: 'building' }), key);
  assert.equal(previewKey({ ...saved, apk_criado: true, apk_zip: 'a.apk', apk_status: 'done' }), key);
  assert.notEqual(previewKey({ ...saved, nome: 'TV Lua' }), key);
  assert.notEqual(previewKey({ ...saved, url_logo: '/webapp/sol/files/m.png' }), key);
  assert.notEqual(previewKey({ ...saved, cor_splash: '#FF0000' }), key);
});
