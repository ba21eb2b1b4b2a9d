import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { defaultEnvFile, parseEnvFile, renderUnits, ServiceError } from './service.ts';

const script = path.join(import.meta.dirname, 'service.ts');
const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => fs.existsSync(p));

/** Splits --print's output ("# /etc/systemd/system/NAME" then the unit) into files named like the units. */
function writeUnits(printed: string, dir: string): Record<string, string> {
  const units: Record<string, string> = {};
  let name: string | null = null;
  for (const line of printed.split('\n')) {
    const m = /^# \/etc\/systemd\/system\/(painel-[a-z]+\.service)$/.exec(line);
    if (m) name = m[1]!;
    else if (name) units[name] = `${units[name] ?? ''}${line}\n`;
  }
  for (const [n, text] of Object.entries(units)) fs.writeFileSync(path.join(dir, n), text);
  return units;
}

describe('./painel install-service --print', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-service-'));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const dataDir = path.join(tmp, 'data');
  const sqliteDir = path.join(tmp, 'db');
  const envFile = path.join(tmp, 'painel.env');
  fs.writeFileSync(envFile, `# test\nDATA_DIR=${dataDir}\nDATABASE_URL="sqlite:${sqliteDir}/painel.db"\n`);

  const printed = spawnSync(process.execPath, [script, 'install-service', '--print', '--env-file', envFile], { encoding: 'utf8' });
  const unitDir = fs.mkdtempSync(path.join(tmp, 'units-'));
  const units = writeUnits(printed.stdout, unitDir);

  test('prints an API unit and a worker unit, unprivileged, restarted on failure, hardened', () => {
    assert.equal(printed.status, 0, printed.stderr);
    assert.deepEqual(Object.keys(units).sort(), ['painel-api.service', 'painel-worker.service']);
    const root = path.resolve(import.meta.dirname, '../../../..');
    for (const [name, entry] of [['painel-api.service', 'main.ts'], ['painel-worker.service', 'worker.ts']] as const) {
      const lines = units[name]!.split('\n');
      for (const want of [
        'User=painel', 'Group=painel', `EnvironmentFile=${envFile}`, `Environment=DATA_DIR=${dataDir}`, 'Restart=on-failure',
        `ExecStart=${process.execPath} ${root}/apps/server/src/${entry}`, 'NoNewPrivileges=yes', 'ProtectSystem=strict',
        `ReadWritePaths=${dataDir} ${sqliteDir}`, 'ProtectHome=yes', 'PrivateTmp=yes', 'CapabilityBoundingSet=', 'WantedBy=multi-user.target',
      ]) assert.ok(lines.includes(want), `${name} lacks ${want}`);
    }
    // a crashed worker's nginx (and its encoders) outlives it: systemd signals the worker alone
    assert.ok(units['painel-worker.service']!.includes('\nKillMode=process\n'));
    // printing writes nothing: the environment file stays as it was
    assert.equal(fs.readFileSync(envFile, 'utf8').startsWith('# test\n'), true);
  });

  test('systemd-analyze verify accepts both units without a warning', { skip: analyze ? false : 'systemd-analyze não está instalado (pacote Debian systemd)' }, () => {
    const r = spawnSync(analyze!, ['verify', '--man=no', ...Object.keys(units).map((n) => path.join(unitDir, n))], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    // unknown keys and bad values are only warnings (exit 0): any line about our units fails the test
    assert.equal(r.stderr.trim(), '', r.stderr);
  });
});

describe('renderUnits', () => {
  const base = { nodeBin: '/usr/bin/node', envFile: '/etc/painel/painel.env', dataDir: '/var/lib/painel' };

  test('an installation in /home gets ProtectHome=read-only and says so', () => {
    const u = renderUnits({ ...base, root: '/home/ana/painel' });
    assert.match(u.api, /^ProtectHome=read-only$/m);
    assert.doesNotMatch(u.api, /^ProtectHome=yes$/m);
    assert.equal(u.notes.length, 1);
    assert.match(u.notes[0]!, /\/home\/ana\/painel/);
    const elsewhere = renderUnits({ ...base, root: '/opt/painel' });
    assert.match(elsewhere.worker, /^ProtectHome=yes$/m);
    assert.deepEqual(elsewhere.notes, []);
  });

  test('refuses paths a unit file would misread (spaces, specifiers, expansions)', () => {
    for (const bad of ['/opt/meu painel', '/opt/50%', '/opt/$HOME', 'relativo']) {
      assert.throws(() => renderUnits({ ...base, root: '/opt/painel', dataDir: bad.startsWith('/') ? bad : '/x', nodeBin: bad.startsWith('/') ? '/usr/bin/node' : bad }), ServiceError);
    }
  });

  test('the default environment file puts the data in /var/lib/painel and logs requests', () => {
    const env = parseEnvFile(defaultEnvFile());
    assert.equal(env.DATA_DIR, '/var/lib/painel');
    assert.equal(env.LOG_REQUESTS, '1');
    assert.equal(env.PUBLIC_URL, undefined);
  });
});
