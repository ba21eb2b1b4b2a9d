import type { Tx } from '../../platform/db.ts';

/** The migration's reads of its job beyond what the queue answers. */
export function createFtpMigrationRepo() {
  return {
    /** Whether a job's row is still there: a cancelled job's row goes once its worker has stopped it. */
    jobExists: async (tx: Tx, id: number) => (await tx.selectFrom('jobs').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
  };
}
export type FtpMigrationRepo = ReturnType<typeof createFtpMigrationRepo>;
