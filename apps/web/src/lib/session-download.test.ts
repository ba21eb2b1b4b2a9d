import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dispositionFileName } from './session-download.ts';

test("export file name: the server's Content-Disposition, the UTF-8 form first, never a path", () => {
  assert.equal(dispositionFileName('attachment; filename="espectadores_24h_2026-11-23.csv"'), 'espectadores_24h_2026-11-23.csv');
  assert.equal(dispositionFileName('attachment; filename=espectadores_7d_2026-11-23.csv'), 'espectadores_7d_2026-11-23.csv');
  assert.equal(dispositionFileName(`attachment; filename="relatorio.csv"; filename*=UTF-8''relat%C3%B3rio.csv`), 'relatório.csv');
  assert.equal(dispositionFileName('attachment; filename="../../etc/passwd"'), 'passwd');
  assert.equal(dispositionFileName('attachment'), null);
  assert.equal(dispositionFileName(null), null);
});
