import { buildApp } from './api.ts';
import { openCore } from './core.ts';
import { loadConfig } from './platform/config.ts';
import { startFtp } from './modules/ftp-server/ftp-server.ts';
import { startOrExit } from './platform/start-errors.ts';

/** The API process: HTTP API, the built web app and the accounts' FTP server. */
export async function runApi(): Promise<() => Promise<void>> {
  const core = await openCore(loadConfig());
  const app = await buildApp(core, { logger: process.env.LOG_REQUESTS === '1' });
  await app.listen({ port: core.config.port, host: core.config.host });
  await core.library.sweep();
  const ftp = await startFtp(core);
  return async () => {
    await ftp.close();
    await app.close();
    await core.store.db.destroy();
  };
}

if (import.meta.main) {
  const stop = await startOrExit(runApi);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => void stop().then(() => process.exit(0)));
  }
}
