import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ANDROID_DEFAULTS, type AndroidConfig } from '@painel/contract';
import { BUILD_POLL_MS, androidFormData, appsPollMs, configFields, emptyConfig, statusTone } from './android-view.ts';

test('the list reloads every 3 s while an app is being built, and stops once all ended', () => {
  assert.equal(BUILD_POLL_MS, 3000);
  assert.equal(appsPollMs([{ status: 1 }, { status: 0 }]), 3000);
  assert.equal(appsPollMs([{ status: 1 }, { status: 2 }]), false);
  assert.equal(appsPollMs([]), false);
  assert.equal(appsPollMs(undefined), false);
});

test('status colours: Concluído green, Erro red, anything else yellow', () => {
  assert.deepEqual([statusTone(1), statusTone(2), statusTone(0), statusTone(7)], ['green', 'red', 'yellow', 'yellow']);
});


test('a saved configuration fills the forms; a new account starts from the defaults', () => {
  assert.equal(emptyConfig().versao, ANDROID_DEFAULTS.versao);
  assert.equal(emptyConfig().tema, ANDROID_DEFAULTS.tema);
  assert.equal(emptyConfig().app_tela_inicial, 1);
  const saved: AndroidConfig = {
    ...emptyConfig(), webtv_nome: 'TV Cidade', versao: '1.3', app_tela_inicial: 2, chat: true,
    app_url_chat: '/webapp/tv/chat', url_logo: '/l.png', url_icone: '/i.png', url_fundo: '/f.jpg',
  };
  const fields = configFields(saved);
  assert.deepEqual([fields.webtv_nome, fields.versao, fields.app_tela_inicial, fields.chat], ['TV Cidade', '1.3', 2, true]);
  assert.equal('url_logo' in fields, false);
  assert.deepEqual(configFields(null), emptyConfig());
});

test('the multipart body: every field as text before the files, colours upper case, only picked files', () => {
  const logo = new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' });
  const form = androidFormData({ ...emptyConfig(), webtv_nome: 'TV', app_cor_texto: '#ff00aa', chat: true }, { logo, fundo: null }, { login: 'tv' });
  const keys = [...form.keys()];
  assert.equal(keys.at(-1), 'logo');
  assert.equal(keys.includes('fundo'), false);
  assert.ok(keys.indexOf('login') < keys.indexOf('logo'));
  assert.equal(form.get('webtv_nome'), 'TV');
  assert.equal(form.get('app_cor_texto'), '#FF00AA');
  assert.equal(form.get('chat'), 'true');
  assert.equal(form.get('app_tela_inicial'), '1');
  assert.equal((form.get('logo') as File).name, 'logo.png');
});
