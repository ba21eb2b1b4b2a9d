import { parseArgs } from 'node:util';
import { openCore } from '../core.ts';
import { loadConfig } from '../platform/config.ts';
import { AppError } from '../platform/errors.ts';

const USAGE = `Uso:
  ./painel apikey create --name NOME [--revenda LOGIN]   cria uma chave (mostrada só agora)
  ./painel apikey list
  ./painel apikey revoke ID`;

/** `./painel apikey …`: billing systems' keys for the provisioning API (docs/api/provisioning.md). */
async function main(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, options: { name: { type: 'string' }, revenda: { type: 'string' } } });
  } catch {
    console.error(USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  if (!sub || !['create', 'list', 'revoke'].includes(sub)) {
    console.error(USAGE);
    return 2;
  }
  const core = await openCore(loadConfig());
  try {
    const keys = core.services.apiKeys;
    if (sub === 'create') {
      const { key, secret } = await keys.create({ name: values.name ?? '', revenda: values.revenda });
      console.log(`Chave criada: #${key.id} ${key.name} (${key.revenda ? `revenda ${key.revenda}` : 'toda a instalação'})`);
      console.log('Guarde a chave agora: ela não será mostrada de novo.');
      console.log(secret);
    } else if (sub === 'list') {
      const rows = await keys.list();
      console.log(['id', 'nome', 'prefixo', 'escopo', 'criada', 'ultimo_uso', 'revogada'].join('\t'));
      for (const k of rows) {
        console.log([
          k.id, k.name, `pk_${k.prefix}_…`, k.revenda ? `revenda ${k.revenda}` : 'instalação', k.created_at, k.last_used_at ?? '-', k.revoked_at ?? '-',
        ].join('\t'));
      }
    } else {
      const raw = positionals[0] ?? '';
      if (!/^\d{1,9}$/.test(raw)) throw new AppError('api_key_not_found');
      const key = await keys.revoke(Number(raw));
      console.log(`Chave #${key.id} ${key.name} revogada.`);
    }
    return 0;
  } catch (e) {
    console.error(e instanceof AppError ? `Erro: ${e.message}` : e);
    return 1;
  } finally {
    await core.store.db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
