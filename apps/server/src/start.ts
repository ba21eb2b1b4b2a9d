import { isSuspended } from '@painel/contract';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { openCore } from './core.ts';
import { loadConfig } from './platform/config.ts';
import { createSupervisor, type SupervisorOptions } from './platform/supervisor.ts';
import { EXIT_REFUSED, startOrExit } from './platform/start-errors.ts';

/**
 * `./painel start`: prepares DATA_DIR (database, secrets, a demo account on an empty
 * database) and runs every process of the product on this machine: the API (main.ts) and the
 * media worker (worker.ts), each a supervised child restarted when it dies. This process only
 * supervises; killing it takes both children down with it.
 */
const config = loadConfig();
const core = await startOrExit(() => openCore(config));
const demoFile = path.join(config.dataDir, 'secrets', 'demo-account.txt');
const DEMO_EMAIL = 'demo@painel.local';
if ((await core.accounts.list()).length === 0) {
  // a fresh installation gets one account to log in with; its password is random, never a known default
  const password = randomBytes(9).toString('base64url');
  await core.accounts.create({ email: DEMO_EMAIL, usuario: 'demo', nome: 'Conta Demonstração', password });
  fs.writeFileSync(demoFile, `${DEMO_EMAIL}\n${password}\n`, { mode: 0o600 });
}
let demoLine = '';
if (fs.existsSync(demoFile)) {
  const [email = '', password = ''] = fs.readFileSync(demoFile, 'utf8').split('\n');
  const row = await core.accounts.byLogin(email);
  // shown only while the demo account still has the password it was created with
  if (row && !isSuspended(row.suspension) && (await argon2.verify(row.password_hash, password).catch(() => false))) {
    demoLine = `Conta de demonstração: ${email} / senha ${password}  (altere com ./painel user passwd ${email})`;
  }
}
await core.store.db.destroy();

// the media worker (nginx-rtmp and later every ffmpeg) and the API are entry points of their own
// (main.ts and worker.ts run alone under systemd or on other machines); here each is a supervised
// child, restarted when it dies, that also exits if this process dies (its stdin closes)
const child = (name: string, entry: string, backoff?: SupervisorOptions['backoff']) => createSupervisor({
  name, command: process.execPath, args: [path.join(import.meta.dirname, entry)],
  env: { ...process.env, PAINEL_PARENT_PIPE: '1' }, stdin: 'pipe', killAfterMs: 8000, backoff,
  onLine: (l) => console.log(l), log: (m) => console.log(`[painel] ${m}`),
  // a newer database is refused the same way at every start: not retried
  permanentError: (_tail, code) => (code === EXIT_REFUSED ? `${name} recusou o banco de dados (código ${code})` : null),
});
const worker = child('worker', 'worker.ts');
// the API is back a second or two after it dies: uploads and pages wait on it
const api = child('api', 'main.ts', { minMs: 1000, maxMs: 30_000, resetAfterMs: 60_000 });
let stopping: Promise<unknown> | null = null;
const stop = () => (stopping ??= Promise.all([worker.stop(), api.stop()]));
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => void stop().then(() => process.exit(0)));
}
worker.start();
api.start();

// the lines below once the API answers (any status: a worker still starting makes /api/health 503)
const probeHost = ['', '0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
const answers = () => fetch(`http://${probeHost}:${config.port}/api/health`, { signal: AbortSignal.timeout(2000) }).then(() => true, () => false);
while (!(await answers())) {
  const s = api.status();
  // an API that cannot start at all (port taken, bad configuration) ends the start, as before
  if (s.state === 'error' || s.restarts > 0) {
    console.error(`A API não iniciou: ${s.lastError ?? ''}`);
    await stop();
    process.exit(s.state === 'error' ? EXIT_REFUSED : 1);
  }
  await new Promise((r) => setTimeout(r, 200));
}
const shown = config.publicHost === '0.0.0.0' ? 'localhost' : config.publicHost;
console.log(`\nPainel no ar: http://${shown}:${config.port}`);
console.log(`Servidor RTMP para o OBS: rtmp://${shown}:${config.rtmpPort}/live (chave em Dados de Conexão)`);
if (demoLine) console.log(demoLine);
console.log('Ctrl-C para encerrar.\n');
