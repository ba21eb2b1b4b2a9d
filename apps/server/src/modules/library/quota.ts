import { isDatabaseUnavailable, type Db, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { MB, toMb } from '../../platform/units.ts';
import type { LibraryRepo } from './library.repo.ts';
import type { Owner } from './owner.ts';

/** Reservations grow in steps while bytes arrive, so the database is asked every few MB, not per chunk. */
const STEP = 16 * MB;
/**
 * An open reservation is renewed this often by its process, while bytes arrive and while they
 * do not (a slow line, the probe after the last byte, a job's encoder), until it is released.
 */
export const RENEW_MS = 10_000;
/**
 * A reservation not renewed for this long belongs to an upload that died with its process: it
 * no longer counts against the plan, and the next sweep drops it. The temporary file of such an
 * upload follows the same rule (storage.ts).
 */
export const STALE_MS = 40_000;

export interface Reservation {
  readonly bytes: number;
  /** True when `received` is past the reservation or the reservation is due for renewal. */
  needs(received: number): boolean;
  /** Makes sure `received` bytes are covered; throws the 413 when the plan cannot cover them. */
  ensure(received: number): Promise<void>;
  release(): Promise<void>;
}

/**
 * Storage quota shared by every upload path (API, FTP, jobs). A reservation is a row in
 * upload_reservations; deciding whether it may grow happens under a lock on the account
 * row, so parallel uploads — in this process or in another API process — cannot
 * together pass the plan's limit: used (videos and logos) + others' reservations + this one ≤ espaco.
 */
export function createQuota(deps: {
  db: Db; repo: LibraryRepo; now?: () => number;
  /** Locks the account's row for the rest of the transaction and reads its storage plan (MB): the accounts module's. */
  lockAccount: (tx: Tx, accountId: number) => Promise<number | undefined>;
}) {
  const { db, repo } = deps;
  const now = deps.now ?? Date.now;

  /**
   * Sets reservation `id` (or a new one) to cover `need` bytes, reaching ahead by up to
   * `ahead` more but never more than half of what is still free, so parallel uploads near
   * the limit keep room for each other. Returns the bytes reserved, or null with the
   * figures for the refusal.
   */
  async function tryReserve(owner: Owner, id: number | null, need: number, ahead: number) {
    return db.transaction().execute(async (tx) => {
      const espaco = await deps.lockAccount(tx, owner.accountId);
      if (espaco === undefined) throw new AppError('not_found');
      const at = now();
      const used = (await repo.usage(tx, owner.userId)).bytes;
      const others = await repo.reservedBytes(tx, owner.userId, id ?? -1, at - STALE_MS);
      const free = espaco * MB - used - others;
      if (need > free) return { id: null, bytes: 0, limitMb: espaco, usedMb: toMb(used + others) };
      const bytes = need + Math.min(ahead, Math.floor((free - need) / 2));
      if (id === null) return { id: await repo.insertReservation(tx, owner.userId, bytes, at), bytes, limitMb: espaco, usedMb: 0 };
      await repo.updateReservation(tx, id, bytes, at);
      return { id, bytes, limitMb: espaco, usedMb: 0 };
    });
  }

  const refuse = (r: { limitMb: number; usedMb: number }) => new AppError('quota_exceeded', { totalMb: r.limitMb, usedMb: r.usedMb });

  return {
    /** Opens a reservation of `initial` bytes (the declared size when known); 413 when even that does not fit. */
    async open(owner: Owner, initial: number): Promise<Reservation> {
      const first = await tryReserve(owner, null, Math.max(0, initial), 0);
      if (first.id === null) throw refuse(first);
      let id = first.id;
      let bytes = first.bytes;
      let released = false;
      let renewedAt = now();
      /** Set when the row was lost and the plan no longer had room to take it back. */
      let lostRefusal: { limitMb: number; usedMb: number } | null = null;
      // one database write at a time: a renewal never writes back a size an ensure has just grown
      let queue: Promise<unknown> = Promise.resolve();
      const serial = <T>(fn: () => Promise<T>): Promise<T> => {
        const p = queue.then(fn);
        queue = p.catch(() => undefined);
        return p;
      };
      const renew = () => serial(async () => {
        if (released) return;
        renewedAt = now();
        const [r] = await repo.updateReservation(db, id, bytes, renewedAt);
        if (released || Number(r?.numUpdatedRows ?? 1n) > 0) return;
        // another process dropped it as dead (this one could not renew it for STALE_MS: the database was away): taken again
        const again = await tryReserve(owner, null, bytes, 0);
        if (again.id === null) lostRefusal = again;
        else id = again.id;
      });
      // the process that holds the reservation keeps it alive; one that dies stops renewing it
      const timer = setInterval(() => void renew().catch(() => undefined), RENEW_MS);
      timer.unref();
      return {
        get bytes() {
          return bytes;
        },
        needs: (received: number) => received > bytes || lostRefusal !== null || now() - renewedAt > RENEW_MS,
        ensure: (received: number) => serial(async () => {
          if (lostRefusal) throw refuse(lostRefusal);
          renewedAt = now();
          if (received <= bytes) {
            await repo.updateReservation(db, id, bytes, renewedAt);
            return;
          }
          const r = await tryReserve(owner, id, received, STEP);
          if (r.id === null) throw refuse(r);
          bytes = r.bytes;
        }),
        async release() {
          if (released) return;
          released = true;
          clearInterval(timer);
          await serial(() => repo.deleteReservation(db, id)).catch((e: unknown) => {
            if (!isDatabaseUnavailable(e)) throw e;
            // the database away for a moment (a restart): the reservation still goes once it
            // answers, in the background (the upload's answer does not wait for it)
            const retry = (left: number) => setTimeout(() => {
              repo.deleteReservation(db, id).catch((err: unknown) => {
                if (left > 1 && isDatabaseUnavailable(err)) retry(left - 1);
              });
            }, 1000).unref();
            retry(Math.ceil(STALE_MS / 1000));
          });
        },
      };
    },
    /** Bytes still free in the plan right now (negative when over), for refusing an upload before any data flows. */
    async room(owner: Owner): Promise<{ bytes: number; limitMb: number; usedMb: number }> {
      const espaco = (await repo.espaco(db, owner.accountId)) ?? 0;
      const used = (await repo.usage(db, owner.userId)).bytes + (await repo.reservedBytes(db, owner.userId, -1, now() - STALE_MS));
      return { bytes: espaco * MB - used, limitMb: espaco, usedMb: toMb(used) };
    },
    /** Drops reservations whose uploads died with their process. */
    sweep: () => repo.deleteStaleReservations(db, now() - STALE_MS),
  };
}
export type Quota = ReturnType<typeof createQuota>;
