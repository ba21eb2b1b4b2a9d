import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.ts';
import { BackupError, createBackup, restoreBackup } from '../backup/backup.ts';

const USAGE = `Uso:
  ./painel backup ARQUIVO [--without-media]   cópia do banco, dos segredos e (sem --without-media) dos vídeos, logos e apps
  ./painel restore ARQUIVO                    restaura um backup numa instalação vazia (DATA_DIR e banco vazios)`;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function main(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, options: { 'without-media': { type: 'boolean' } } });
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if ((sub !== 'backup' && sub !== 'restore') || positionals.length !== 1 || (sub === 'restore' && values['without-media'])) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  try {
    if (sub === 'backup') {
      const r = await createBackup(config, positionals[0]!, { withoutMedia: values['without-media'] });
      console.log(`Backup gravado em ${r.file}: banco ${r.manifest.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${r.files} arquivos (${mb(r.bytes)})${
        r.manifest.withoutMedia ? ', sem vídeos, logos e apps' : ''}.`);
      console.log(`Impressão digital dos segredos: ${r.manifest.secretsFingerprint.slice(0, 16)}. Guarde o arquivo em lugar seguro: ele contém os segredos da instalação.`);
    } else {
      const r = await restoreBackup(config, positionals[0]!);
      console.log(`Backup de ${r.manifest.createdAt} (painel ${r.manifest.panelVersion}) restaurado em ${config.dataDir}: banco ${
        r.manifest.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} e ${r.files} arquivos conferidos.`);
    }
    return 0;
  } catch (e) {
    if (e instanceof BackupError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
}

process.exitCode = await main(process.argv.slice(2));
