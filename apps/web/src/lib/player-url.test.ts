import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildPlayerUrl } from './player-url.ts';

before(() => {
  // the panel's origin, as a browser page has it
  (globalThis as { window?: unknown }).window = { location: { origin: 'http://painel.exemplo.com.br' } };
});

test("the owner's preview grant goes into the panel's own player address, and only there", () => {
  const source = { login: 'ana', stream: 'ana_live', player: 'hlsjs' as const, contador: false };
  const preview = new URL(buildPlayerUrl({ ...source, previa: '1712345678.abc-_' })!);
  assert.equal(preview.pathname, '/api/player-port/iframe');
  assert.equal(preview.searchParams.get('previa'), '1712345678.abc-_');
  assert.equal(preview.searchParams.get('stream'), 'ana_live');
  // no grant (not loaded, or refused): a plain address, even over a base that had one
  assert.equal(new URL(buildPlayerUrl(source)!).searchParams.has('previa'), false);
  const base = 'http://tv.exemplo.com.br:3001/api/player-port/iframe?login=ana&stream=ana_live&previa=1.x';
  assert.equal(new URL(buildPlayerUrl(source, base)!).searchParams.has('previa'), false);
});
