import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGES } from './constants.ts';
import { errorText } from './errors.ts';
import { msg } from './messages.ts';
import { pickLanguage, publicTexts, publicTextsOf } from './public-texts.ts';

test('pickLanguage: the first acceptable tag of pt, en or es, by q-value; pt-BR otherwise', () => {
  assert.equal(pickLanguage(undefined), 'pt-BR');
  assert.equal(pickLanguage(''), 'pt-BR');
  assert.equal(pickLanguage('*'), 'pt-BR');
  assert.equal(pickLanguage('fr-FR,fr;q=0.9,de;q=0.8'), 'pt-BR');
  assert.equal(pickLanguage('en-US,en;q=0.9'), 'en-US');
  assert.equal(pickLanguage('en-GB'), 'en-US');
  assert.equal(pickLanguage('es-MX,es;q=0.9,en;q=0.8'), 'es-ES');
  assert.equal(pickLanguage('es-419'), 'es-ES');
  assert.equal(pickLanguage('pt-PT'), 'pt-BR');
  assert.equal(pickLanguage('PT-br'), 'pt-BR');
  assert.equal(pickLanguage('pt_BR'), 'pt-BR');
  // an unsupported language first: the next supported one
  assert.equal(pickLanguage('fr-FR,fr;q=0.9,es;q=0.8,pt;q=0.7'), 'es-ES');
  // q-values, not the order, decide; equal ones keep the order
  assert.equal(pickLanguage('pt;q=0.5,en;q=0.8'), 'en-US');
  assert.equal(pickLanguage('es;q=0.7, en;q=0.7'), 'es-ES');
  assert.equal(pickLanguage('en;q=0, es'), 'es-ES');
  assert.equal(pickLanguage('en;q=0'), 'pt-BR');
  assert.equal(pickLanguage('en; q=0.3, de'), 'en-US');
  assert.equal(pickLanguage('en;q=abc'), 'pt-BR');
  assert.equal(pickLanguage(['de', 'es-AR']), 'es-ES');
});

test('the Portuguese texts are the panel\'s own; every language has every text', () => {
  const pt = publicTexts['pt-BR'];
  assert.equal(pt.player.offline, msg.noLiveBroadcast);
  assert.equal(pt.player.loading, msg.playerLoading);
  assert.equal(pt.player.error, msg.playerLoadError);
  assert.equal(pt.player.viewerLimit, errorText('viewer_limit'));
  assert.equal(pt.player.notFound, msg.playerNotFound);
  assert.equal(pt.webapp.notFound, errorText('webapp_not_found'));
  const shape = (o: object): string[] =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? shape(v as object).map((s) => `${k}.${s}`) : [k])).sort();
  for (const lang of LANGUAGES) {
    const t = publicTextsOf(lang);
    assert.deepEqual(shape(t), shape(pt), lang);
    const texts = shape(t).map((path) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], t));
    for (const s of texts) assert.ok(typeof s === 'string' && s.trim().length > 0, lang);
  }
  assert.equal(publicTextsOf('en-US').player.offline, 'No Active Broadcast');
  assert.equal(publicTextsOf('es-ES').player.watching, 'viendo');
});

test('a suspended channel\'s pages say it is unavailable, in each language, apart from "not found"', () => {
  const expected: Record<string, string> = {
    'pt-BR': 'Este canal está indisponível no momento',
    'en-US': 'This channel is unavailable at the moment',
    'es-ES': 'Este canal no está disponible en este momento',
  };
  for (const lang of LANGUAGES) {
    const t = publicTextsOf(lang);
    assert.equal(t.player.unavailable, expected[lang], lang);
    assert.equal(t.webapp.unavailable, expected[lang], lang);
    assert.notEqual(t.player.unavailable, t.player.notFound, lang);
    assert.notEqual(t.webapp.unavailable, t.webapp.notFound, lang);
  }
});
