import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
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
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    dbName = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
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
      if (adminUrl && dbName) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

export const bearerHeader = (token: string) => ({ authorization: `Bearer ${token}` });
