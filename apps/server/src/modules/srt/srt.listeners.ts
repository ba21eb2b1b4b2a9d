import fs from 'node:fs';
import { LIVE_APPLICATION, streamKeyOf } from '@painel/contract';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { killGroup, pidsWithEnv } from '../../platform/exec.ts';
import { eachIsolated } from '../../platform/isolate.ts';
import { createSupervisor, processCommandLine, processStartTime, type Supervisor, type SupervisorOptions } from '../../platform/supervisor.ts';
import type { SrtRepo } from './srt.repo.ts';

/** One listener the node should run: an account with SRT on, its port and the secret its passphrase is. */
export interface ListenerRow {
  user_id: number;
  port: number;
  usuario: string;
  stream_secret: string | null;
}

/** The account's side of a refused handshake, as the worker reads it (whose activity is told). */
export type RefusedAccount = ListenerRow & { tipo?: string | null; codigo_cliente?: number | null };

const ENV_TAG = 'PAINEL_SRT';
const ENV_USER = 'PAINEL_SRT_USER';
/** How often a refused handshake (wrong passphrase) of one listener is written to the log. */
const REFUSED_LOG_MS = 60_000;
/** An encoder connected but silent this long (µs) is dropped, and the port listens again. */
const READ_TIMEOUT_US = 10_000_000;
/** How long a killed left-over listener may take to free its port before the new one starts anyway. */
const ORPHAN_GONE_MS = 2000;

/**
 * The argv of an account's listener: ffmpeg's libsrt listener on the account's port with its
 * stream key's secret as the passphrase (encryption enforced, so a caller with another or no
 * passphrase is refused in the handshake and never reaches ffmpeg), copied without re-encoding
 * into this node's nginx-rtmp as `{login}_live?key=…` — the same publish as OBS by RTMP, so
 * on_publish, HLS, players, restreams, recordings and audience see no difference. ffmpeg opens
 * the RTMP side only once an encoder is in; when the encoder leaves it ends, and a new listener
 * starts at once.
 */
export function listenerArgs(config: Pick<Config, 'srt' | 'bindAddress' | 'rtmpPort' | 'media'>, row: ListenerRow & { stream_secret: string }): string[] {
  const bind = config.bindAddress ? (config.bindAddress.includes(':') ? `[${config.bindAddress}]` : config.bindAddress) : '0.0.0.0';
  const latencyUs = config.srt.latencyMs * 1000;
  // timeout: an encoder connected but sending nothing for 10 s frees the port (the listen itself never times out)
  return [
    '-hide_banner', '-nostdin', '-loglevel', 'warning',
    '-f', 'mpegts',
    '-i', `srt://${bind}:${row.port}?mode=listener&passphrase=${row.stream_secret}&enforced_encryption=1&latency=${latencyUs}&timeout=${READ_TIMEOUT_US}`,
    '-c', 'copy', '-f', 'flv',
    `rtmp://${config.media.rtmpLocalHost}:${config.rtmpPort}/${LIVE_APPLICATION}/${streamKeyOf(row.usuario, row.stream_secret)}`,
  ];
}

export interface SrtListenersOptions {
  db: Db;
  repo: SrtRepo;
  config: Pick<Config, 'srt' | 'bindAddress' | 'rtmpPort' | 'media'>;
  nodeId: number;
  /** Marks this node's listeners, so the next worker finds the ones a crashed worker left running. */
  tag: string;
  backoff?: SupervisorOptions['backoff'];
  /** A handshake was refused (wrong or missing passphrase): at most once a minute per listener. */
  onRefused?: (account: RefusedAccount) => void;
  log?: (m: string) => void;
}

interface Listener {
  sup: Supervisor;
  /** The argv it runs: a changed key or port replaces it. */
  argv: string;
}

/**
 * The worker's SRT listeners: one supervised ffmpeg per account of the node with SRT on. Each
 * pass (the worker's tick) compares the accounts that want one with what runs, starts the
 * missing, replaces the ones whose key or port changed (a new key also drops the encoder, as it
 * does for RTMP) and stops the others (SRT turned off, account disabled or moved). A listener
 * that a crashed worker left running is adopted when it runs the same argv (an SRT broadcast goes
 * on through the worker's restart, as nginx's RTMP ones do), else ended: never two per account.
 */
export function createSrtListeners(o: SrtListenersOptions) {
  const log = o.log ?? ((m: string) => console.log(`[srt] ${m}`));
  const running = new Map<number, Listener>();
  /** Listeners a previous worker left, by account. */
  const orphans = new Map<number, number[]>();
  let stopped = false;
  let passing: Promise<void> = Promise.resolve();

  const redactWith = (secret: string) => (text: string) => text.split(secret).join('***');


  /**
   * The previous worker's listeners of an account: the one that runs exactly `argv` is kept (its
   * pid returned, to be adopted); the others are killed, and waited for (briefly), since they
   * may hold the port.
   */
  async function takeOrphans(userId: number, argv: string | null): Promise<number | undefined> {
    let keep: number | undefined;
    const killed: number[] = [];
    for (const pid of orphans.get(userId) ?? []) {
      if (keep === undefined && argv !== null && processStartTime(pid) !== null && processCommandLine(pid) === argv) keep = pid;
      else {
        killGroup(pid);
        killed.push(pid);
      }
    }
    orphans.delete(userId);
    const until = Date.now() + ORPHAN_GONE_MS;
    while (killed.some((pid) => processStartTime(pid) !== null) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return keep;
  }

  async function start(row: RefusedAccount & { stream_secret: string }): Promise<void> {
    const args = listenerArgs(o.config, row);
    const argv = [o.config.media.ffmpegBin, ...args].join(' ');
    const redact = redactWith(row.stream_secret);
    // a listener of the previous worker that runs exactly this is watched instead of replaced
    const adopt = await takeOrphans(row.user_id, argv);
    let lastRefusal = 0;
    const sup = createSupervisor({
      name: `srt ${row.usuario}`,
      command: o.config.media.ffmpegBin,
      args,
      env: { ...process.env, [ENV_TAG]: o.tag, [ENV_USER]: String(row.user_id) },
      backoff: o.backoff ?? { minMs: 1000, maxMs: 10_000, resetAfterMs: 60_000 },
      ...(adopt !== undefined ? { adopt: { pid: adopt } } : {}),
      // the encoder left (ffmpeg ends with 0): listen again at once
      plannedExit: (code) => code === 0,
      // an ffmpeg built without libsrt (FFMPEG_PATH) never will listen: said once, not retried
      permanentError: (tail) => (tail.some((l) => /Protocol not found/i.test(l)) ? `${o.config.media.ffmpegBin} sem suporte a SRT (libsrt)` : null),
      onLine: (line) => {
        // libsrt's own line for a handshake it refused: "processConnectRequest: rsp(REJECT): 1010 - Incorrect passphrase"
        if (!/rsp\(REJECT\)/.test(line) || Date.now() - lastRefusal < REFUSED_LOG_MS) return;
        lastRefusal = Date.now();
        log(`srt ${row.usuario}: conexão recusada no handshake: ${redact(line.replace(/^.*rsp\(REJECT\):\s*/, ''))}`);
        o.onRefused?.(row);
      },
      log: (m) => log(redact(m)),
    });
    running.set(row.user_id, { sup, argv });
    sup.start();
  }

  async function stopOne(userId: number): Promise<void> {
    const l = running.get(userId);
    if (!l) return;
    running.delete(userId);
    await l.sup.stop();
  }

  async function passOnce(): Promise<void> {
    if (stopped) return;
    const rows = await o.repo.listenersOf(o.db, o.nodeId, o.config.srt.portMin, o.config.srt.portMax);
    const wanted = new Set(rows.filter((r) => r.stream_secret).map((r) => r.user_id));
    // one account's failure (a bad row, a spawn that throws) never stops the others' listeners
    const failed = (what: string) => (_: unknown, reason: string) => log(`${what}: ${reason}`);
    await eachIsolated(rows, async (row) => {
      if (!row.stream_secret || stopped) return;
      const r = { ...row, stream_secret: row.stream_secret };
      const argv = [o.config.media.ffmpegBin, ...listenerArgs(o.config, r)].join(' ');
      const current = running.get(r.user_id);
      if (current && current.argv === argv) return;
      // a new key or port: the old listener (and its encoder) goes first, it holds the port
      if (current) await stopOne(r.user_id);
      if (!stopped) await start(r);
    }, (row, reason) => log(`srt ${row.usuario}: ${redactWith(row.stream_secret ?? '\0')(reason)}`));
    await eachIsolated([...running.keys()].filter((id) => !wanted.has(id)), stopOne, failed('srt: escuta não encerrada'));
    // left-overs of accounts that no longer listen here
    await eachIsolated([...orphans.keys()].filter((id) => !wanted.has(id)), (id) => takeOrphans(id, null), failed('srt: escuta antiga não encerrada'));
  }

  return {
    /** Before the first pass: listeners a crashed worker left running, by account. Returns how many. */
    adoptOrphans(): number {
      let count = 0;
      for (const pid of pidsWithEnv([`${ENV_TAG}=${o.tag}`])) {
        let user = 0;
        try {
          const env = new Map(processEnv(pid));
          user = Number(env.get(ENV_USER) ?? 0);
        } catch {
          continue;
        }
        orphans.set(user, [...(orphans.get(user) ?? []), pid]);
        count++;
      }
      if (count) log(`${count} escuta(s) SRT de uma execução anterior encontrada(s)`);
      return count;
    },

    /** One pass (serialised): what runs follows what the accounts want. */
    reconcile(): Promise<void> {
      const run = passing.then(passOnce);
      passing = run.catch(() => undefined);
      return run;
    },

    /** Stops every listener (the worker's planned stop). */
    async stop(): Promise<void> {
      stopped = true;
      await passing;
      await Promise.all([...running.keys()].map(stopOne));
    },

    /** Accounts with a listener now, and each one's pid (tests). */
    listening: (): Map<number, number | null> => new Map([...running].map(([id, l]) => [id, l.sup.status().pid])),
  };
}
export type SrtListeners = ReturnType<typeof createSrtListeners>;

/** A process's environment (throws when it is gone or not ours to read). */
function processEnv(pid: number): [string, string][] {
  return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean).map((kv) => {
    const i = kv.indexOf('=');
    return [kv.slice(0, i), kv.slice(i + 1)];
  });
}
