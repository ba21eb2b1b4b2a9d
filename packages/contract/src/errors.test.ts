import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { errorHasValues, errorStatus, errorText, isServerErrorCode, serverErrors, type ServerErrorCode } from './errors.ts';

const codes = Object.keys(serverErrors) as ServerErrorCode[];
/** Values for any message: a list where one is expected (the schemes of an address), a text otherwise. */
const anyValues = new Proxy({}, { get: (_t, key) => (key === 'schemes' ? ['rtmp'] : '7') });

test('every code is lower_snake_case, with an HTTP error status and a non-empty Portuguese message', () => {
  assert.ok(codes.length > 100);
  for (const code of codes) {
    assert.match(code, /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, code);
    assert.ok(Number.isInteger(errorStatus(code)) && errorStatus(code) >= 400 && errorStatus(code) <= 599, code);
    const text = (errorText as (c: ServerErrorCode, v?: unknown) => string)(code, errorHasValues(code) ? anyValues : undefined);
    assert.equal(typeof text, 'string', code);
    assert.ok(text.trim().length > 0, code);
    assert.ok(!text.includes('undefined'), `${code}: ${text}`);
  }
});

test('a message with values is built from them', () => {
  assert.equal(errorText('booking_limit', { max: 3 }), 'Limite de agendamentos do plano atingido (3). Remova um agendamento para criar outro.');
  assert.equal(errorText('outbound_invalid_url', { schemes: ['rtmp', 'rtmps'] }), 'Endereço inválido: use um endereço rtmp:// ou rtmps:// completo');
  assert.equal(errorText('conversion_bitrate_range', { max: 2000 }), 'O bitrate personalizado deve estar entre 500 e 2000 kbps');
  assert.equal(errorText('job_failed', { reason: 'disco cheio' }), 'disco cheio');
});

test('only the catalogue\'s own codes are codes', () => {
  assert.ok(isServerErrorCode('booking_not_found'));
  for (const other of ['toString', 'constructor', '__proto__', 'BOOKING_NOT_FOUND', '', 7, null]) assert.ok(!isServerErrorCode(other), String(other));
});

test('every code a contract schema refuses with is a 400: the server answers a refused input with its status', () => {
  const dir = import.meta.dirname;
  const used = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'coded.ts')) {
    for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/\bcoded(?:Issue)?\('([a-z0-9_]+)'/g)) used.add(m[1]!);
  }
  assert.ok(used.size > 30, `${used.size} codes`);
  for (const code of used) {
    assert.ok(isServerErrorCode(code), code);
    assert.equal(errorStatus(code), 400, code);
  }
});

test('a media process\'s reasons: one text each (messages.ts reads the codes), and a program\'s output is itself in every language', async () => {
  const { msg } = await import('./messages.ts');
  const { serverErrorTexts: enUS } = await import('./server-errors/en-US.ts');
  const { serverErrorTexts: esES } = await import('./server-errors/es-ES.ts');
  assert.equal(msg.processFailed, errorText('process_failed'));
  assert.equal(msg.liveRefused, errorText('live_refused'));
  assert.equal(msg.playlistAllBroken, errorText('playlist_all_broken'));
  assert.equal(msg.relayGaveUp(60), errorText('relay_gave_up', { minutes: 60 }));
  assert.equal(msg.processInvalidData, 'Não foi possível iniciar o processo: dados inválidos');
  assert.equal(errorText('process_invalid_data', { detalhe: 'EINVAL' }), 'Não foi possível iniciar o processo: dados inválidos (EINVAL)');
  const detalhe = 'playout 3 terminou (código 1): [concat @ 0x1] Impossible to open video.mp4';
  for (const texts of [enUS, esES]) assert.equal(texts.process_output({ detalhe }), detalhe);
  assert.equal(errorText('process_output', { detalhe }), detalhe);
  assert.equal(enUS.relay_gave_up({ minutes: 1 }), 'The relay source didn’t respond for 1 minute; the relay was deactivated');
});
