import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorText } from '@painel/contract';
import { serverErrorTexts as enUS } from '@painel/contract/server-errors/en-US';
import { serverErrorTexts as esES } from '@painel/contract/server-errors/es-ES';
import { processErrorMessage } from './api-client.ts';

/**
 * Why a live, the playlist on air or a relay ended in error or keeps failing, as the API answers it
 * (its Portuguese text, code and values): shown as it comes in pt-BR, in the panel's language otherwise.
 */
const output = 'restream 7 terminou (código 1): rtmp://a.rtmp.youtube.com/live2/****: Input/output error';

test('in pt-BR (no translations) the server\'s text is shown exactly as it comes', () => {
  assert.equal(processErrorMessage(errorText('live_refused'), 'live_refused', null), errorText('live_refused'));
  assert.equal(processErrorMessage(errorText('live_limit_running', { max: 2 }), 'live_limit_running', { max: 2 }), errorText('live_limit_running', { max: 2 }));
  assert.equal(processErrorMessage(output, 'process_output', { detalhe: output }), output);
});

test('in another language, the code\'s message written from its values; a program\'s own output stays as it was written', () => {
  assert.equal(processErrorMessage(errorText('live_refused'), 'live_refused', null, enUS), enUS.live_refused);
  assert.equal(processErrorMessage(errorText('relay_gave_up', { minutes: 60 }), 'relay_gave_up', { minutes: 60 }, esES), esES.relay_gave_up({ minutes: 60 }));
  assert.match(processErrorMessage(errorText('relay_gave_up', { minutes: 60 }), 'relay_gave_up', { minutes: 60 }, enUS), /didn’t respond for 60 minutes/);
  assert.equal(processErrorMessage(output, 'process_output', { detalhe: output }, enUS), output);
  assert.equal(processErrorMessage(output, 'process_output', { detalhe: output }, esES), output);
});

test('no code, a code this panel does not know, or a message without its values: the server\'s text', () => {
  assert.equal(processErrorMessage('Falhou', null, null, enUS), 'Falhou');
  assert.equal(processErrorMessage('Falhou', 'some_future_code', null, enUS), 'Falhou');
  assert.equal(processErrorMessage('Falhou', 'relay_gave_up', null, enUS), 'Falhou');
});
