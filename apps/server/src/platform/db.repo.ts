import { sql } from 'kysely';
import type { Db } from './db.ts';

/** The platform's own SQL beside the job queue's (jobs.repo.ts): the database's liveness and the installation's rows. */

/** Whether the database answers (health and the dashboard's status block). */
export const ping = (db: Db): Promise<boolean> => sql`select 1 as one`.execute(db).then(() => true, () => false);

/** An installation value, recorded by the first process that writes it; then the value recorded (the first writer's). */
export async function recordInstallationValue(db: Db, chave: string, valor: string): Promise<string> {
  await db.insertInto('installation').values({ chave, valor }).onConflict((oc) => oc.column('chave').doNothing()).execute();
  return (await db.selectFrom('installation').select('valor').where('chave', '=', chave).executeTakeFirstOrThrow()).valor;
}
