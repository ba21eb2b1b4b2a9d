import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ManagedAccount } from '@painel/contract';
import { nextSort, remaining, searchAccounts, sortAccounts } from './streamings-view.ts';

let seq = 0;
const account = (over: Partial<ManagedAccount>): ManagedAccount => ({
  id: ++seq, usuario: `conta${seq}`, nome: '', email: `conta${seq}@exemplo.com`, tipo: 'streaming', bitrate: 2500,
  espectadores: 100, espaco: 1000, espaco_usado: 0, ao_vivo: false, espectadores_agora: 0, suspensa: false,
  suspensao: 'active', suspensa_pela_revenda: false, revenda_id: 1, created_at: '2026-01-01T00:00:00.000Z', ...over,
});

test('the search finds login, name and e-mail, without accents or case, every word', () => {
  const joao = account({ usuario: 'radiojoao', nome: 'Rádio São João', email: 'contato@saojoao.com.br' });
  const maria = account({ usuario: 'tvmaria', nome: 'TV Maria', email: 'maria@tv.com' });
  assert.deepEqual(searchAccounts([joao, maria], 'sao joao').map((a) => a.usuario), ['radiojoao']);
  assert.deepEqual(searchAccounts([joao, maria], 'RÁDIO').map((a) => a.usuario), ['radiojoao']);
  assert.deepEqual(searchAccounts([joao, maria], 'tv.com').map((a) => a.usuario), ['tvmaria']);
  assert.deepEqual(searchAccounts([joao, maria], 'joao maria'), []);
  assert.equal(searchAccounts([joao, maria], '  ').length, 2);
});

test('the columns sort both ways; ties keep the login order', () => {
  const a = account({ usuario: 'b', espaco_usado: 10, created_at: '2026-01-02T00:00:00.000Z' });
  const b = account({ usuario: 'a', espaco_usado: 10, created_at: '2026-01-03T00:00:00.000Z', suspensa: true, suspensao: 'suspended_by_reseller' });
  const c = account({ usuario: 'c', espaco_usado: 50, created_at: '2026-01-01T00:00:00.000Z', suspensa: true, suspensao: 'suspended_with_reseller', suspensa_pela_revenda: true });
  const d = account({ usuario: 'd', espaco_usado: 20, created_at: '2026-01-04T00:00:00.000Z', suspensa: true, suspensao: 'suspended_by_operator' });
  assert.deepEqual(sortAccounts([a, b, c], { key: 'usuario', dir: 'asc' }).map((x) => x.usuario), ['a', 'b', 'c']);
  assert.deepEqual(sortAccounts([a, b, c], { key: 'uso', dir: 'desc' }).map((x) => x.usuario), ['c', 'a', 'b']);
  assert.deepEqual(sortAccounts([a, b, c], { key: 'criada', dir: 'desc' }).map((x) => x.usuario), ['a', 'b', 'c']);
  // active, then suspended with the reseller, then by the reseller, then by the operator
  assert.deepEqual(sortAccounts([d, a, b, c], { key: 'estado', dir: 'asc' }).map((x) => x.usuario), ['b', 'c', 'a', 'd']);
});

test('clicking a column flips it; a new one starts in its natural direction', () => {
  assert.deepEqual(nextSort({ key: 'usuario', dir: 'asc' }, 'usuario'), { key: 'usuario', dir: 'desc' });
  assert.deepEqual(nextSort({ key: 'usuario', dir: 'desc' }, 'nome'), { key: 'nome', dir: 'asc' });
  assert.deepEqual(nextSort({ key: 'usuario', dir: 'asc' }, 'criada'), { key: 'criada', dir: 'desc' });
});

test('what remains of the pool counts the edited streaming\'s own plan back in', () => {
  const pool = { espectadores: 500, espectadores_usados: 300, espaco: 10_000, espaco_usado: 10_500 };
  assert.deepEqual(remaining(pool), { espectadores: 200, espaco: 0 });
  assert.deepEqual(remaining(pool, { espectadores: 100, espaco: 1000 }), { espectadores: 300, espaco: 500 });
});
