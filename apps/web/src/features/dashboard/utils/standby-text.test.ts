import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileTexts } from '../../../i18n/compile.ts';
import english from '../../../i18n/en-US/dashboard.ts';
import { standbyText } from './standby-text.ts';

const texts = compileTexts(english, 'en-US');
const status = (sinal_reserva: { tipo: 'imagem' | 'playlist'; no_ar: boolean } | null, playlist_nome: string | null = null) => ({
  sinal_reserva, transmission: { playlist_nome },
});

test('standby: on air it names the slate, or the playlist the status gives', () => {
  assert.deepEqual(standbyText(status({ tipo: 'imagem', no_ar: true }), texts), { onAir: true, text: texts.standbyOnAirImage });
  assert.deepEqual(
    standbyText(status({ tipo: 'playlist', no_ar: true }, 'Programação da Manhã'), texts),
    { onAir: true, text: texts.standbyOnAirPlaylist({ name: 'Programação da Manhã' }) },
  );
  assert.match(texts.standbyOnAirPlaylist({ name: 'Programação da Manhã' }), /Programação da Manhã/);
  // a playlist whose name the status does not give yet
  assert.deepEqual(standbyText(status({ tipo: 'playlist', no_ar: true }), texts), { onAir: true, text: texts.standbyOnAir });
});

test('standby: armed behind OBS a small line; none, nothing', () => {
  assert.deepEqual(standbyText(status({ tipo: 'imagem', no_ar: false }), texts), { onAir: false, text: texts.standbyArmed });
  assert.deepEqual(standbyText(status({ tipo: 'playlist', no_ar: false }, 'Manhã'), texts), { onAir: false, text: texts.standbyArmed });
  assert.equal(standbyText(status(null), texts), null);
  assert.equal(standbyText({ sinal_reserva: null, transmission: null }, texts), null);
});
