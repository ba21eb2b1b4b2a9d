import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Why a broadcast ended is stored by code (`transmissions.end_reason`, the contract's
 * END_REASON_CODES), no longer by its Portuguese text, which code compared and other languages
 * could not show. The texts the panel wrote become their codes; any other text was the error of
 * the source that stopped (a playlist with nothing playable, a relay that gave up): it becomes
 * 'source_error', its text kept in the new `end_detail`. The texts are written out here as they
 * were stored, so a later change of the catalogue does not change what this migration reads.
 */
const CODES: Record<string, string> = {
  'sem sinal': 'no_signal',
  'conta desativada': 'account_disabled',
  'finalizada pelo usuário': 'ended_by_user',
  'fim do sinal': 'signal_ended',
  'substituída': 'replaced',
  'chave regenerada': 'key_regenerated',
  'expirada': 'expired',
};

export const endReasonCodes = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('transmissions').addColumn('end_detail', 'text').execute();
    for (const [text, code] of Object.entries(CODES)) {
      await db.updateTable('transmissions').set({ end_reason: code }).where('end_reason', '=', text).execute();
    }
    const codes = Object.values(CODES);
    await db.updateTable('transmissions').set({ end_detail: sql.ref('end_reason'), end_reason: 'source_error' })
      .where('end_reason', 'is not', null).where('end_reason', 'not in', codes).execute();
  },
});
