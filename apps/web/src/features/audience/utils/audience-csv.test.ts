import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AUDIENCE_CSV_COLUMNS } from '@painel/contract';
import audiencePt from '../../../i18n/pt-BR/audience.ts';
import audienceEn from '../../../i18n/en-US/audience.ts';
import { csvSeparator, parseCsv, translateAudienceCsv, watchSeconds } from './audience-csv.ts';

// the page's duration (lib/format.ts formatTimeSpan), kept here so the test needs no browser
const span = (s: number) => {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
};

const SERVER = `\uFEFF${AUDIENCE_CSV_COLUMNS.join(';')}\r\n`
  + 'abc;Brasil;São Paulo;Desktop;Chrome;12m 05s;Ativo;23/11/2026, 14:05:10\r\n'
  + `def;Estados Unidos;;Outro;"'=HYPERLINK(""x"";""y"")";2h 03m;Inativo;01/12/2026, 09:00:00\r\n`;

test('CSV: the server\'s watch times and the page\'s are read back in seconds', () => {
  assert.deepEqual(['45s', '1m 00s', '12m 05s', '2h 03m', '12:05', '2:03:17', '0:00', 'x', ''].map(watchSeconds), [45, 60, 725, 7380, 725, 7397, 0, null, null]);
});

test('CSV in pt-BR: the same header and cells, the watch time written as on the page', () => {
  const csv = translateAudienceCsv(SERVER, {
    columns: audiencePt.csvColumns, active: audiencePt.viewerActive, inactive: audiencePt.viewerInactive,
    duration: span, locale: 'pt-BR', separator: csvSeparator('pt-BR'),
  });
  assert.ok(csv.startsWith('\uFEFF'));
  const lines = csv.slice(1).trimEnd().split('\r\n');
  assert.equal(lines[0], AUDIENCE_CSV_COLUMNS.join(';'));
  assert.equal(lines[1], 'abc;Brasil;São Paulo;Desktop;Chrome;12:05;Ativo;23/11/2026, 14:05:10');
  assert.equal(lines[2], `def;Estados Unidos;;Outro;"'=HYPERLINK(""x"";""y"")";2:03:00;Inativo;01/12/2026, 09:00:00`);
});

test('CSV in en-US: header and status from the catalogue, US dates, commas between cells', () => {
  const csv = translateAudienceCsv(SERVER, {
    columns: audienceEn.csvColumns, active: audienceEn.viewerActive, inactive: audienceEn.viewerInactive,
    duration: span, locale: 'en-US', separator: csvSeparator('en-US'),
  });
  const rows = parseCsv(csv.slice(1), ',');
  assert.deepEqual(rows[0], [...audienceEn.csvColumns]);
  assert.deepEqual(rows[1], ['abc', 'Brasil', 'São Paulo', 'Desktop', 'Chrome', '12:05', 'Active', '11/23/26, 2:05:10 PM']);
  assert.deepEqual(rows[2], ['def', 'Estados Unidos', '', 'Outro', `'=HYPERLINK("x";"y")`, '2:03:00', 'Inactive', '12/1/26, 9:00:00 AM']);
  assert.equal(rows.length, 3);
});
