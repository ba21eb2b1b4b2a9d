import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatZoned, parseZoned } from './zoned-time.ts';

test('wall-clock times of the account zone, both ways', () => {
  const sp = 'America/Sao_Paulo';
  assert.equal(new Date(parseZoned('23/11/2026 20:00', sp)!).toISOString(), '2026-11-23T23:00:00.000Z');
  assert.equal(formatZoned('2026-11-23T23:00:00.000Z', sp), '23/11/2026 20:00');
  // New York switches to daylight time on 8 March 2026: 02:30 does not exist, 03:30 is UTC-4
  const ny = 'America/New_York';
  assert.equal(new Date(parseZoned('08/03/2026 01:30', ny)!).toISOString(), '2026-03-08T06:30:00.000Z');
  assert.equal(parseZoned('08/03/2026 02:30', ny), null);
  assert.equal(new Date(parseZoned('08/03/2026 03:30', ny)!).toISOString(), '2026-03-08T07:30:00.000Z');
  assert.equal(new Date(parseZoned('01/07/2026 12:00', 'Europe/London')!).toISOString(), '2026-07-01T11:00:00.000Z');
  for (const bad of ['31/02/2026 10:00', '2026-11-23 20:00', '23/11/2026 24:00', '23/11/2026', '', '1/1/2026 10:00']) {
    assert.equal(parseZoned(bad, sp), null, bad);
  }
});
