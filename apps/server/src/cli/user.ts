import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { ACCOUNT_TYPES, type AccountType, isSuspended } from '@painel/contract';
import { openCore } from '../core.ts';
import { loadConfig } from '../platform/config.ts';
import { AppError } from '../platform/errors.ts';

const USAGE = `Uso:
  ./painel user add --email E --password P [--usuario U] [--nome N] [--tipo streaming|revenda|admin]
                    [--bitrate 2500] [--espectadores 100] [--espaco 1000] [--revenda EMAIL]
                    [--streamings 10]   (revenda: quantas streamings ela pode ter)
                    [--max-lives-ativas 5] [--max-lives 50] [--max-agendamentos 200]
                    [--servidor N]      (o servidor da conta; sem ele, o servidor online mais livre)
  ./painel user list
  ./painel user passwd EMAIL [--password P]     (sem --password, a senha é lida da entrada)
  ./painel user disable EMAIL
  ./painel user enable EMAIL`;

async function readPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY });
  try {
    return (await rl.question('Nova senha: ')).trim();
  } finally {
    rl.close();
  }
}

// an empty value is no number (Number('') would be 0, a valid limit for the count fields)
const num = (v: string | undefined): number | undefined => (v === undefined ? undefined : v.trim() === '' ? Number.NaN : Number(v));

async function main(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      email: { type: 'string' }, password: { type: 'string' }, usuario: { type: 'string' }, nome: { type: 'string' },
      tipo: { type: 'string' }, bitrate: { type: 'string' }, espectadores: { type: 'string' }, espaco: { type: 'string' },
      revenda: { type: 'string' }, 'max-lives-ativas': { type: 'string' }, 'max-lives': { type: 'string' },
      'max-agendamentos': { type: 'string' }, streamings: { type: 'string' }, servidor: { type: 'string' },
    },
  });
  if (!sub || !['add', 'list', 'passwd', 'disable', 'enable'].includes(sub)) {
    console.error(USAGE);
    return 2;
  }
  const core = await openCore(loadConfig());
  try {
    const accounts = core.accounts;
    if (sub === 'add') {
      if (!values.email || !values.password) throw new AppError('cli_credentials_required');
      if (values.tipo && !ACCOUNT_TYPES.includes(values.tipo as AccountType)) throw new AppError('account_type_invalid');
      // a reseller's pool holds this many streamings (its other limits are its own plan)
      const streamings = num(values.streamings);
      if (streamings !== undefined) {
        if (values.tipo !== 'revenda') throw new AppError('streamings_reseller_only');
        if (!Number.isInteger(streamings) || streamings < 0) throw new AppError('account_value_invalid', { field: 'streamings' });
      }
      // a known server, or this node itself (checked with the placement, in the transaction)
      const servidor = num(values.servidor);
      if (servidor !== undefined && !(Number.isSafeInteger(servidor) && servidor > 0)) throw new AppError('server_not_found');
      const prepared = await accounts.prepare({
        email: values.email, password: values.password, usuario: values.usuario, nome: values.nome,
        tipo: values.tipo as AccountType | undefined, bitrate: num(values.bitrate), espectadores: num(values.espectadores),
        espaco: num(values.espaco), revendaEmail: values.revenda, maxLivesAtivas: num(values['max-lives-ativas']),
        maxLives: num(values['max-lives']), maxAgendamentos: num(values['max-agendamentos']),
        codigoServidor: servidor, localNode: core.config.media.nodeId,
      });
      const row = await core.store.db.transaction().execute(async (tx) => {
        const created = await accounts.insert(tx, prepared);
        if (streamings === undefined) return created;
        await accounts.setMaxStreamings(tx, created.id, streamings);
        return { ...created, max_streamings: streamings };
      });
      console.log(`Conta criada: #${row.id} ${row.email} (usuário ${row.usuario}, ${row.tipo === 'admin' ? 'operador' : row.tipo}${
        row.tipo === 'revenda' ? `, ${row.max_streamings} streamings` : ''}, servidor ${row.codigo_servidor})`);
    } else if (sub === 'list') {
      const rows = await accounts.list();
      console.log(['id', 'email', 'usuario', 'tipo', 'bitrate', 'espectadores', 'espaco', 'max_lives_ativas', 'max_lives', 'max_agendamentos', 'situacao'].join('\t'));
      for (const r of rows) {
        console.log([
          r.id, r.email, r.usuario, r.tipo, r.bitrate, r.espectadores, r.espaco, r.max_lives_ativas, r.max_lives, r.max_agendamentos,
          isSuspended(r.suspension) ? 'desativada' : 'ativa',
        ].join('\t'));
      }
    } else {
      const email = positionals[0] ?? values.email;
      if (!email) throw new AppError('cli_email_required');
      if (sub === 'passwd') {
        await accounts.setPassword(email, values.password ?? (await readPassword()));
        console.log('Senha alterada; as sessões abertas da conta foram encerradas.');
      } else {
        await accounts.setDisabled(email, sub === 'disable');
        console.log(sub === 'disable' ? 'Conta desativada.' : 'Conta reativada.');
      }
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
