import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_MENU } from '@painel/contract';
import enShell from '../../i18n/en-US/shell.ts';
import esShell from '../../i18n/es-ES/shell.ts';
import ptShell from '../../i18n/pt-BR/shell.ts';
import { groupMenu, searchKey } from './menu-search.ts';

const labels = (search: string) => groupMenu(DEFAULT_MENU, search).flatMap((g) => g.items.map((m) => m.label));

test('the menu search ignores accents and case', () => {
  assert.deepEqual(labels('video'), ['Gerenciar Vídeos', 'Conversão de Vídeos']);
  assert.deepEqual(labels('VÍDEO'), ['Gerenciar Vídeos', 'Conversão de Vídeos']);
  assert.deepEqual(labels('conversao'), ['Conversão de Vídeos']);
  assert.deepEqual(labels('configuracoes'), ['Configurações']);
  assert.deepEqual(labels('transmissao'), ['Iniciar Transmissão']);
  assert.deepEqual(labels('CONEXAO'), ['Dados de Conexão']);
});

test('an accented query still finds the accented label, and an empty query shows every visible entry', () => {
  assert.deepEqual(labels('conexão'), ['Dados de Conexão']);
  assert.equal(labels('  ').length, DEFAULT_MENU.length);
  const hidden = DEFAULT_MENU.map((m) => (m.id === 'players' ? { ...m, visible: false } : m));
  assert.equal(groupMenu(hidden, 'play').flatMap((g) => g.items).map((m) => m.label).join(), 'Playlists');
  assert.deepEqual(labels('xyz'), []);
});

test('the search key drops combining marks only', () => {
  assert.equal(searchKey(' Ação Çé '), 'acao ce');
  assert.equal(searchKey('Relay RTMP'), 'relay rtmp');
});

test('the menu is searched by its labels in the panel’s language, accents ignored', () => {
  const en = (search: string) => groupMenu(DEFAULT_MENU, search, (m) => enShell.menuLabels[m.id as keyof typeof enShell.menuLabels])
    .flatMap((g) => g.items.map((m) => m.id));
  const es = (search: string) => groupMenu(DEFAULT_MENU, search, (m) => esShell.menuLabels[m.id as keyof typeof esShell.menuLabels])
    .flatMap((g) => g.items.map((m) => m.id));
  assert.deepEqual(en('video'), ['gerenciarvideos', 'conversao-videos']);
  assert.deepEqual(en('SETTINGS'), ['configuracoes']);
  assert.deepEqual(en('configuracoes'), []);
  assert.deepEqual(es('conversion'), ['conversao-videos']);
  assert.deepEqual(es('CONFIGURACIÓN'), ['configuracoes']);
});

test('every menu entry has its label in each language, the Portuguese one exactly DEFAULT_MENU’s', () => {
  for (const item of DEFAULT_MENU) {
    assert.equal(ptShell.menuLabels[item.id as keyof typeof ptShell.menuLabels], item.label);
    assert.ok(enShell.menuLabels[item.id as keyof typeof enShell.menuLabels], item.id);
    assert.ok(esShell.menuLabels[item.id as keyof typeof esShell.menuLabels], item.id);
  }
  assert.equal(Object.keys(ptShell.menuLabels).length, DEFAULT_MENU.length);
});
