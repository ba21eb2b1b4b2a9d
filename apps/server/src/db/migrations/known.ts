import type { Kysely } from 'kysely';
import { DEFAULT_MIGRATION_TABLE } from 'kysely/migration';
import { AppError } from '../../platform/errors.ts';

/**
 * Migrations only go forward. A database whose migrations table names a migration this code
 * does not have was migrated by a newer version of the panel: running this older code on it
 * could corrupt it, so opening stops here, before the migrator takes its lock or writes anything.
 * A fresh database (no migrations table yet) passes.
 */
export async function assertNotNewer(db: Kysely<any>, known: readonly string[]): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === DEFAULT_MIGRATION_TABLE)) return;
  const rows = await db.selectFrom(DEFAULT_MIGRATION_TABLE).select('name').orderBy('name').execute() as { name: string }[];
  const knownSet = new Set(known);
  const unknown = rows.map((r) => r.name).filter((n) => !knownSet.has(n));
  if (unknown.length > 0) throw new AppError('database_newer', { names: unknown.join(', ') });
}
