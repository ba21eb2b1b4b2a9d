import { notFound } from './errors.ts';

/** The `:id` of a route: a positive integer, or the 404 any unknown row gets. */
export function idParam(params: unknown): number {
  const id = Number((params as { id?: string } | undefined)?.id);
  if (!Number.isInteger(id) || id <= 0) throw notFound();
  return id;
}

/**
 * One byte range of a file of `size` bytes: {start, end} inclusive, 'unsatisfiable' (416),
 * or null to send the whole file (no header, a malformed one, or several ranges — the
 * RFC lets a server answer those with the full body).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b); // last N bytes
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
    if (b !== '' && Number(b) < start) return null;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}
