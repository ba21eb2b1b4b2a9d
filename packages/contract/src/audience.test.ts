import assert from 'node:assert/strict';
import { test } from 'node:test';
import { audienceCsvName, audienceHistoryQuery, audienceQuery, formatWatchTime, relativeTime, viewerStatus } from './audience.ts';

test('relative times: Agora under a minute, then minutes, hours and days ago', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const ago = (s: number) => relativeTime(new Date(now - s * 1000).toISOString(), now);
  assert.deepEqual([ago(0), ago(59), ago(60), ago(3599), ago(3600), ago(86_399), ago(86_400), ago(3 * 86_400)],
    ['Agora', 'Agora', 'há 1 min', 'há 59 min', 'há 1 h', 'há 23 h', 'há 1 dia', 'há 3 dias']);
});

test('watch times, statuses and the CSV file name as the list and the export show them', () => {
  assert.deepEqual([0, 45, 60, 725, 3600, 7380].map(formatWatchTime), ['0s', '45s', '1m 00s', '12m 05s', '1h 00m', '2h 03m']);
  assert.deepEqual([viewerStatus(true), viewerStatus(false)], ['Ativo', 'Inativo']);
  assert.equal(audienceCsvName('7d', new Date('2026-11-23T15:00:00Z')), 'espectadores_7d_2026-11-23.csv');
});

test('periods: 24h by default; anything else is refused with the Portuguese message', () => {
  assert.equal(audienceQuery.parse({}).periodo, '24h');
  const bad = audienceQuery.safeParse({ periodo: '2h' });
  assert.ok(!bad.success && bad.error.issues[0]!.message.startsWith('Período inválido'));
  assert.ok(!audienceHistoryQuery.safeParse({ periodo: '1h', intervalo: '1d' }).success);
});
