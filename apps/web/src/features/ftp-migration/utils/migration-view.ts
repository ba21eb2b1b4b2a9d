import { FTP_ERRORS_SHOWN, ftpMigrationUi, msg, type MigrationState } from '@painel/contract';

/** The first errors as they are, then one line counting the rest ('e mais N erro(s)'). */
export function errorSummary(errors: readonly string[], shown = FTP_ERRORS_SHOWN): { shown: string[]; more: string | null } {
  return { shown: errors.slice(0, shown), more: errors.length > shown ? msg.ftpMoreErrors(errors.length - shown) : null };
}

/** 'Raiz' and each directory down to `path`, each with the path that opens it. */
export function breadcrumbs(path: string): { label: string; path: string }[] {
  const parts = path.split('/').filter(Boolean);
  return [
    { label: ftpMigrationUi.root, path: '/' },
    ...parts.map((label, i) => ({ label, path: `/${parts.slice(0, i + 1).join('/')}` })),
  ];
}

export function parentPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? '/' : trimmed.slice(0, cut);
}

export type MigrationOutcome =
  | { kind: 'completed'; migrated: number; refused: number }
  | { kind: 'error' }
  /** cancelled (here or in another tab): its row is gone, the status speaks of an older migration */
  | { kind: 'ended' };

/**
 * What one status read means for the migration the page follows (`followed`, its id): keep
 * following a running one (also one found running on arrival), or how the followed one ended.
 * A migration that ended while the page did not follow it is history: no toast for it.
 */
export function readMigration(
  followed: number | null,
  s: { id: number | null; migrating: boolean; status: MigrationState; migrated: number; errors: readonly string[] },
): { follow: number | null; outcome: MigrationOutcome | null } {
  if (s.migrating) return { follow: s.id, outcome: null };
  if (followed === null) return { follow: null, outcome: null };
  if (s.id !== followed) return { follow: null, outcome: { kind: 'ended' } };
  if (s.status === 'completed') return { follow: null, outcome: { kind: 'completed', migrated: s.migrated, refused: s.errors.length } };
  if (s.status === 'error') return { follow: null, outcome: { kind: 'error' } };
  return { follow: null, outcome: { kind: 'ended' } };
}
