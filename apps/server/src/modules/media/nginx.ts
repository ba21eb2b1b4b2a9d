import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { hlsLeftovers, type HlsFile } from '@painel/media/hls-playlist';
import { nginxArgs, nginxConfig } from '@painel/media/nginx-config';
import { nowIso } from '../../platform/db.ts';
import { freePort } from '../../platform/ports.ts';
import {
  createSupervisor, processCommandLine, processStartTime, type Supervisor, type SupervisorOptions, type SupervisorStatus,
} from '../../platform/supervisor.ts';
import type { ModuleContext } from '../module.ts';
import { hookToken } from '../streaming/ingest.service.ts';
import { NGINX_SERVICE, createMediaServer, type MediaServer } from './media-server.ts';
import { createMediaRepo } from './media.repo.ts';

/** Removes what nginx's HLS no longer needs (nginx's own cleanup is off: see hlsLeftovers). */
export async function sweepHls(hlsDir: string): Promise<void> {
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

/**
 * What the running nginx was started with, kept beside its pid file: a worker that starts while
 * that nginx still runs (the previous worker was killed or crashed) adopts it when it would run
 * exactly the same, so the encoders connected to it never notice the worker's restart.
 */
interface NginxState {
  pid: number;
  controlPort: number;
  /** sha256 of the binary, its arguments and the configuration text. */
  configHash: string;
}

/** The nginx a previous worker left running on this configuration file, if any. */
function leftRunning(stateFile: string, configFile: string, bin: string): NginxState | null {
  let state: NginxState;
  try {
    state = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as NginxState;
  } catch {
    return null;
  }
  if (!Number.isInteger(state.pid) || state.pid <= 1 || !Number.isInteger(state.controlPort)) return null;
  if (processStartTime(state.pid) === null) return null;
  // its master's title names the binary and our configuration file: the pid was not reused by another process
  const cmdline = processCommandLine(state.pid);
  return cmdline.includes(path.basename(bin)) && cmdline.includes(configFile) ? state : null;
}

/**
 * Ends an nginx left running with another configuration (an upgrade): a fast shutdown first
 * (it closes its HLS files), its whole group killed if it is still there after a few seconds.
 */
async function replaceLeft(pid: number, log: (m: string) => void): Promise<void> {
  log(`nginx ${pid} de uma execução anterior roda outra configuração: substituindo`);
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const end = Date.now() + 5000;
  while (processStartTime(pid) !== null && Date.now() < end) await sleep(100);
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* gone */
  }
}

export interface NginxRun {
  nginx: Supervisor;
  /** This worker's view of nginx (its control port). */
  media: MediaServer;
  controlPort: number;
  hlsDir: string;
  /** Tells the API this worker is alive (the media service row's heartbeat). */
  heartbeat(): Promise<void>;
  /** Stops nginx and waits for its last state to be written. */
  stop(): Promise<void>;
}

/**
 * The worker's nginx-rtmp: writes its configuration into DATA_DIR/nginx (RTMP ingest, the
 * callbacks to the API, HLS into DATA_DIR/hls and the fragments players fetch on HLS_PORT),
 * runs it as a supervised child and writes its observed state where the API reads it.
 *
 * nginx outlives a worker that dies (it runs in its own process group and ignores SIGPIPE; its
 * stderr goes to its error log once started): the next worker adopts it when it runs the same
 * configuration (same control port), so a worker restart never disconnects an encoder. A
 * planned stop (stop()) stops nginx; a different configuration replaces it.
 */
export async function startNginx(ctx: ModuleContext, opts: {
  apiUrl: string; backoff?: SupervisorOptions['backoff']; healthIntervalMs?: number; log: (m: string) => void;
}): Promise<NginxRun> {
  const { config, store } = ctx;
  const db = store.db;
  const nodeId = config.media.nodeId;
  const prefix = path.join(config.dataDir, 'nginx');
  const hlsDir = path.join(config.dataDir, 'hls');
  for (const d of [path.join(prefix, 'logs'), path.join(prefix, 'tmp'), hlsDir]) fs.mkdirSync(d, { recursive: true });

  const configFile = path.join(prefix, 'nginx.conf');
  const stateFile = path.join(prefix, 'nginx.state.json');
  const args = nginxArgs({ prefix, configFile });
  const render = (controlPort: number) => nginxConfig({
    prefix, hlsDir, rtmpPort: config.rtmpPort, rtmpAddress: config.bindAddress, controlPort, rtmpModule: config.media.rtmpModule,
    hookBaseUrl: `${opts.apiUrl}/api/rtmp/hook/${hookToken(config.dataDir)}`,
    user: nginxUser(config.dataDir),
    hlsFragmentSeconds: config.media.hlsFragmentSeconds, hlsPlaylistSeconds: config.media.hlsPlaylistSeconds,
    // the players' fragments, on the public HLS port (the playlists listing them come from the API)
    hlsHttp: config.media.hlsPort ? { port: config.media.hlsPort, address: config.host, apiUrl: opts.apiUrl } : undefined,
  });
  const hashOf = (text: string) => createHash('sha256').update([config.media.nginxBin, ...args, text].join('\0')).digest('hex');

  // an nginx the previous worker left running on the same configuration is adopted, with its
  // control port; one on another configuration is replaced
  let adopt: number | null = null;
  let controlPort = 0;
  let text = '';
  const left = leftRunning(stateFile, configFile, config.media.nginxBin);
  if (left) {
    controlPort = config.media.controlPort ?? left.controlPort;
    text = render(controlPort);
    if (hashOf(text) === left.configHash) adopt = left.pid;
    else await replaceLeft(left.pid, opts.log);
  }
  if (adopt === null) {
    // nothing is live before nginx starts: what is left in hls/ belongs to broadcasts that ended
    for (const f of fs.readdirSync(hlsDir)) fs.rmSync(path.join(hlsDir, f), { force: true, recursive: true });
    controlPort = config.media.controlPort ?? (await freePort());
    text = render(controlPort);
  }
  const configHash = hashOf(text);
  fs.writeFileSync(`${configFile}.tmp`, text, { mode: 0o600 });
  fs.renameSync(`${configFile}.tmp`, configFile);

  const repo = createMediaRepo();
  const media = createMediaServer({ db, repo, nodeId, controlPort });
  const controlUrl = `http://127.0.0.1:${controlPort}`;
  let writes = Promise.resolve();
  /** The last state, still to be written when its write failed (the database away): the next heartbeat writes it. */
  let unwritten: SupervisorStatus | null = null;
  const writeState = (s: SupervisorStatus) => repo.upsert(db, {
    node_id: nodeId, name: NGINX_SERVICE, state: s.state, pid: s.pid, restarts: s.restarts, last_error: s.lastError,
    control_url: controlUrl, changed_at: new Date(s.since).toISOString(), heartbeat_at: nowIso(),
  });
  const nginx = createSupervisor({
    name: 'nginx',
    command: config.media.nginxBin,
    args,
    pidFile: path.join(prefix, 'supervisor.pid'),
    ...(adopt !== null ? { adopt: { pid: adopt } } : {}),
    backoff: opts.backoff,
    health: { check: async () => (await media.probe()) === 'ok', intervalMs: opts.healthIntervalMs ?? 2000, failures: 3 },
    permanentError: nginxPermanentError,
    log: opts.log,
    onState: (s) => {
      if (s.pid) {
        const state: NginxState = { pid: s.pid, controlPort, configHash };
        try {
          fs.writeFileSync(`${stateFile}.tmp`, JSON.stringify(state), { mode: 0o600 });
          fs.renameSync(`${stateFile}.tmp`, stateFile);
        } catch (e) {
          // without it the next worker replaces this nginx instead of adopting it
          opts.log(`estado do nginx não gravado em ${stateFile}: ${(e as Error).message}`);
        }
      }
      // serialised so an older state never overwrites a newer one
      writes = writes.then(() => writeState(s)).then(() => {
        unwritten = null;
      }, (e: Error) => {
        unwritten = s;
        opts.log(`estado do nginx não gravado: ${e.message}`);
      });
    },
  });
  nginx.start();
  return {
    nginx, media, controlPort, hlsDir,
    async heartbeat() {
      await writes;
      const pending = unwritten;
      if (!pending) return void (await repo.heartbeat(db, nodeId, NGINX_SERVICE, nowIso()));
      // a change of state missed while the database was away: the whole row again
      const rewrite = writes.then(() => writeState(pending)).then(() => {
        if (unwritten === pending) unwritten = null;
      });
      writes = rewrite.catch(() => undefined);
      await rewrite;
    },
    async stop() {
      await nginx.stop();
      fs.rmSync(stateFile, { force: true });
      await writes;
    },
  };
}
