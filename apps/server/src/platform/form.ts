import type { FastifyRequest } from 'fastify';
import { WEBAPP_LIMITS } from '@painel/contract';
import { AppError } from './errors.ts';

/**
 * Multipart forms with pictures (the app pages): the text fields and the files, and the checks
 * their fields share. The routes register @fastify/multipart with their own size limits.
 */

/** A form as posted: its text fields (the first value of each name) and its files (in memory, each within the route's limit). */
export interface Form {
  fields: Readonly<Record<string, string>>;
  files: Readonly<Partial<Record<string, Buffer>>>;
}

/**
 * Reads a multipart body (a JSON body gives fields only). Files of other names are skipped; a
 * file input left empty, which browsers still send as an empty part, counts as no file.
 */
export async function readForm(req: FastifyRequest, fileNames: readonly string[]): Promise<Form> {
  const fields: Record<string, string> = {};
  const files: Partial<Record<string, Buffer>> = {};
  const keep = (name: string, v: unknown) => {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[name] ??= String(v);
  };
  if (!req.isMultipart()) {
    for (const [name, v] of Object.entries((req.body ?? {}) as Record<string, unknown>)) keep(name, v);
    return { fields, files };
  }
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      // a value cut at the size limit is refused rather than stored cut
      if (part.valueTruncated || part.fieldnameTruncated) throw new AppError('invalid_data');
      keep(part.fieldname, part.value);
      continue;
    }
    if (!fileNames.includes(part.fieldname) || files[part.fieldname]) {
      part.file.resume();
      continue;
    }
    const data = await part.toBuffer().catch((e: { code?: string }) => {
      if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('image_too_large');
      throw e;
    });
    if (data.length) files[part.fieldname] = data;
  }
  return { fields, files };
}

const COLOR = /^#[0-9a-f]{6}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254;

/** '' or an http(s) address (trimmed, without spaces, at most WEBAPP_LIMITS.linkMax). */
export function formLink(v: string | undefined): string {
  const s = (v ?? '').trim();
  if (!s) return '';
  let u: URL | undefined;
  try {
    u = new URL(s);
  } catch {
    u = undefined;
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || /\s/.test(s) || s.length > WEBAPP_LIMITS.linkMax) throw new AppError('invalid_link');
  return s;
}

/** A colour #RRGGBB, stored in upper case; left empty, the fallback when there is one. */
export function formColor(v: string | undefined, fallback?: string): string {
  const s = (v ?? '').trim();
  if (!s && fallback !== undefined) return fallback;
  if (!COLOR.test(s)) throw new AppError('invalid_color');
  return s.toUpperCase();
}

/** A colour already stored, as #RRGGBB in upper case; anything else gives the fallback. */
export const safeColor = (c: string, fallback: string): string => (COLOR.test(c) ? c.toUpperCase() : fallback);

/** '' or an e-mail address. */
export function formEmail(v: string | undefined): string {
  const s = (v ?? '').trim();
  if (s && (s.length > EMAIL_MAX || !EMAIL.test(s))) throw new AppError('invalid_email');
  return s;
}
