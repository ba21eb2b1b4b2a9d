import fs from 'node:fs';
import path from 'node:path';
import { hlsLeftovers, type HlsFile } from '@painel/media/hls-playlist';
import { nginxArgs, nginxConfig } from '@painel/media/nginx-config';
import { nowIso } from '../../platform/db.ts';
import { freePort } from '../../platform/ports.ts';
import { createSupervisor, type Supervisor, type SupervisorOptions } from '../../platform/supervisor.ts';
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
  // nothing is live before nginx starts: what is left in hls/ belongs to broadcasts that ended
  for (const f of fs.readdirSync(hlsDir)) fs.rmSync(path.join(hlsDir, f), { force: true, recursive: true });

  const controlPort = config.media.controlPort ?? (await freePort());
  const configFile = path.join(prefix, 'nginx.conf');
  const text = nginxConfig({
    prefix, hlsDir, rtmpPort: config.rtmpPort, controlPort, rtmpModule: config.media.rtmpModule,
    hookBaseUrl: `${opts.apiUrl}/api/rtmp/hook/${hookToken(config.dataDir)}`,
    user: nginxUser(config.dataDir),
    hlsFragmentSeconds: config.media.hlsFragmentSeconds, hlsPlaylistSeconds: config.media.hlsPlaylistSeconds,
    // the players' fragments, on the public HLS port (the playlists listing them come from the API)
    hlsHttp: config.media.hlsPort ? { port: config.media.hlsPort, address: config.host, apiUrl: opts.apiUrl } : undefined,
  });
  fs.writeFileSync(`${configFile}.tmp`, text, { mode: 0o600 });
  fs.renameSync(`${configFile}.tmp`, configFile);

  const repo = createMediaRepo();
  const media = createMediaServer({ db, repo, nodeId, controlPort });
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
    log: opts.log,
    onState: (s) => {
      const at = nowIso();
      // serialised so an older state never overwrites a newer one
      writes = writes.then(() => repo.upsert(db, {
        node_id: nodeId, name: NGINX_SERVICE, state: s.state, pid: s.pid, restarts: s.restarts, last_error: s.lastError,
        control_url: controlUrl, changed_at: new Date(s.since).toISOString(), heartbeat_at: at,
      })).then(() => undefined, (e: Error) => opts.log(`estado do nginx não gravado: ${e.message}`));
    },
  });
  nginx.start();
  return {
    nginx, media, controlPort, hlsDir,
    heartbeat: async () => void (await repo.heartbeat(db, nodeId, NGINX_SERVICE, nowIso())),
    async stop() {
      await nginx.stop();
      await writes;
    },
  };
}
