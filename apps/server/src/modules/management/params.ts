import { notFound } from '../../platform/errors.ts';

/** An account id from the path; anything else is no account at all (404). */
export function idOf(params: unknown): number {
  const raw = (params as { id?: string }).id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}
