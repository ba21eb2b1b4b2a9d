import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  formatBitrate, formatBytes, formatClock, formatDuration, formatMegabytes, formatMinute, formatNumber, formatPercent, formatTimeSpan,
} from './format.ts';
import { currentLocale, setCurrentLocale } from './locale.ts';

const MB = 1024 * 1024;
// es-ES puts a no-break space before the percent sign
const NBSP = '\u00a0';

test('the panel writes figures in pt-BR unless told otherwise', () => {
  assert.equal(currentLocale(), 'pt-BR');
  assert.equal(formatBytes(1.03 * MB), '1,03 MB');
  setCurrentLocale('en-US');
  try {
    assert.equal(formatBytes(1.03 * MB), '1.03 MB');
    assert.equal(formatBitrate(2500), '2500 kbps');
  } finally {
    setCurrentLocale('pt-BR');
  }
  assert.equal(formatBytes(1.03 * MB), '1,03 MB');
});

test('sizes step by 1024 up to GB with at most two decimals, in each locale', () => {
  const cases: [number, string, string, string][] = [
    [0, '0 B', '0 B', '0 B'],
    [1023, '1023 B', '1023 B', '1023 B'],
    [1536, '1,5 KB', '1.5 KB', '1,5 KB'],
    [1.03 * MB, '1,03 MB', '1.03 MB', '1,03 MB'],
    [1000 * MB, '1000 MB', '1000 MB', '1000 MB'],
    [1649 * MB, '1,61 GB', '1.61 GB', '1,61 GB'],
    [12_500 * 1024 * MB, '12.500 GB', '12,500 GB', '12.500 GB'],
  ];
  for (const [bytes, ptBR, enUS, esES] of cases) {
    assert.equal(formatBytes(bytes, 'pt-BR'), ptBR, `pt-BR ${bytes}`);
    assert.equal(formatBytes(bytes, 'en-US'), enUS, `en-US ${bytes}`);
    assert.equal(formatBytes(bytes, 'es-ES'), esES, `es-ES ${bytes}`);
  }
});

test('a size that rounds up to 1024 of a unit is written in the next one', () => {
  assert.equal(formatBytes(1024 * 1024 - 1, 'pt-BR'), '1 MB');
  assert.equal(formatBytes(1023.99 * 1024, 'pt-BR'), '1023,99 KB');
});

test('absent or broken sizes read as zero', () => {
  for (const v of [null, undefined, Number.NaN, -5, Number.POSITIVE_INFINITY]) assert.equal(formatBytes(v, 'pt-BR'), '0 B');
});

test('megabytes switch to GB instead of growing a thousands separator', () => {
  assert.equal(formatMegabytes(1649, 'pt-BR'), '1,61 GB');
  assert.equal(formatMegabytes(1649, 'en-US'), '1.61 GB');
  assert.equal(formatMegabytes(1649, 'es-ES'), '1,61 GB');
  assert.equal(formatMegabytes(1.03, 'pt-BR'), '1,03 MB');
  assert.equal(formatMegabytes(1000, 'pt-BR'), '1000 MB');
  assert.equal(formatMegabytes(0, 'pt-BR'), '0 B');
  assert.equal(formatMegabytes(16_384, 'pt-BR'), '16 GB');
});

test('bitrates are whole kbps, never grouped', () => {
  for (const locale of ['pt-BR', 'en-US', 'es-ES']) {
    assert.equal(formatBitrate(0, locale), '0 kbps');
    assert.equal(formatBitrate(2500, locale), '2500 kbps');
    assert.equal(formatBitrate(1499.6, locale), '1500 kbps');
    assert.equal(formatBitrate(20_000, locale), '20000 kbps');
  }
});

test('plain figures group from five digits on', () => {
  assert.equal(formatNumber(0, 0, 'pt-BR'), '0');
  assert.equal(formatNumber(1234, 0, 'pt-BR'), '1234');
  assert.equal(formatNumber(1_234_567, 0, 'pt-BR'), '1.234.567');
  assert.equal(formatNumber(1_234_567, 0, 'en-US'), '1,234,567');
  assert.equal(formatNumber(1_234_567, 0, 'es-ES'), '1.234.567');
  assert.equal(formatNumber(2.345, 1, 'pt-BR'), '2,3');
  assert.equal(formatNumber(2.345, 1, 'en-US'), '2.3');
});

test('percentages are given from 0 to 100 and written by the locale', () => {
  assert.equal(formatPercent(0, 0, 'pt-BR'), '0%');
  assert.equal(formatPercent(45.67, 0, 'pt-BR'), '46%');
  assert.equal(formatPercent(45.67, 1, 'pt-BR'), '45,7%');
  assert.equal(formatPercent(45.67, 1, 'en-US'), '45.7%');
  assert.equal(formatPercent(45.67, 1, 'es-ES'), `45,7${NBSP}%`);
  assert.equal(formatPercent(100, 0, 'en-US'), '100%');
  assert.equal(formatPercent(100, 0, 'es-ES'), `100${NBSP}%`);
});

test('durations are m:ss, or h:mm:ss from one hour on, in every locale', () => {
  for (const locale of ['pt-BR', 'en-US', 'es-ES']) {
    assert.equal(formatTimeSpan(0, locale), '0:00');
    assert.equal(formatTimeSpan(45, locale), '0:45');
    assert.equal(formatTimeSpan(725, locale), '12:05');
    assert.equal(formatTimeSpan(3600, locale), '1:00:00');
    assert.equal(formatTimeSpan(7380.9, locale), '2:03:00');
    assert.equal(formatDuration(65, locale), '1:05');
  }
});

test('a media duration that is absent or zero reads N/A', () => {
  for (const v of [null, undefined, 0, -1, Number.NaN]) assert.equal(formatDuration(v, 'pt-BR'), 'N/A');
});

test('uptimes are HH:MM:SS and the hours keep counting past 99', () => {
  assert.equal(formatClock(0, 'pt-BR'), '00:00:00');
  assert.equal(formatClock(3725, 'en-US'), '01:02:05');
  assert.equal(formatClock(100 * 3600 + 1, 'es-ES'), '100:00:01');
  assert.equal(formatClock(-3, 'pt-BR'), '00:00:00');
});

test('a minute is written as the language writes a short date and time, in the given time zone', () => {
  assert.equal(formatMinute('2026-01-05T03:07:00.000Z', 'America/Sao_Paulo', 'pt-BR'), '05/01/2026 00:07');
  assert.match(formatMinute('2026-01-05T15:30:00.000Z', 'UTC', 'en-US'), /^01\/05\/2026 03:30\sPM$/);
  assert.equal(formatMinute('2026-01-05T15:30:00.000Z', 'UTC', 'es-ES'), '05/01/2026 15:30');
  assert.equal(formatMinute('nada', 'UTC', 'pt-BR'), '');
});
