import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { defaultInt } from './helpers.ts';

/**
 * Plan limits on what one account can make the media node do, beside bitrate, espectadores
 * and espaco: `max_lives_ativas` lives (one ffmpeg each) at the same instant, `max_lives`
 * lives not over yet (scheduled or running) and `max_agendamentos` bookings. Existing accounts
 * get the defaults (5, 50, 200); the literals are this migration's own, so a later change of the
 * defaults for new accounts does not rewrite history.
 *
 * `bookings.next_due_at` (ISO instant) is a lower bound of the booking's next occurrence: the
 * worker reads only rows with `next_due_at <= now`, a page at a time, through its index, and
 * moves it forward after each look. Rows that exist now get the epoch: the worker looks at each
 * of them once and computes the real value.
 */
export const limits = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('accounts').addColumn('max_lives_ativas', 'integer', defaultInt(5)).execute();
    await db.schema.alterTable('accounts').addColumn('max_lives', 'integer', defaultInt(50)).execute();
    await db.schema.alterTable('accounts').addColumn('max_agendamentos', 'integer', defaultInt(200)).execute();
    await db.schema.alterTable('bookings')
      .addColumn('next_due_at', 'text', (c) => c.notNull().defaultTo('1970-01-01T00:00:00.000Z')).execute();
    await db.schema.createIndex('bookings_next_due').on('bookings').columns(['next_due_at', 'id']).execute();
  },
});
