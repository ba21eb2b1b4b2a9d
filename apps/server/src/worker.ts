import fs from 'node:fs';
import path from 'node:path';
import { hlsLeftovers, type HlsFile } from '@painel/media/hls-playlist';
import { nginxArgs, nginxConfig } from '@painel/media/nginx-config';
import { openCore, type Core } from './app.ts';
import { loadConfig, type Config } from './platform/config.ts';
import { nowIso } from './platform/db.ts';
import { freePort } from './platform/ports.ts';
import { createSupervisor, type Supervisor, type SupervisorOptions } from './platform/supervisor.ts';
import { createMediaRepo } from './modules/media/media.repo.ts';
import { NGINX_SERVICE, createMediaServer } from './modules/media/media-server.ts';
import { createActivityRepo } from './modules/activity/activity.repo.ts';
import { createActivityService } from './modules/activity/activity.service.ts';
import { hookToken } from './modules/streaming/ingest.service.ts';
import { createStreamingRepo } from './modules/streaming/streaming.repo.ts';
import { createViewers } from './modules/viewers/viewers.service.ts';
import { createAudienceRollups } from './modules/audience/rollups.ts';
import { applyReconcile, planReconcile } from './modules/streaming/reconcile.ts';
import { createEngine, type Engine } from './modules/engine/engine.ts';
import { createProcessesRepo } from './modules/engine/processes.repo.ts';
import { restreamChild } from './modules/lives/lives.child.ts';
import { createLivesRepo } from './modules/lives/lives.repo.ts';
import { createProcesses } from './modules/engine/processes.service.ts';
import { createPlaylistsRepo } from './modules/playlists/playlists.repo.ts';
import { playoutChild } from './modules/playout/playout.child.ts';
import { createPlayoutRepo } from './modules/playout/playout.repo.ts';
import { createPlayoutService } from './modules/playout/playout.service.ts';
import { relayChild } from './modules/relay/relay.child.ts';
import { createRelayRepo } from './modules/relay/relay.repo.ts';
import { downloadJob } from './modules/downloads/downloads.jobs.ts';
import { createSchedulesService, timezoneOf } from './modules/schedules/schedules.service.ts';
import { migrationJob } from './modules/ftp-migration/ftp-migration.jobs.ts';
import { conversionJob } from './modules/conversion/conversion.jobs.ts';
import { apkJob } from './modules/android-app/android.jobs.ts';
import { createJobRunner, type JobRunner, type JobHandler } from './platform/jobs.ts';
import type { JobKind } from './platform/db.ts';

/**
 * The media worker: writes the nginx configuration into DATA_DIR/nginx, runs nginx-rtmp
 * (RTMP ingest, and the HLS fragments players fetch on HLS_PORT) as a supervised child,
 * writes its observed state where the API reads it, and reconciles open broadcasts with what
 * nginx really has (ends the dead, drops publishers without one).
 */
export interface WorkerOptions {
  core?: Core;
  /** Where nginx calls on_publish; default config.media.apiInternalUrl. */
  apiUrl?: string;
  backoff?: SupervisorOptions['backoff'];
  healthIntervalMs?: number;
  reconcileMs?: number;
  /** The job queue's timings (tests shorten them). */
  jobs?: { leaseMs?: number; tickMs?: number };
  /** The media engine's timings (tests shorten them). */
  engine?: { backoff?: SupervisorOptions['backoff']; staleAfterMs?: number; ioTimeoutSeconds?: number };
  log?: (m: string) => void;
}

export interface Worker {
  nginx: Supervisor;
  engine: Engine;
  jobs: JobRunner;
  controlPort: number;
  stop(): Promise<void>;
}

const RECONCILE_GRACE_MS = 10_000;
/**
 * Retries of media children (restreams, playouts): a source or destination that comes back is
 * picked up within 10 s, not after the minute nginx's own back-off may reach.
 */
const MEDIA_BACKOFF = { minMs: 1000, maxMs: 10_000, resetAfterMs: 60_000 };
/** How often fragments no playlist lists any more are removed. */
const HLS_SWEEP_MS = 10_000;

/** Removes what nginx's HLS no longer needs (nginx's own cleanup is off: see hlsLeftovers). */
async function sweepHls(hlsDir: string): Promise<void> {
  const names = await fs.promises.readdir(hlsDir);
  const files: HlsFile[] = [];
  const playlists = new Map<string, string>();
  for (const name of names) {
    const st = await fs.promises.stat(path.join(hlsDir, name)).catch(() => null);
    if (!st?.isFile()) continue;
    files.push({ name, mtimeMs: st.mtimeMs });
    if (name.endsWith('.m3u8')) {
      const text = await fs.promises.readFile(path.join(hlsDir, name), 'utf8').catch(() => null);
      if (text !== null) playlists.set(name.slice(0, -5), text);
    }
  }
  for (const name of hlsLeftovers(files, playlists, Date.now())) await fs.promises.rm(path.join(hlsDir, name), { force: true });
}

/** A loopback port free now (see platform/ports.ts); the tests and benchmarks take theirs here too. */
export { freePort };

/** nginx started as root drops its workers to `nobody`, who cannot write into DATA_DIR: run them as its owner. */
function nginxUser(dataDir: string): { name: string; group: string } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const st = fs.statSync(dataDir);
  const field = (file: string, id: number) =>
    fs.readFileSync(file, 'utf8').split('\n').map((l) => l.split(':')).find((f) => f[2] === String(id))?.[0];
  return { name: field('/etc/passwd', st.uid) ?? 'root', group: field('/etc/group', st.gid) ?? 'root' };
}

/** Permanent: nginx cannot start with this configuration; a busy port may free up, so that one is retried. */
function nginxPermanentError(tail: string[]): string | null {
  const emerg = tail.find((l) => l.includes('[emerg]') && !l.includes('bind()') && !l.includes('still could not bind'));
  return emerg ? emerg.replace(/^.*\[emerg\]\s*/, '') : null;
}

export async function startWorker(config: Config, opts: WorkerOptions = {}): Promise<Worker> {
  const log = opts.log ?? ((m: string) => console.log(`[worker] ${m}`));
  const core = opts.core ?? (await openCore(config));
  const db = core.store.db;
  const nodeId = config.media.nodeId;
  const prefix = path.join(config.dataDir, 'nginx');
  const hlsDir = path.join(config.dataDir, 'hls');
  for (const d of [path.join(prefix, 'logs'), path.join(prefix, 'tmp'), hlsDir]) fs.mkdirSync(d, { recursive: true });
  // nothing is live before nginx starts: what is left in hls/ belongs to broadcasts that ended
  for (const f of fs.readdirSync(hlsDir)) fs.rmSync(path.join(hlsDir, f), { force: true, recursive: true });

  const controlPort = config.media.controlPort ?? (await freePort());
  const configFile = path.join(prefix, 'nginx.conf');
  const text = nginxConfig({
    prefix, hlsDir, rtmpPort: config.rtmpPort, controlPort, rtmpModule: config.media.rtmpModule,
    hookBaseUrl: `${opts.apiUrl ?? config.media.apiInternalUrl}/api/rtmp/hook/${hookToken(config.dataDir)}`,
    user: nginxUser(config.dataDir),
    hlsFragmentSeconds: config.media.hlsFragmentSeconds, hlsPlaylistSeconds: config.media.hlsPlaylistSeconds,
    // the players' fragments, on the public HLS port (the playlists listing them come from the API)
    hlsHttp: config.media.hlsPort ? { port: config.media.hlsPort, address: config.host, apiUrl: opts.apiUrl ?? config.media.apiInternalUrl } : undefined,
  });
  fs.writeFileSync(`${configFile}.tmp`, text, { mode: 0o600 });
  fs.renameSync(`${configFile}.tmp`, configFile);

  const repo = createMediaRepo();
  const media = createMediaServer({ db, repo, nodeId, controlPort });
  const activity = createActivityService({ db, repo: createActivityRepo() });
  const viewers = createViewers(core);
  const rollups = createAudienceRollups({ db, dialect: core.store.dialect });
  let lastPrune = 0;
  const streamingRepo = createStreamingRepo();
  const controlUrl = `http://127.0.0.1:${controlPort}`;
  let writes = Promise.resolve();
  const nginx = createSupervisor({
    name: 'nginx',
    command: config.media.nginxBin,
    args: nginxArgs({ prefix, configFile }),
    pidFile: path.join(prefix, 'supervisor.pid'),
    backoff: opts.backoff,
    health: { check: async () => (await media.probe()) === 'ok', intervalMs: opts.healthIntervalMs ?? 2000, failures: 3 },
    permanentError: nginxPermanentError,
    log,
    onState: (s) => {
      const at = nowIso();
      // serialised so an older state never overwrites a newer one
      writes = writes.then(() => repo.upsert(db, {
        node_id: nodeId, name: NGINX_SERVICE, state: s.state, pid: s.pid, restarts: s.restarts, last_error: s.lastError,
        control_url: controlUrl, changed_at: new Date(s.since).toISOString(), heartbeat_at: at,
      })).then(() => undefined, (e: Error) => log(`estado do nginx não gravado: ${e.message}`));
    },
  });
  nginx.start();

  const processesRepo = createProcessesRepo();
  const playoutRepo = createPlayoutRepo();
  const playout = createPlayoutService({
    db, repo: playoutRepo, playlists: createPlaylistsRepo(), streaming: streamingRepo, processes: createProcesses({ repo: processesRepo }),
    media, activity, config, log,
  });
  const schedules = createSchedulesService({ db, playout, timezoneOf: timezoneOf(db), log });
  const engine = createEngine({
    db, repo: processesRepo, nodeId, tag: `${config.dataDir}#${nodeId}`, log,
    backoff: opts.engine?.backoff ?? MEDIA_BACKOFF, staleAfterMs: opts.engine?.staleAfterMs,
    factories: {
      restream: restreamChild({
        db, repo: createLivesRepo(), sealer: core.sealer, guard: core.guard, config,
        apiUrl: opts.apiUrl ?? config.media.apiInternalUrl,
        ...(opts.engine?.ioTimeoutSeconds ? { ioTimeoutSeconds: opts.engine.ioTimeoutSeconds } : {}),
      }),
      playout: playoutChild({ db, repo: playoutRepo, config, library: core.library, accountOf: (id) => core.accounts.byId(id), log }),
      relay: relayChild({ db, repo: createRelayRepo(), sealer: core.sealer, guard: core.guard, config, ...(opts.engine?.ioTimeoutSeconds ? { ioTimeoutSeconds: opts.engine.ioTimeoutSeconds } : {}) }),
    },
  });
  await engine.adoptOrphans();

  const jobHandlers: Partial<Record<JobKind, JobHandler>> = {};
  jobHandlers.conversion = conversionJob({ core, ffmpegBin: config.media.ffmpegBin, log });
  jobHandlers.migration = migrationJob(core);
  jobHandlers.download = downloadJob(core);
  jobHandlers.apk = apkJob(core, log);
  const jobs = createJobRunner({
    db, dialect: core.store.dialect, nodeId, tag: `${config.dataDir}#${nodeId}`, workRoot: path.join(core.library.storage.root, '.jobs'),
    handlers: jobHandlers, slots: { conversion: config.tools.conversionSlots, download: 4, migration: 4, apk: 1 },
    leaseMs: opts.jobs?.leaseMs ?? config.tools.jobLeaseMs, ...(opts.jobs?.tickMs ? { tickMs: opts.jobs.tickMs } : {}), log,
  });
  await jobs.recover();
  jobs.start();

  let lastSweep = 0;
  let busy = false;
  const reconcile = async () => {
    if (busy) return;
    busy = true;
    try {
      await repo.heartbeat(db, nodeId, NGINX_SERVICE, nowIso());
      await viewers.expire();
      // ended sessions go into the audience's hourly sums; sessions past the retention period go
      await rollups.rollUp();
      if (Date.now() - lastPrune > 3_600_000) {
        lastPrune = Date.now();
        await rollups.prune(config.viewerRetentionDays);
      }
      await schedules.due(nodeId);
      await engine.reconcile();
      await playout.sweep(nodeId);
      if (nginx.status().state !== 'running') return;
      const stat = await media.stat().catch(() => null);
      if (!stat) return;
      const open = await streamingRepo.liveOfNode(db, nodeId);
      const plan = planReconcile(open, stat, Date.now(), RECONCILE_GRACE_MS);
      await applyReconcile({ db, repo: streamingRepo, media, viewers, activity, log }, open, plan);
      if (Date.now() - lastSweep > HLS_SWEEP_MS) {
        lastSweep = Date.now();
        await sweepHls(hlsDir);
      }
    } catch (e) {
      log(`reconciliação falhou: ${(e as Error).message}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void reconcile(), opts.reconcileMs ?? 2000);

  return {
    nginx,
    engine,
    jobs,
    controlPort,
    async stop() {
      clearInterval(timer);
      while (busy) await new Promise((r) => setTimeout(r, 20));
      await jobs.stop();
      await engine.stop();
      await nginx.stop();
      await writes;
      if (!opts.core) await core.store.db.destroy();
    },
  };
}

if (import.meta.main) {
  const worker = await startWorker(loadConfig());
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void worker.stop().then(() => process.exit(0), () => process.exit(1));
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, stop);
  // started by start.ts: when that process dies, its end of our stdin closes and we follow
  if (process.env.PAINEL_PARENT_PIPE === '1') {
    process.stdin.on('end', stop).on('close', stop).resume();
  }
}
