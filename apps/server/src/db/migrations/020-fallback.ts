import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The channel's standby signal ('Sinal reserva', modules/fallback). `fallback_settings`: one row
 * per account that ever chose one. `tipo` 'nenhum' | 'imagem' | 'playlist'; `codigo_playlist`
 * the playlist of 'playlist' (its deletion leaves the row without one: nothing is armed);
 * `texto` the slate's text (null: the default); `process_id` the engine row of the standby
 * source armed for the OBS broadcast on air (a slate or a playout), so that finishing that
 * broadcast in the panel also ends its standby.
 */
export const fallback = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('fallback_settings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('codigo_playlist', 'integer', (c) => c.references('playlists.id').onDelete('set null'))
      .addColumn('texto', 'text')
      .addColumn('process_id', 'integer')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
});
