import { nowIso, type Db } from '../../platform/db.ts';
import type { Auth } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import type { ChannelServer } from '../streaming/urls.ts';
import { createSrtRepo, type SrtRepo } from './srt.repo.ts';

const repo = createSrtRepo();

/**
 * The address an encoder publishes to by SRT: the account's server, its own port, its stream
 * key's secret as the passphrase (AES; a wrong one is refused in the handshake) and the
 * receiver latency in microseconds, as OBS and ffmpeg read it.
 */
export function srtUrl(host: string, port: number, secret: string, latencyMs: number): string {
  return `srt://${host}:${port}?passphrase=${secret}&latency=${latencyMs * 1000}`;
}

/**
 * The SRT address of an account for its connection data: null while SRT is off (or its port is
 * outside this installation's range). Read by the streaming module's `GET /api/dados-conexao`.
 */
export async function srtAddressOf(db: Db, config: Pick<Config, 'srt'>, userId: number, host: string, secret: string): Promise<string | null> {
  const row = await repo.ofUser(db, userId);
  if (!row?.ativo || !inRange(config, row.port)) return null;
  return srtUrl(host, row.port, secret, config.srt.latencyMs);
}

const inRange = (config: Pick<Config, 'srt'>, port: number) => port >= config.srt.portMin && port <= config.srt.portMax;

/** True for the unique-constraint error of two accounts taking the same free port at once. */
const isConflict = (e: unknown) => /UNIQUE|unique|duplicate key|23505/.test(`${(e as { code?: string }).code ?? ''} ${(e as Error).message}`);

/**
 * The owner's side of SRT ingest: turning it on gives the account a port of the range (kept when
 * it is turned off, so the encoder's settings stay valid), and the worker of the account's
 * server runs the listener (srt.listeners.ts) while it is on.
 */
export function createSrtService(deps: {
  db: Db; config: Config; repo?: SrtRepo; serverOf: (codigo: number | null) => Promise<ChannelServer>;
  /** The stream key's secret the passphrase is: the accounts module's, created when the account never had one (like a first read of the connection data). */
  streamSecret: (tx: Db, userId: number) => Promise<string | null>;
}) {
  const { db, config } = deps;
  const r = deps.repo ?? repo;

  async function answer(auth: Auth) {
    const row = await r.ofUser(db, auth.account.id);
    const ativo = !!row?.ativo && inRange(config, row.port);
    let url: string | null = null;
    if (ativo) {
      const secret = await deps.streamSecret(db, auth.account.id);
      const server = await deps.serverOf(auth.account.codigo_servidor);
      if (secret) url = srtUrl(server.host, row!.port, secret, config.srt.latencyMs);
    }
    return { success: true as const, ativo: ativo && url !== null, porta: ativo ? row!.port : null, srt_url: url, latencia_ms: config.srt.latencyMs };
  }

  /** The first free port of the range, or 409 srt_ports_exhausted. */
  async function freePort(): Promise<number> {
    const taken = new Set(await r.portsIn(db, config.srt.portMin, config.srt.portMax));
    for (let p = config.srt.portMin; p <= config.srt.portMax; p++) if (!taken.has(p)) return p;
    throw new AppError('srt_ports_exhausted');
  }

  return {
    get: answer,

    async set(auth: Auth, ativo: boolean) {
      const userId = auth.account.id;
      const at = nowIso();
      // the passphrase is the stream key's secret: it exists before the listener does
      if (ativo) await deps.streamSecret(db, userId);
      for (let attempt = 0; ; attempt++) {
        const row = await r.ofUser(db, userId);
        try {
          if (!ativo) {
            if (row) await r.set(db, userId, { ativo: 0 }, at);
          } else if (!row) {
            await r.insert(db, userId, await freePort(), at);
          } else if (!inRange(config, row.port)) {
            // the range changed since the port was given: a new one of the current range
            await r.set(db, userId, { ativo: 1, port: await freePort() }, at);
          } else {
            await r.set(db, userId, { ativo: 1 }, at);
          }
          break;
        } catch (e) {
          // another account took the same free port at the same moment: take the next one
          if (attempt < 5 && isConflict(e)) continue;
          throw e;
        }
      }
      return answer(auth);
    },
  };
}
export type SrtService = ReturnType<typeof createSrtService>;
