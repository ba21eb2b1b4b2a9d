import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { MB, toMb } from '../../platform/units.ts';
import type { LibraryRepo } from './library.repo.ts';
import type { Owner } from './owner.ts';

/** Reservations grow in steps while bytes arrive, so the database is asked every few MB, not per chunk. */
const STEP = 16 * MB;
/** A reservation not renewed for this long belongs to an upload that died with its process. */
export const STALE_MS = 30 * 60_000;
const RENEW_MS = 5 * 60_000;

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
export function createQuota(deps: { db: Db; repo: LibraryRepo; now?: () => number }) {
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
      const espaco = await repo.lockAccount(tx, owner.accountId);
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
      const id = first.id;
      let bytes = first.bytes;
      let released = false;
      let renewedAt = now();
      return {
        get bytes() {
          return bytes;
        },
        needs: (received: number) => received > bytes || now() - renewedAt > RENEW_MS,
        async ensure(received: number) {
          renewedAt = now();
          if (received <= bytes) {
            await repo.updateReservation(db, id, bytes, renewedAt); // a slow upload keeps its claim alive
            return;
          }
          const r = await tryReserve(owner, id, received, STEP);
          if (r.id === null) throw refuse(r);
          bytes = r.bytes;
        },
        async release() {
          if (released) return;
          released = true;
          await repo.deleteReservation(db, id);
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
