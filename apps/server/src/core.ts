import type { Config } from './platform/config.ts';
import { createSealer } from './platform/crypto.ts';
import { ensureDataDir, migrate, openDb } from './platform/db.ts';
import { createJobs } from './platform/jobs.ts';
import { createOutboundGuard } from './platform/outbound-guard.ts';
import { assertInstallationKeys, secret } from './platform/secrets.ts';
import { createAccountsRepo } from './modules/accounts/accounts.repo.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createLibrary } from './modules/library/library.ts';
import { createEventBus } from './modules/events.ts';
import type { CoreOptions, ModuleContext, ModuleDefinition, Services } from './modules/module.ts';
import { modules } from './modules/index.ts';
import { vapidPublicKey } from './modules/webapp/push.ts';

/**
 * Opens what every process of the panel needs (the API, the worker, the command line):
 * configuration, the database with its migrations run, the secrets' sealer, the job queue, the
 * outbound guard, the accounts and the library, and the modules' services (each built the
 * first time it is used). The modules' guards are registered here, so every process that can
 * change the library checks them. No HTTP server and no background work start here.
 */
export async function openCore(config: Config, options: CoreOptions = {}, defs: readonly ModuleDefinition[] = modules): Promise<ModuleContext> {
  ensureDataDir(config.dataDir);
  const store = openDb(config);
  await migrate(store);
  // every installation key is made on the first start (the push key pair by its own recipe), so a
  // copy of secrets/ taken after it lets another server join
  vapidPublicKey(config.dataDir);
  await assertInstallationKeys(store.db, config.dataDir).catch(async (e: unknown) => {
    await store.db.destroy();
    throw e;
  });
  const sealer = createSealer(secret(config.dataDir, 'ftp.key'));
  const accounts = createAccountsService({ db: store.db, repo: createAccountsRepo(), sealer, nodeId: config.media.nodeId });
  const library = createLibrary({ db: store.db, dataDir: config.dataDir, lockAccount: (tx, id) => accounts.lockStorage(tx, id) });
  const write = options.log ?? ((scope: string, line: string) => console.log(`[${scope}] ${line}`));
  const ctx: ModuleContext = {
    config, store, accounts, library, sealer,
    jobs: createJobs({ db: store.db }),
    guard: createOutboundGuard({ allow: config.outboundAllow }),
    services: {} as Services,
    events: createEventBus(defs, () => ctx),
    accountFiles: defs.flatMap((d) => d.accountFiles ?? []),
    options,
    log: (scope) => (line) => write(scope, line),
  };
  ctx.services = serviceContainer(defs, ctx);
  for (const d of defs) d.guards?.(ctx);
  return ctx;
}

/**
 * The modules' services, each built the first time it is read. A service that needs another
 * reads it from the container when it is built; two that call each other read each other
 * inside their functions (late), never while being built — a cycle at build time is an error
 * that names the services.
 */
function serviceContainer(defs: readonly ModuleDefinition[], ctx: ModuleContext): Services {
  const container = {} as Record<string, unknown>;
  const building: string[] = [];
  for (const d of defs) {
    for (const [name, factory] of Object.entries(d.services ?? {}) as [string, (c: ModuleContext) => unknown][]) {
      if (Object.hasOwn(container, name)) throw new Error(`service ${name} provided twice (${d.name})`);
      let value: unknown;
      let built = false;
      Object.defineProperty(container, name, {
        enumerable: true,
        get() {
          if (built) return value;
          if (building.includes(name)) throw new Error(`services built in a cycle: ${[...building, name].join(' → ')}`);
          building.push(name);
          try {
            value = factory(ctx);
            built = true;
          } finally {
            building.pop();
          }
          return value;
        },
      });
    }
  }
  return new Proxy(container, {
    get(target, key) {
      if (typeof key === 'string' && key !== 'then' && !Object.hasOwn(target, key)) throw new Error(`no module provides the service ${key}`);
      return Reflect.get(target, key);
    },
  }) as unknown as Services;
}
