import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { openCore } from '../core.ts';
import { loadConfig } from '../platform/config.ts';

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

/** The data folder holds password hashes and sealed secrets: nobody but its owner may read it. */
describe('data folder and database permissions', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-perm-'));
  after(() => fs.rmSync(parent, { recursive: true, force: true }));

  for (const [what, prepare] of [
    ['a fresh installation', () => undefined],
    ['an installation made world-readable before', (dir: string) => {
      fs.mkdirSync(dir, { mode: 0o755 });
      fs.chmodSync(dir, 0o755);
      fs.writeFileSync(path.join(dir, 'painel.db'), '', { mode: 0o644 });
      fs.chmodSync(path.join(dir, 'painel.db'), 0o644);
    }],
  ] as const) {
    test(`${what}: DATA_DIR 0700, the database and its WAL files 0600`, async () => {
      const dir = path.join(parent, what.replace(/\W+/g, '-'));
      prepare(dir);
      const previous = process.umask(0o022);
      try {
        const core = await openCore(loadConfig({ DATA_DIR: dir, DATABASE_URL: '' }));
        try {
          await core.accounts.create({ email: 'perm@exemplo.com.br', password: 'senha-forte-1' });
          assert.equal(modeOf(dir), 0o700);
          for (const f of ['painel.db', 'painel.db-wal', 'painel.db-shm']) {
            assert.ok(fs.existsSync(path.join(dir, f)), `${f} existe`);
            assert.equal(modeOf(path.join(dir, f)), 0o600, f);
          }
          assert.equal(modeOf(path.join(dir, 'secrets')), 0o700);
          for (const f of fs.readdirSync(path.join(dir, 'secrets'))) assert.equal(modeOf(path.join(dir, 'secrets', f)), 0o600, f);
        } finally {
          await core.store.db.destroy();
        }
      } finally {
        process.umask(previous);
      }
    });
  }
});
