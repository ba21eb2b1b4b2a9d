import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../api.ts';
import { openCore } from '../core.ts';
import { createJobRunner } from '../platform/jobs.ts';
import type { ModuleContext } from '../modules/module.ts';
import { syncJob } from '../modules/library/sync.jobs.ts';
import { runnableJobs } from '../worker.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import type { NewAccount } from '../modules/accounts/accounts.service.ts';
import { installContractCheck } from './contract-check.ts';
import { createScratchDatabase } from './scratch-database.ts';

/**
 * A real API over a real database: a fresh SQLite file, or a fresh PostgreSQL database
 * when TEST_PG_ADMIN_URL is set (the test command runs the suite both ways).
 */
export interface Harness {
  app: FastifyInstance;
  core: ModuleContext;
  config: Config;
  createAccount(a?: Partial<NewAccount>): Promise<{ id: number; email: string; usuario: string; password: string }>;
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export async function startHarness(opts: {
  env?: Record<string, string>;
  app?: AppOptions & { loginClock?: () => number };
  /** Every JSON answer checked against the contract (default); benchmarks measure the API without it. */
  contractCheck?: boolean;
} = {}): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-test-'));
  // a test that brings its own database (a cluster it stops and starts) names it in env.DATABASE_URL
  const adminUrl = opts.env?.DATABASE_URL ? undefined : process.env.TEST_PG_ADMIN_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined;
  const databaseUrl = scratch?.url;
  // no nginx serves fragments for an API answering app.inject alone: playlists keep relative addresses
  // unless the stack asks for the HLS port (startLiveStack does)
  const config = loadConfig({ HLS_PORT: '0', ...opts.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const { loginClock, ...appOptions } = opts.app ?? {};
  const core = await openCore(config, loginClock ? { loginClock } : {});
  const app = await buildApp(core, appOptions);
  // folder syncs are the worker's jobs: an API alone in a test gets a runner of that kind, as a worker would run it
  const syncs = createJobRunner({
    db: core.store.db, dialect: core.store.dialect, nodeId: config.media.nodeId, workRoot: path.join(core.library.storage.root, '.jobs'),
    kinds: runnableJobs(core, [{ name: 'library', jobs: [syncJob] }]), leaseMs: config.tools.jobLeaseMs, tickMs: 100, log: () => {},
  });
  syncs.start();
  if (opts.contractCheck !== false) installContractCheck(app);
  let n = 0;
  return {
    app,
    core,
    config,
    async createAccount(a = {}) {
      n += 1;
      const tag = `${n}${randomBytes(3).toString('hex')}`;
      const input = { email: `conta${tag}@exemplo.com.br`, password: `senha-forte-${tag}`, ...a };
      const row = await core.accounts.create(input);
      return { id: row.id, email: row.email, usuario: row.usuario, password: input.password };
    },
    async login(email, password) {
      const r = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (r.statusCode !== 200) throw new Error(`login falhou: ${r.body}`);
      return r.json<{ token: string }>().token;
    },
    async close() {
      await syncs.stop();
      await app.close();
      await core.store.db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}

export const bearerHeader = (token: string) => ({ authorization: `Bearer ${token}` });

/** Another server of the same installation (NODE_ID), with its own data folder, over the harness's database. */
export interface PeerServer {
  app: FastifyInstance;
  core: ModuleContext;
  config: Config;
  close(): Promise<void>;
}

/**
 * A second server beside a harness, as a joining machine runs: its own DATA_DIR with a copy of
 * the first one's secrets (so it verifies the same sessions and grants), the same database
 * (the harness's PostgreSQL, or its SQLite file), and `env` (its NODE_ID, addresses).
 */
export async function startPeer(h: Harness, env: Record<string, string>): Promise<PeerServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-test-peer-'));
  fs.cpSync(path.join(h.config.dataDir, 'secrets'), path.join(dataDir, 'secrets'), { recursive: true });
  const databaseUrl = h.config.databaseUrl ?? `sqlite:${path.join(h.config.dataDir, 'painel.db')}`;
  const config = loadConfig({ HLS_PORT: '0', ...env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const core = await openCore(config);
  const app = await buildApp(core);
  return {
    app, core, config,
    async close() {
      await app.close();
      await core.store.db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
