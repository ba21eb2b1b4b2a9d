import { buildApp } from './api.ts';
import { openCore } from './core.ts';
import { loadConfig } from './platform/config.ts';
import { startFtp } from './modules/ftp-server/ftp-server.ts';
import { SWEEP_MS } from './modules/library/library.ts';
import { startOrExit } from './platform/start-errors.ts';

/** The API process: HTTP API, the built web app and the accounts' FTP server. */
export async function runApi(): Promise<() => Promise<void>> {
  const core = await openCore(loadConfig());
  const app = await buildApp(core, { logger: process.env.LOG_REQUESTS === '1' });
  await app.listen({ port: core.config.port, host: core.config.host });
  await core.library.sweep();
  // an upload that dies with its process (this one killed, or another API process) leaves its
  // temp file and reservation: they go within a minute, whichever API process is still running
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    core.library.sweep().catch((e: Error) => console.error(`limpeza de envios interrompidos: ${e.message}`)).finally(() => (sweeping = false));
  }, SWEEP_MS);
  sweeper.unref();
  const ftp = await startFtp(core);
  return async () => {
    clearInterval(sweeper);
    await ftp.close();
    await app.close();
    await core.store.db.destroy();
  };
}

if (import.meta.main) {
  const stop = await startOrExit(runApi);
  let stopping = false;
  const end = () => {
    if (stopping) return;
    stopping = true;
    void stop().then(() => process.exit(0), () => process.exit(1));
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, end);
  // started by start.ts: when that process dies, its end of our stdin closes and we follow
  if (process.env.PAINEL_PARENT_PIPE === '1') {
    process.stdin.on('end', end).on('close', end).resume();
  }
}
