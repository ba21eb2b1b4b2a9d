import type { Db } from '../../platform/db.ts';

export function createConversionRepo() {
  return {
    /** The account's conversions queued or running: the video (subject) and the progress detail, which names its folder. */
    active: (db: Db, userId: number) =>
      db.selectFrom('jobs').select(['subject_id', 'detail']).where('user_id', '=', userId).where('kind', '=', 'conversion')
        .where('state', 'in', ['queued', 'running']).execute(),
  };
}
export type ConversionRepo = ReturnType<typeof createConversionRepo>;
