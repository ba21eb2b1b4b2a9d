import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from 'basic-ftp';
import {
  msg, type FtpConnectBody, type FtpConnectResponse, type FtpConnectionStatus, type FtpListResponse, type FtpMigrateBody,
  type FtpScanResponse, type MigrationStatus,
} from '@painel/contract';
import type { Core } from '../module.ts';
import { migrationJob, type MigrationInput } from './ftp-migration.jobs.ts';
import type { Auth } from '../../platform/auth.ts';
import { busy } from '../../platform/jobs.ts';
import { AppError } from '../../platform/errors.ts';
import { ownerOf } from '../library/library.ts';
import { SCAN_LIMITS, scanTree, type ScanLimits } from './ftp-scan.ts';
import { createFtpMigrationRepo } from './ftp-migration.repo.ts';
import { createFtpSessions } from './ftp-sessions.ts';
import { migrationStatusOf, type MigrationDetail } from './migration-status.ts';
import { approveTarget, listDir, openFtp, remoteFailure, type FtpLogin, type FtpTarget } from './remote-ftp.ts';

/** A browsing session unused this long is closed, and its password forgotten. */
export const SESSION_IDLE_MS = 10 * 60_000;
/** How long a cancel waits for the worker to stop the job, so the page's next status read is idle. */
const CANCEL_WAIT_MS = 5000;
/** Logins an account may try per minute: the panel must not serve as a password guesser against other people's servers. */
const CONNECTS_PER_MINUTE = 10;
const repo = createFtpMigrationRepo();

export interface FtpMigrationOptions {
  idleMs?: number;
  scanLimits?: ScanLimits;
  /** basic-ftp's timeout for one answer of the server. */
  timeoutMs?: number;
}

/**
 * FTP migration for the HTTP calls: the account's browsing session (connect, list, scan,
 * disconnect) held in this process, and the migration job queued for the worker, read and
 * cancelled. Everything acts on the acting account's own session and jobs only.
 */
export function createFtpMigrationService(deps: { core: Core } & FtpMigrationOptions) {
  const { core } = deps;
  const open = (target: FtpTarget, login: FtpLogin): Promise<Client> => openFtp(target, login, { timeoutMs: deps.timeoutMs ?? 20_000 });
  const sessions = createFtpSessions({ idleMs: deps.idleMs ?? SESSION_IDLE_MS, reopen: open });
  const attempts = new Map<number, number[]>();
  function throttle(userId: number): void {
    const now = Date.now();
    const recent = (attempts.get(userId) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= CONNECTS_PER_MINUTE) throw new AppError('too_many_requests');
    recent.push(now);
    attempts.set(userId, recent);
  }

  return {
    connectionStatus(auth: Auth): FtpConnectionStatus {
      const s = sessions.get(auth.userId);
      return {
        success: true, connected: !!s, host: s?.target.host ?? null, porta: s?.target.port ?? null, usuario: s?.login.user ?? null,
        currentPath: s?.currentPath ?? null,
      };
    },

    /**
     * Checks the server with the outbound guard (nothing is opened when it refuses), logs in,
     * lists the login directory and keeps the session.
     */
    async connect(auth: Auth, body: FtpConnectBody): Promise<FtpConnectResponse> {
      throttle(auth.userId);
      // a new connect replaces the session, also when it fails: the page then shows the form again
      sessions.drop(auth.userId);
      const target = await approveTarget(core.guard, core.config.outboundAllow, body.ip, body.porta);
      const login = { user: body.usuario, password: body.senha };
      const client = await open(target, login);
      try {
        const home = await client.pwd().catch(() => '/');
        const currentPath = home.startsWith('/') ? home : '/';
        const files = await listDir(client, currentPath);
        sessions.put(auth.userId, { target, login, client, currentPath });
        return { success: true, files, currentPath };
      } catch (e) {
        client.close();
        throw remoteFailure(e, 'ftp_list_error');
      }
    },

    async list(auth: Auth, dir: string): Promise<FtpListResponse> {
      return sessions.use(auth.userId, async (s) => {
        try {
          const files = await listDir(s.client, dir);
          s.currentPath = dir;
          return { success: true, files, currentPath: dir };
        } catch (e) {
          throw remoteFailure(e, 'ftp_list_error');
        }
      });
    },

    async scan(auth: Auth, dir: string): Promise<FtpScanResponse> {
      return sessions.use(auth.userId, async (s) => {
        try {
          const r = await scanTree((d) => listDir(s.client, d), dir, deps.scanLimits ?? SCAN_LIMITS);
          return { success: true, ...r, ...(r.truncated ? { message: msg.ftpScanTruncated } : {}) };
        } catch (e) {
          throw remoteFailure(e, 'ftp_scan_error');
        }
      });
    },

    disconnect(auth: Auth): { success: true; message: string } {
      sessions.drop(auth.userId);
      return { success: true, message: msg.ftpDisconnected };
    },

    /**
     * Queues the migration of the chosen files into the account's folder, with the session's
     * credentials sealed in the job's input. One migration per account at a time: the job
     * queue's unique index refuses a second one, also when two requests arrive together.
     */
    async migrate(auth: Auth, body: FtpMigrateBody): Promise<{ success: true; message: string; id: number }> {
      const s = sessions.get(auth.userId);
      if (!s) throw new AppError('ftp_not_connected');
      await core.library.folders.get(ownerOf(auth), body.destinationFolder);
      const input: MigrationInput = {
        accountId: auth.account.id, host: s.target.host, port: s.target.port, usuario: s.login.user,
        senha: core.sealer.seal(s.login.password), folderId: body.destinationFolder, files: body.files,
      };
      const detail: Partial<MigrationDetail> = { total: body.files.length, completed: 0, migrated: 0, errors: [], started_at: Date.now() };
      const job = await core.jobs.enqueue(core.store.db, migrationJob, { userId: auth.userId, input, detail });
      if (!job) throw busy('ftp_migration_busy');
      return { success: true, message: msg.ftpMigrationStarted(body.files.length), id: job.id };
    },

    async migrationStatus(auth: Auth): Promise<MigrationStatus> {
      return migrationStatusOf(await core.jobs.latest(auth.userId, migrationJob), Date.now());
    },

    async cancel(auth: Auth): Promise<{ success: true; message: string }> {
      const job = await core.jobs.latest(auth.userId, migrationJob);
      if (!(await core.jobs.cancel(auth.userId, migrationJob))) throw new AppError('ftp_nothing_to_cancel');
      const end = Date.now() + CANCEL_WAIT_MS;
      while (job && Date.now() < end) {
        if (!(await repo.jobExists(core.store.db, job.id))) break;
        await sleep(100);
      }
      return { success: true, message: msg.ftpMigrationCanceled };
    },

    /** Closes every browsing session (the process is stopping). */
    close: () => sessions.closeAll(),
  };
}
export type FtpMigrationService = ReturnType<typeof createFtpMigrationService>;
