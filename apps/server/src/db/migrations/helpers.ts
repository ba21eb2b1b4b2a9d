import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';
import type { Dialect } from '../../platform/db.ts';

/** An auto-incrementing integer primary key in either dialect. */
export function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const defaultInt = (n: number) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql.lit(n));
