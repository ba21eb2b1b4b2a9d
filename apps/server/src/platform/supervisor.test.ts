import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { msg } from '@painel/contract';
import { createSupervisor, type Supervisor, type SupervisorOptions } from './supervisor.ts';

const node = process.execPath;
const fast = { minMs: 50, maxMs: 200, resetAfterMs: 60_000 };
const started: Supervisor[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-sup-'));
after(async () => {
  await Promise.all(started.map((s) => s.stop()));
  fs.rmSync(dir, { recursive: true, force: true });
});

function sup(script: string, extra: Partial<SupervisorOptions> = {}): Supervisor {
  const s = createSupervisor({ name: 'teste', command: node, args: ['-e', script], backoff: fast, killAfterMs: 500, ...extra });
  started.push(s);
  return s;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condição não alcançada');
    await sleep(20);
  }
}

const TICKER = "setInterval(() => console.log('frame=' + Date.now()), 50)";

describe('supervisor', () => {
  test('runs a child, reports states and stops it with SIGINT', async () => {
    const states: string[] = [];
    const s = sup(TICKER, { onState: (st) => states.push(st.state), isProgress: (l) => l.startsWith('frame=') });
    s.start();
    await s.waitFor('running', 3000);
    const pid = s.status().pid!;
    assert.ok(alive(pid));
    await s.stop();
    assert.equal(s.status().state, 'stopped');
    assert.ok(!alive(pid));
    assert.deepEqual(states.filter((x, i) => x !== states[i - 1]), ['starting', 'running', 'stopped']);
  });

  test('a child that ignores SIGINT is killed after killAfterMs, with its whole process group', async () => {
    const script = `process.on('SIGINT', () => {});
      const g = require('child_process').spawn(process.execPath, ['-e', 'process.on("SIGINT",()=>{});setInterval(()=>{},1000)'], { stdio: 'ignore' });
      console.log('grandchild=' + g.pid); setInterval(() => {}, 1000);`;
    let grandchild = 0;
    const s = sup(script, { onLine: (l) => { if (l.startsWith('grandchild=')) grandchild = Number(l.slice(11)); } });
    s.start();
    await until(() => grandchild > 0);
    const t0 = Date.now();
    await s.stop();
    assert.ok(Date.now() - t0 >= 400, 'waited for the grace period');
    await until(() => !alive(grandchild));
  });

  test('an unexpected exit is restarted with backoff and counted', async () => {
    const s = sup("console.log('oi'); setTimeout(() => process.exit(3), 100)");
    s.start();
    await until(() => s.status().restarts >= 2);
    assert.match(s.status().lastError ?? '', /código 3/);
    await s.stop();
  });

  test('a child without progress for staleAfterMs is restarted', async () => {
    const s = sup("console.log('frame=1'); setInterval(() => {}, 1000)", { staleAfterMs: 300, isProgress: (l) => l.startsWith('frame=') });
    s.start();
    await until(() => s.status().restarts >= 1, 4000);
    assert.match(s.status().lastError ?? '', /sem progresso/);
    await s.stop();
  });

  test('a permanent error stops the retries', async () => {
    const s = sup("console.error('401 Unauthorized'); process.exit(1)", {
      permanentError: (tail) => (tail.some((l) => l.includes('401')) ? 'destino recusou a chave' : null),
    });
    s.start();
    await s.waitFor('error', 3000);
    await sleep(300);
    assert.equal(s.status().restarts, 0);
    assert.equal(s.status().lastError, 'destino recusou a chave');
  });

  test('running only after the health check passes; restarted when it keeps failing', async () => {
    let healthy = false;
    const s = sup(TICKER, { health: { check: async () => healthy, intervalMs: 50, failures: 3 } });
    s.start();
    await sleep(100);
    assert.equal(s.status().state, 'starting');
    healthy = true;
    await s.waitFor('running', 2000);
    healthy = false;
    await until(() => s.status().restarts >= 1, 3000);
    assert.match(s.status().lastError ?? '', /verificação de saúde/);
    await s.stop();
  });

  test('a command that does not exist is retried, not crashed on', async () => {
    const s = createSupervisor({ name: 'inexistente', command: path.join(dir, 'nao-existe'), args: [], backoff: fast });
    started.push(s);
    s.start();
    await until(() => s.status().restarts >= 2);
    assert.match(s.status().lastError ?? '', /ENOENT/);
    await s.stop();
    assert.equal(s.status().state, 'stopped');
  });

  test('an orphan left by a dead supervisor is killed before the next start', async () => {
    const pidFile = path.join(dir, 'orphan.pid');
    const orphan = spawn(node, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
    orphan.unref();
    fs.writeFileSync(pidFile, String(orphan.pid));
    const s = sup(TICKER, { pidFile });
    s.start();
    await s.waitFor('running', 3000);
    await until(() => !alive(orphan.pid!));
    assert.equal(fs.readFileSync(pidFile, 'utf8'), String(s.status().pid));
    await s.stop();
    assert.ok(!fs.existsSync(pidFile));
  });
  test('a child left running by a dead supervisor is adopted: watched by pid, kept alive, restarted when it dies, stopped by stop()', async () => {
    const pidFile = path.join(dir, 'adopted.pid');
    const left = spawn(node, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
    left.unref();
    fs.writeFileSync(pidFile, String(left.pid));
    let healthy = true;
    const s = sup(TICKER, {
      pidFile, adopt: { pid: left.pid!, pollMs: 50 }, health: { check: async () => healthy, intervalMs: 50, failures: 2 },
    });
    s.start();
    await s.waitFor('running', 3000);
    assert.equal(s.status().pid, left.pid);
    assert.ok(alive(left.pid!));
    // not our child, yet its death is seen and a new one is spawned
    process.kill(left.pid!, 'SIGKILL');
    await until(() => s.status().state === 'running' && s.status().pid !== left.pid && s.status().pid !== null);
    assert.equal(s.status().restarts, 1);
    const second = s.status().pid!;
    await s.stop();
    assert.ok(!alive(second));

    // adopted again, then failing its health check: killed and replaced like a spawned child
    const again = spawn(node, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
    again.unref();
    const t = sup(TICKER, { adopt: { pid: again.pid!, pollMs: 50 }, health: { check: async () => healthy, intervalMs: 50, failures: 2 } });
    t.start();
    await t.waitFor('running', 3000);
    healthy = false;
    await until(() => !alive(again.pid!));
    healthy = true;
    await until(() => t.status().state === 'running' && t.status().pid !== again.pid);
    await t.stop();

    // adopted and stopped on purpose: stop() ends it as it would its own child
    const third = spawn(node, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
    third.unref();
    const u = sup(TICKER, { adopt: { pid: third.pid!, pollMs: 50 } });
    u.start();
    assert.equal(u.status().pid, third.pid);
    await u.stop();
    assert.equal(u.status().state, 'stopped');
    // stop() returns once /proc shows it ended; this test process (its parent) reaps it a moment later
    await until(() => !alive(third.pid!), 2000);
  });

  test('a pid to adopt that is gone or is another command is not adopted: a child is spawned', async () => {
    const gone = spawn(node, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => gone.once('exit', r));
    const s = sup(TICKER, { adopt: { pid: gone.pid! } });
    s.start();
    await s.waitFor('running', 3000);
    assert.notEqual(s.status().pid, gone.pid);
    await s.stop();

    const other = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    const t = sup(TICKER, { adopt: { pid: other.pid! } });
    t.start();
    await t.waitFor('running', 3000);
    assert.notEqual(t.status().pid, other.pid);
    await t.stop();
    assert.ok(alive(other.pid!), 'someone else\'s process is left alone');
    other.kill('SIGKILL');
  });

  test('a planned end starts the next run at once: no back-off, no restart counted, the state stays running', async () => {
    const states: string[] = [];
    // each run prints progress for 1.2 s and ends by itself with code 0, as a playout at a new format does
    const s = sup(`${TICKER}; setTimeout(() => process.exit(0), 1200)`, {
      backoff: { minMs: 5000, maxMs: 5000, resetAfterMs: 60_000 }, isProgress: (l) => l.startsWith('frame='),
      plannedExit: (code) => code === 0, onState: (st) => states.push(st.state),
    });
    s.start();
    await s.waitFor('running', 3000);
    const first = s.status().pid;
    await until(() => s.status().pid !== null && s.status().pid !== first, 4000);
    assert.equal(s.status().restarts, 0);
    assert.equal(s.status().state, 'running');
    assert.deepEqual(states.filter((x, i) => x !== states[i - 1]), ['starting', 'running']);
    await s.stop();
  });

  test('a child that keeps failing is marked failing with its reason, keeps being retried, and recovers', async () => {
    const flag = path.join(dir, 'healthy');
    // fails at once until the flag file exists, then runs
    const script = `if (!require('fs').existsSync(${JSON.stringify(flag)})) { console.error('demuxer quebrou'); process.exit(1); } ${TICKER}`;
    const s = sup(script, { isProgress: (l) => l.startsWith('frame='), failing: { restarts: 3, windowMs: 60_000, afterMs: 300, stableMs: 300 } });
    const t0 = Date.now();
    s.start();
    await until(() => s.status().failing);
    assert.ok(s.status().restarts > 3);
    assert.ok(Date.now() - t0 >= 300, 'not before it has been in trouble for afterMs');
    assert.match(s.status().lastError ?? '', /demuxer quebrou/);
    fs.writeFileSync(flag, '1');
    await until(() => s.status().state === 'running' && !s.status().failing);
    await s.stop();
  });

  /** What a destination with a NUL byte in its key looks like in an argv; spawn refuses it and quotes it. */
  const POISONED = 'rtmp://destino.exemplo.com/live2/chave\u0000secreta';
  const refusedCleanly = (s: Supervisor, logs: string[]) => {
    const st = s.status();
    assert.deepEqual([st.state, st.pid], ['error', null]);
    assert.ok(st.lastError?.startsWith(msg.processInvalidData), st.lastError ?? '');
    assert.match(st.lastError ?? '', /ERR_INVALID_ARG_VALUE: The argument 'args\[2\]' must be a string without null bytes/);
    // the refused value (a stream key) is repeated neither in the reason nor in the log
    for (const text of [st.lastError ?? '', ...logs]) assert.ok(!text.includes('secreta'), text);
  };

  test('arguments spawn refuses (a NUL byte) are a permanent error: start does not throw, the state is error, stop still works', async () => {
    const logs: string[] = [];
    const states: string[] = [];
    const s = sup(TICKER, { args: ['-e', TICKER, POISONED], log: (m) => logs.push(m), onState: (st) => states.push(st.state) });
    s.start();
    refusedCleanly(s, logs);
    assert.deepEqual(states, ['starting', 'error']);
    await s.stop();
    assert.equal(s.status().state, 'stopped');
  });

  test('a preparation that fails because the database is away is retried; any other failure of it is permanent', async () => {
    let calls = 0;
    const away = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    const retried = sup(TICKER, { beforeSpawn: async () => {
      calls += 1;
      if (calls <= 2) throw away;
    } });
    retried.start();
    await retried.waitFor('running', 3000);
    assert.equal(calls, 3);
    assert.equal(retried.status().restarts, 2);
    await retried.stop();

    const refused = sup(TICKER, { beforeSpawn: async () => {
      throw new Error('playlist vazia');
    } });
    refused.start();
    await refused.waitFor('error', 3000);
    assert.equal(refused.status().lastError, 'playlist vazia');
    await refused.stop();
  });

  test('the same refusal after beforeSpawn or from a restart timer: an error state, never an exception out of the supervisor', async () => {
    const logs: string[] = [];
    const prepared = sup(TICKER, { args: ['-e', TICKER, POISONED], beforeSpawn: async () => {}, log: (m) => logs.push(m) });
    prepared.start();
    await prepared.waitFor('error', 3000);
    refusedCleanly(prepared, logs);
    await prepared.stop();

    // the first run exits; the restart, from the back-off timer, meets arguments spawn refuses
    const args = ['-e', 'process.exit(3)'];
    const retried = sup('', { args, log: (m) => logs.push(m) });
    retried.start();
    args.push(POISONED);
    await retried.waitFor('error', 3000);
    refusedCleanly(retried, logs);
    assert.equal(retried.status().restarts, 1);
    await retried.stop();
  });
});
