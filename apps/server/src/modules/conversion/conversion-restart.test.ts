import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { errorText, type Video } from '@painel/contract';
import { makeHeavyClip } from '../../testing/conversion-clips.ts';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { newFolder, tree, upload } from '../../testing/library.ts';
import { eventually } from '../../testing/live.ts';
import { alive, processesWithEnv } from '../../testing/processes.ts';
import { freePort } from '../../worker.ts';

const WORKER = path.resolve(import.meta.dirname, '../../worker.ts');

/** The ffmpeg processes the job runner of `tag` started, found by the tag in their environment. */
const jobFfmpegs = (tag: string) => processesWithEnv('ffmpeg', [`PAINEL_JOBS=${tag}`]);

/**
 * The worker as its own process, killed with SIGKILL in the middle of a conversion: its ffmpeg
 * outlives it (own process group). The next worker must kill that one and take the job up
 * again — never leave it 'running', never keep two encoders, never lose the original.
 */
// real-time media for a minute and more: run once, on PostgreSQL, whose phase has room beside the SQLite phase and
// the browser tests that wait for it (the module's queries are the same on both; the other test files run on both)
describe('conversion: a worker killed mid-way', { skip: process.env.TEST_PG_ADMIN_URL ? false : 'coberto na execução com PostgreSQL' }, () => {
  let h: Harness;
  let dir: string;
  let rtmpPort: number;
  const procs = new Set<ChildProcess>();

  const runWorker = () => {
    const c = spawn(process.execPath, [WORKER], {
      env: {
        ...process.env, DATA_DIR: h.config.dataDir, DATABASE_URL: h.config.databaseUrl ?? '', RTMP_PORT: String(rtmpPort), JOB_LEASE_MS: '3000',
        // the API's own setting (no HLS port of nginx): the default port is another stack's when tests run side by side
        HLS_PORT: String(h.config.media.hlsPort),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    procs.add(c);
    return c;
  };

  before(async () => {
    rtmpPort = await freePort();
    h = await startHarness({ env: { RTMP_PORT: String(rtmpPort) } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-conv-kill-'));
  });
  after(async () => {
    for (const c of procs) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    const pidFile = path.join(h.config.dataDir, 'nginx', 'supervisor.pid');
    if (fs.existsSync(pidFile)) try { process.kill(-Number(fs.readFileSync(pidFile, 'utf8')), 'SIGKILL'); } catch { /* gone */ }
    for (const pid of jobFfmpegs(`${h.config.dataDir}#1`)) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    await h?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('SIGKILL of the worker during a conversion: the next one kills the orphan ffmpeg and the job ends, retried', { timeout: 180_000 }, async () => {
    const acc = await h.createAccount();
    const token = await h.login(acc.email, acc.password);
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (await h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) })).json();
    const folder = await newFolder(h, token, 'Longos');
    const video = (await upload(h, token, folder, 'longo.mp4', fs.readFileSync(makeHeavyClip(dir, 'longo.mp4', { seconds: 16 })))).json<{ video: Video }>().video;
    const tag = `${h.config.dataDir}#1`;
    const job = () => h.core.store.db.selectFrom('jobs').selectAll().where('subject_id', '=', video.id).executeTakeFirstOrThrow();

    const w1 = runWorker();
    const started = await call('POST', '/api/conversion/convert', { video_id: video.id, quality: 'alta' });
    assert.equal(started.success, true, JSON.stringify(started));
    const [orphan] = await eventually(async () => {
      const j = await job();
      const pids = jobFfmpegs(tag);
      return j.state === 'running' && j.progress >= 5 && pids.length === 1 && pids;
    }, 60_000, 'conversão em andamento no primeiro worker');

    w1.kill('SIGKILL');
    await new Promise((res) => w1.once('exit', res));
    assert.equal(alive(orphan!), true, 'ffmpeg outlives its worker: nobody stopped it yet');
    assert.equal((await job()).state, 'running');

    runWorker();
    await eventually(async () => !alive(orphan!), 30_000, 'o ffmpeg órfão encerrado pelo novo worker');
    let most = 0;
    const end = await eventually(async () => {
      most = Math.max(most, jobFfmpegs(tag).length);
      const j = await job();
      return (j.state === 'done' || j.state === 'failed') && j;
    }, 120_000, 'tarefa terminada');
    assert.ok(most <= 1, `no máximo um ffmpeg da tarefa por vez (vistos ${most})`);
    if (end.state === 'failed') assert.equal(end.error, errorText('job_interrupted'));
    else {
      assert.equal(end.attempts, 2, 'taken up again from scratch');
      const [v] = await call('GET', `/api/videos?folder_id=${folder}`) as Video[];
      assert.deepEqual([v?.id, v?.compativel, v?.largura, v?.altura, v?.codec_video], [video.id, 'otimizado', 1920, 1080, 'h264']);
    }
    // one file in the folder either way (the original, or its replacement), no job leftovers
    assert.equal(tree(path.join(h.core.library.storage.accountDir(acc.usuario), 'Longos')).length, 1);
    await eventually(async () => tree(path.join(h.core.library.storage.root, '.jobs')).length === 0, 10_000, 'diretório da tarefa removido');
    assert.deepEqual(jobFfmpegs(tag), []);
  });
});
