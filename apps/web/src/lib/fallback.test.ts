import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorText, FALLBACK_TEXT_MAX } from '@painel/contract';
import { ApiError } from './api-client.ts';
import { fallbackBodyOf, fallbackErrorField } from './fallback.ts';

const draft = (tipo: 'nenhum' | 'imagem' | 'playlist', codigo_playlist: number | null = null, texto = 'Voltamos já') => ({ tipo, codigo_playlist, texto });

test('a save sends only what its kind uses: the slate\'s text, or the playlist', () => {
  assert.deepEqual(fallbackBodyOf(draft('nenhum', 7)), { ok: true, body: { tipo: 'nenhum' } });
  assert.deepEqual(fallbackBodyOf(draft('imagem', 7, '  Já voltamos  ')), { ok: true, body: { tipo: 'imagem', texto: 'Já voltamos' } });
  assert.deepEqual(fallbackBodyOf(draft('playlist', 7)), { ok: true, body: { tipo: 'playlist', codigo_playlist: 7 } });
  // an empty text is sent as such: the server then writes its default on the slate
  assert.deepEqual(fallbackBodyOf(draft('imagem', null, '')), { ok: true, body: { tipo: 'imagem', texto: '' } });
});

test('a save the contract refuses names its field, with the server\'s message', () => {
  assert.deepEqual(fallbackBodyOf(draft('playlist')), { ok: false, field: 'codigo_playlist', message: errorText('fallback_playlist_required') });
  assert.deepEqual(
    fallbackBodyOf(draft('imagem', null, 'x'.repeat(FALLBACK_TEXT_MAX + 1))),
    { ok: false, field: 'texto', message: errorText('fallback_text_too_long') },
  );
  // a long text matters only for the slate
  assert.equal(fallbackBodyOf(draft('nenhum', null, 'x'.repeat(FALLBACK_TEXT_MAX + 1))).ok, true);
});

test('the server\'s refusals of a save show under their field; the others are a toast', () => {
  const refusal = (status: number, code: string) => new ApiError(status, 'texto', false, code as never);
  assert.equal(fallbackErrorField(refusal(400, 'fallback_text_too_long')), 'texto');
  assert.equal(fallbackErrorField(refusal(400, 'fallback_playlist_required')), 'codigo_playlist');
  assert.equal(fallbackErrorField(refusal(404, 'playlist_not_found')), 'codigo_playlist');
  assert.equal(fallbackErrorField(refusal(422, 'playlist_empty')), 'codigo_playlist');
  assert.equal(fallbackErrorField(refusal(500, 'fallback_slate_failed')), null);
  assert.equal(fallbackErrorField(new Error('rede')), null);
});
