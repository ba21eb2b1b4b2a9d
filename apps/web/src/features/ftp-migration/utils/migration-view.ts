import { FTP_ERRORS_SHOWN, type MigrationState } from '@painel/contract';
import { readJob, type JobEnded } from '../../../lib/followed-job.ts';

/** The first errors as they are, then one line counting the rest (`moreErrors`: 'e mais N erro(s)'). */
export function errorSummary(
  errors: readonly string[],
  moreErrors: (n: number) => string,
  shown = FTP_ERRORS_SHOWN,
): { shown: string[]; more: string | null } {
  return { shown: errors.slice(0, shown), more: errors.length > shown ? moreErrors(errors.length - shown) : null };
}

/** The root (named `rootLabel`, 'Raiz') and each directory down to `path`, each with the path that opens it. */
export function breadcrumbs(path: string, rootLabel: string): { label: string; path: string }[] {
  const parts = path.split('/').filter(Boolean);
  return [
    { label: rootLabel, path: '/' },
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
  | JobEnded;

/** What one status read means for the migration the page follows (see readJob). */
export function readMigration(
  followed: number | null,
  s: { id: number | null; migrating: boolean; status: MigrationState; migrated: number; errors: readonly string[] },
): { follow: number | null; outcome: MigrationOutcome | null } {
  return readJob<MigrationOutcome>(followed, { active: s.migrating, id: s.id }, () => {
    if (s.status === 'completed') return { kind: 'completed', migrated: s.migrated, refused: s.errors.length };
    if (s.status === 'error') return { kind: 'error' };
    return null;
  });
}
