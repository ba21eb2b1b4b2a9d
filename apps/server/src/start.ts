import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { openCore } from './core.ts';
import { loadConfig } from './platform/config.ts';
import { runApi } from './main.ts';
import { createSupervisor } from './platform/supervisor.ts';
import { startOrExit } from './platform/start-errors.ts';

/**
 * `./painel start`: prepares DATA_DIR (database, secrets, a demo account on an empty
 * database) and runs every process of the product on this machine.
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
  if (row && !row.disabled && (await argon2.verify(row.password_hash, password).catch(() => false))) {
    demoLine = `Conta de demonstração: ${email} / senha ${password}  (altere com ./painel user passwd ${email})`;
  }
}
await core.store.db.destroy();

// the media worker (nginx-rtmp and later every ffmpeg) is its own entry point so it can run on
// another machine; here it is a supervised child that also exits if this process dies (stdin)
const worker = createSupervisor({
  name: 'worker', command: process.execPath, args: [path.join(import.meta.dirname, 'worker.ts')],
  env: { ...process.env, PAINEL_PARENT_PIPE: '1' }, stdin: 'pipe', killAfterMs: 8000, onLine: (l) => console.log(l),
});
worker.start();
const stopApi = await runApi();
const stop = () => Promise.all([worker.stop(), stopApi()]);
const shown = config.publicHost === '0.0.0.0' ? 'localhost' : config.publicHost;
console.log(`\nPainel no ar: http://${shown}:${config.port}`);
console.log(`Servidor RTMP para o OBS: rtmp://${shown}:${config.rtmpPort}/live (chave em Dados de Conexão)`);
if (demoLine) console.log(demoLine);
console.log('Ctrl-C para encerrar.\n');

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => void stop().then(() => process.exit(0)));
}
