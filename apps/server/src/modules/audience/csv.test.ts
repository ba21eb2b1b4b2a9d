import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { csvCell } from './csv.ts';

describe('CSV cells', () => {
  test('a cell a spreadsheet would run as a formula starts with a single quote', () => {
    assert.equal(csvCell('=HYPERLINK("https://exemplo.com","clique")'), `"'=HYPERLINK(""https://exemplo.com"",""clique"")"`);
    assert.equal(csvCell('+55 11 99999-0000'), "'+55 11 99999-0000");
    assert.equal(csvCell('-2+3'), "'-2+3");
    assert.equal(csvCell('@SUM(A1:A2)'), "'@SUM(A1:A2)");
    assert.equal(csvCell('\t=1'), "'\t=1");
    assert.equal(csvCell('\r=1'), `"'\r=1"`);
    assert.equal(csvCell("=cmd|' /C calc'!A0"), "'=cmd|' /C calc'!A0");
  });

  test('other cells are left as they are, quoted only around ; " and line breaks', () => {
    for (const v of ['São Paulo', 'Chrome', '12m 05s', '23/11/2026, 14:05:00', '', "'já citado", 'a=b', 'e-mail']) assert.equal(csvCell(v), v);
    assert.equal(csvCell('a;b'), '"a;b"');
    assert.equal(csvCell('diz "oi"'), '"diz ""oi"""');
    assert.equal(csvCell('linha\nnova'), '"linha\nnova"');
  });
});
