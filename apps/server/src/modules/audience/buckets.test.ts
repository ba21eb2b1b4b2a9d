import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOUR_MS, hourKey, hourStart, parsePlace, placeKey, spread } from './buckets.ts';
import { countryName, describeAgent, locate } from '../viewers/client-info.ts';

const at = (s: string) => Date.parse(s);

test('a viewing spreads over the hours it reached, with the seconds watched in each', () => {
  // 10:50 for 25 minutes: 10 minutes in the 10 o'clock hour, 15 in the next
  assert.deepEqual(spread(at('2026-11-23T10:50:00Z'), 1500, HOUR_MS), [[at('2026-11-23T10:00:00Z'), 600], [at('2026-11-23T11:00:00Z'), 900]]);
  // a viewing of no time at all still counts where it began
  assert.deepEqual(spread(at('2026-11-23T10:50:00Z'), 0, HOUR_MS), [[at('2026-11-23T10:00:00Z'), 0]]);
  // ending exactly on the hour does not reach the next one
  assert.deepEqual(spread(at('2026-11-23T10:30:00Z'), 1800, HOUR_MS).length, 1);
  // a player left open for months is spread over a bounded number of buckets
  assert.equal(spread(0, 200 * 86_400, HOUR_MS).length, 24 * 45);
  assert.equal(hourKey(at('2026-11-23T10:59:59.999Z')), '2026-11-23T10');
  assert.equal(hourStart('2026-11-23T10'), at('2026-11-23T10:00:00Z'));
});

test('a place survives its key', () => {
  const p = { codigo_pais: 'BR', cidade: 'São Paulo', latitude: -23.5747, longitude: -46.6409 };
  assert.deepEqual(parsePlace(placeKey(p)), p);
  const none = { codigo_pais: '', cidade: '', latitude: null, longitude: null };
  assert.deepEqual(parsePlace(placeKey(none)), none);
});

test('devices, browsers and players as the list names them; places of public and private addresses', () => {
  assert.deepEqual(describeAgent('Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36'),
    { dispositivo: 'Celular', navegador: 'Chrome' });
  assert.deepEqual(describeAgent('VLC/3.0.18 LibVLC/3.0.18'), { dispositivo: 'Outro', navegador: 'VLC' });
  assert.deepEqual(describeAgent('Lavf/60.16.100'), { dispositivo: 'Outro', navegador: 'FFmpeg' });
  assert.deepEqual(describeAgent(''), { dispositivo: 'Outro', navegador: 'Desconhecido' });
  assert.deepEqual(locate('::ffff:177.71.128.10'), { codigo_pais: 'BR', cidade: 'São Paulo', latitude: -23.5747, longitude: -46.6409 });
  assert.deepEqual(locate('10.0.0.1'), { codigo_pais: '', cidade: '', latitude: null, longitude: null });
  assert.deepEqual(['BR', 'US', 'ZA', ''].map(countryName), ['Brasil', 'Estados Unidos', 'África do Sul', 'Desconhecido']);
});
