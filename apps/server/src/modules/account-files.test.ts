import assert from 'node:assert/strict';
import { test } from 'node:test';
import { modules } from './index.ts';

/**
 * What the modules declare they keep for an account (module.ts, AccountFileSet): deleting an
 * account removes all of it, a move carries the 'carried' sets and a backup their folders; the
 * 'local' ones are made again (or finished) on the server they are on. A module that keeps files
 * and forgot to declare them is what this list would miss.
 */
test('every file set an account has, with what a move and a backup do with it', () => {
  const sets = modules.flatMap((m) => (m.accountFiles ?? []).map((s) => `${m.name}: ${s.name} in ${s.root}/, ${s.kind}`)).sort();
  assert.deepEqual(sets, [
    'android-app: apk in apps/, carried',
    'fallback: slate in fallback/, local',
    'library: library in storage/, carried',
    'players: logos in logos/, carried',
    'playout: playout in playout/, local',
    'recordings: recording parts in storage/, local',
    'streaming: hls in hls/, local',
    'webapp: webapp in apps/, carried',
  ]);
});
