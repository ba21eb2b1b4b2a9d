import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { EdgeConfigError, edgeArgs, edgeConfig, parseEdgeOrigin, type EdgeOptions } from '@painel/media/edge-config';
import { loadConfig } from '../platform/config.ts';

/**
 * `./painel edge --origin URL`: an HLS edge, an nginx `proxy_cache` in front of one server's HLS
 * (packages/media/src/edge-config.ts), run in the foreground with the nginx the worker uses.
 * Players pointed at the edge fetch the playlists and every fragment from it; the server gets
 * one request per fragment and about one per playlist refresh. `--print` only prints the
 * configuration, for operators who run their own nginx.
 */

const USAGE = `Uso: ./painel edge --origin URL [--port N] [--bind ENDEREÇO] [--cache-dir PASTA] [--access-log] [--print]
  --origin URL      o HLS do servidor: http(s)://host:HLS_PORT (ou o HLS_PUBLIC_URL, ou a API dele)
  --port N          porta onde o edge atende (padrão 8080)
  --bind ENDEREÇO   IP onde o edge escuta (padrão: todos)
  --cache-dir PASTA cache, arquivos temporários e configuração (padrão DATA_DIR/edge)
  --access-log      grava PASTA/logs/access.log com o estado do cache de cada pedido
  --print           só imprime a configuração do nginx`;

export class EdgeUsageError extends Error {}

export interface EdgeCommand {
  options: EdgeOptions;
  print: boolean;
}

/** The command line, checked: every mistake is a clear Portuguese message (EdgeUsageError). */
export function parseEdgeArgs(argv: string[], defaults: { dataDir: string }): EdgeCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        origin: { type: 'string' }, port: { type: 'string' }, bind: { type: 'string' }, 'cache-dir': { type: 'string' },
        'access-log': { type: 'boolean' }, print: { type: 'boolean' },
      },
    }));
  } catch (e) {
    const { code, message } = e as { code?: string; message: string };
    const named = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
    const what = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? `Opção desconhecida: ${named}`
      : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ? `Falta o valor de ${named || 'uma opção'}`
        : code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' ? 'Argumento inesperado (toda opção começa com --)'
          : 'Argumentos inválidos';
    throw new EdgeUsageError(`${what}\n${USAGE}`);
  }
  if (!values.origin) throw new EdgeUsageError(`Informe a origem: --origin http(s)://servidor:porta\n${USAGE}`);
  try {
    parseEdgeOrigin(values.origin);
  } catch (e) {
    throw new EdgeUsageError(`Origem inválida (${(e as Error).message}). Use o endereço HLS do servidor, por exemplo http://servidor1.exemplo.com:3002`);
  }
  const portText = values.port ?? '8080';
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new EdgeUsageError(`Porta inválida: ${portText} (de 1 a 65535)`);
  const bind = values.bind ?? '';
  if (bind && !['0.0.0.0', '::', '*'].includes(bind) && !isIP(bind.replace(/^\[(.*)\]$/, '$1'))) {
    throw new EdgeUsageError(`Endereço de escuta inválido: ${bind} (um IP desta máquina, 0.0.0.0 ou ::)`);
  }
  const dir = path.resolve(values['cache-dir'] ?? path.join(defaults.dataDir, 'edge'));
  if (!/^\/[A-Za-z0-9._/@+-]*$/.test(dir)) {
    throw new EdgeUsageError(`Pasta do cache inválida: ${dir} (um caminho só com letras, números e . _ / @ + -, sem espaços)`);
  }
  const options: EdgeOptions = { origin: values.origin, port, bind, dir, accessLog: values['access-log'] ?? false };
  try {
    edgeConfig(options);
  } catch (e) {
    if (e instanceof EdgeConfigError) throw new EdgeUsageError(`Configuração inválida: ${e.message}`);
    throw e;
  }
  return { options, print: values.print ?? false };
}

/** nginx started as root drops its workers to `nobody`, who cannot write the cache: run them as the folder's owner. */
function workerUser(dir: string): { name: string; group: string } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  let st: fs.Stats;
  try {
    st = fs.statSync(dir);
  } catch {
    return undefined;
  }
  const field = (file: string, id: number) =>
    fs.readFileSync(file, 'utf8').split('\n').map((l) => l.split(':')).find((f) => f[2] === String(id))?.[0];
  return { name: field('/etc/passwd', st.uid) ?? 'root', group: field('/etc/group', st.gid) ?? 'root' };
}

/** Where this machine reaches the edge's listener, for the readiness check. */
function reachableAt(bind: string): string {
  const a = bind.replace(/^\[(.*)\]$/, '$1');
  if (!a || a === '0.0.0.0' || a === '*') return '127.0.0.1';
  if (a === '::') return '[::1]';
  return a.includes(':') ? `[${a}]` : a;
}

async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  let cmd: EdgeCommand;
  try {
    cmd = parseEdgeArgs(argv, { dataDir: config.dataDir });
  } catch (e) {
    if (!(e instanceof EdgeUsageError)) throw e;
    console.error(e.message);
    return 2;
  }
  const { dir } = cmd.options;
  if (cmd.print) {
    process.stdout.write(edgeConfig({ ...cmd.options, user: workerUser(dir) }));
    console.error(`# antes de iniciar: mkdir -p ${dir}/cache ${dir}/tmp ${dir}/logs (graváveis pelos processos do nginx)`);
    return 0;
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const owner = fs.statSync(dir);
  for (const d of ['cache', 'tmp', 'logs']) {
    fs.mkdirSync(path.join(dir, d), { recursive: true, mode: 0o700 });
    // nginx's workers (the folder's owner when started as root) write here
    if (process.getuid?.() === 0) fs.chownSync(path.join(dir, d), owner.uid, owner.gid);
  }
  const configFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(`${configFile}.tmp`, edgeConfig({ ...cmd.options, user: workerUser(dir) }), { mode: 0o600 });
  fs.renameSync(`${configFile}.tmp`, configFile);

  const child = spawn(config.media.nginxBin, edgeArgs({ dir, configFile }), { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number>((resolve) => {
    child.once('error', (e) => {
      console.error(`Não foi possível iniciar o nginx (${config.media.nginxBin}): ${e.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 0 : 1)));
  });
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    });
  }
  const host = reachableAt(cmd.options.bind ?? '');
  const ready = (async () => {
    for (let i = 0; i < 100 && child.exitCode === null; i++) {
      const ok = await fetch(`http://${host}:${cmd.options.port}/health`).then((r) => r.ok, () => false);
      if (ok) return true;
      await sleep(100);
    }
    return false;
  })();
  const first = await Promise.race([ready, exited.then(() => false)]);
  if (first) {
    console.log(`Edge HLS no ar: http://${host}:${cmd.options.port}/hls/<canal>.m3u8 ← origem ${cmd.options.origin} (cache em ${dir}/cache)`);
  } else if (child.exitCode === null) {
    console.error(`O edge não respondeu em http://${host}:${cmd.options.port}/health em 10 s; o nginx segue rodando`);
  }
  const code = await exited;
  return stopping ? 0 : code;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
