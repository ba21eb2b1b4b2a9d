import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_MENU } from '@painel/contract';
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
