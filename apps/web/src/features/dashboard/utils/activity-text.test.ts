import assert from 'node:assert/strict';
import { test } from 'node:test';
import { msg } from '@painel/contract';
import english from '../../../i18n/en-US/messages.ts';
import { activityText } from './activity-text.ts';

const dateTime = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');
const item = (tipo: string, detalhe: string, descricao = 'como o servidor escreveu') => ({ tipo, detalhe, descricao });

test('activity: written from its kind and detail in the panel\'s language', () => {
  assert.equal(activityText(item('transmission_started', 'Culto: domingo'), english, dateTime), english.activityTransmissionStarted('Culto: domingo'));
  assert.equal(activityText(item('publish_refused', '203.0.113.9'), english, dateTime), english.activityPublishRefused('203.0.113.9'));
  assert.equal(activityText(item('key_regenerated', ''), english, dateTime), english.activityKeyRegenerated);
  assert.equal(activityText(item('live_scheduled', 'YouTube|2030-01-15T13:00:00.000Z'), english, dateTime), english.liveActivityScheduled('YouTube', '2030-01-15 13:00'));
  // in pt-BR the same messages give the server's own sentences
  assert.equal(activityText(item('logo_added', 'logo.png'), msg, dateTime), 'Logo adicionado: logo.png');
  assert.equal(activityText(item('live_started', 'Twitch'), msg, dateTime), msg.liveActivityStarted('Twitch'));
});

test('activity: a kind the panel does not know, or an older whole-sentence event, is shown as the server wrote it', () => {
  assert.equal(activityText(item('something_new', 'x', 'Algo novo'), english, dateTime), 'Algo novo');
  assert.equal(activityText(item('live_registered', 'Live iniciada em YouTube', 'Live iniciada em YouTube'), english, dateTime), 'Live iniciada em YouTube');
  assert.equal(activityText(item('live_scheduled', 'sem data', 'Live agendada'), english, dateTime), 'Live agendada');
});
