import type { Client } from 'basic-ftp';
import { AppError } from '../../platform/errors.ts';
import type { FtpLogin, FtpTarget } from './remote-ftp.ts';

/** An account's browsing connection: where it goes, how it logs in, where it was last. */
export interface FtpSession {
  target: FtpTarget;
  login: FtpLogin;
  client: Client;
  currentPath: string;
}

interface Held extends FtpSession {
  timer?: NodeJS.Timeout;
  /** Commands of this session, one after the other: an FTP control connection does one thing at a time. */
  queue: Promise<unknown>;
}

/**
 * The browsing sessions of this API process, one per account, in memory only: the password
 * lives here while the customer browses and is gone on disconnect, on a new connect (which
 * replaces the session), after `idleMs` without use, and when the process stops.
 */
export function createFtpSessions(opts: { idleMs: number; reopen: (target: FtpTarget, login: FtpLogin) => Promise<Client> }) {
  const held = new Map<number, Held>();

  function drop(userId: number, only?: Held): boolean {
    const s = held.get(userId);
    if (!s || (only && s !== only)) return false;
    held.delete(userId);
    clearTimeout(s.timer);
    s.client.close();
    return true;
  }
  function touch(userId: number, s: Held): void {
    clearTimeout(s.timer);
    s.timer = setTimeout(() => drop(userId, s), opts.idleMs);
    s.timer.unref();
  }

  return {
    get: (userId: number): FtpSession | undefined => held.get(userId),
    put(userId: number, session: FtpSession): void {
      drop(userId);
      const s: Held = { ...session, queue: Promise.resolve() };
      held.set(userId, s);
      touch(userId, s);
    },
    /** Ends the account's session; false when it had none. */
    drop: (userId: number) => drop(userId),
    /**
     * Runs `fn` on the account's session after the commands before it. A control connection the
     * server closed meanwhile (old servers drop idle clients) is opened again first.
     */
    use<T>(userId: number, fn: (s: FtpSession) => Promise<T>): Promise<T> {
      const s = held.get(userId);
      if (!s) return Promise.reject(new AppError('ftp_not_connected'));
      const run = async (): Promise<T> => {
        // disconnected (or replaced) while this command waited its turn
        if (held.get(userId) !== s) throw new AppError('ftp_not_connected');
        touch(userId, s);
        try {
          if (s.client.closed) s.client = await opts.reopen(s.target, s.login);
          return await fn(s);
        } finally {
          if (held.get(userId) === s) touch(userId, s);
        }
      };
      const p = s.queue.then(run, run);
      s.queue = p.catch(() => undefined);
      return p;
    },
    closeAll(): void {
      for (const userId of [...held.keys()]) drop(userId);
    },
  };
}
export type FtpSessions = ReturnType<typeof createFtpSessions>;
