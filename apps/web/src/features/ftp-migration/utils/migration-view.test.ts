import assert from 'node:assert/strict';
import { test } from 'node:test';
import { msg } from '@painel/contract';
import { breadcrumbs, errorSummary, parentPath, readMigration } from './migration-view.ts';

test('the progress popup lists the first 5 errors and counts the rest', () => {
  const errors = Array.from({ length: 8 }, (_, i) => `arquivo${i}.mp4: não é um arquivo de vídeo`);
  assert.deepEqual(errorSummary(errors, msg.ftpMoreErrors), { shown: errors.slice(0, 5), more: msg.ftpMoreErrors(3) });
  assert.equal(msg.ftpMoreErrors(3), 'e mais 3 erro(s)');
  assert.deepEqual(errorSummary(errors.slice(0, 5), msg.ftpMoreErrors), { shown: errors.slice(0, 5), more: null });
});

test('the breadcrumb opens each directory on the way down; the parent of the root is the root', () => {
  assert.deepEqual(breadcrumbs('/', 'Raiz'), [{ label: 'Raiz', path: '/' }]);
  assert.deepEqual(breadcrumbs('/videos/temporada 1', 'Raiz').map((c) => c.path), ['/', '/videos', '/videos/temporada 1']);
  assert.equal(parentPath('/videos/temporada 1'), '/videos');
  assert.equal(parentPath('/videos'), '/');
  assert.equal(parentPath('/'), '/');
});

test('a followed migration ends once, with its outcome; an old one found on arrival is not news', () => {
  const running = { id: 7, migrating: true, status: 'migrating', migrated: 1, errors: [] } as const;
  assert.deepEqual(readMigration(null, running), { follow: 7, outcome: null });
  assert.deepEqual(readMigration(7, { ...running, migrating: false, status: 'completed', migrated: 3, errors: ['x.mp4: não é um arquivo de vídeo'] }), {
    follow: null, outcome: { kind: 'completed', migrated: 3, refused: 1 },
  });
  assert.deepEqual(readMigration(7, { ...running, migrating: false, status: 'error' }), { follow: null, outcome: { kind: 'error' } });
  // cancelled: the status now speaks of an older migration
  const older = { id: 5, migrating: false, status: 'completed', migrated: 2, errors: [] } as const;
  assert.deepEqual(readMigration(7, older), { follow: null, outcome: { kind: 'ended' } });
  assert.deepEqual(readMigration(null, older), { follow: null, outcome: null });
});
