import { z } from 'zod';
import type { FtpEntry } from '@painel/contract';

const entrySchema = z.object({
  name: z.string(),
  path: z.string(),
  type: z.enum(['file', 'directory']),
  isVideo: z.boolean().catch(false),
  size: z.number().catch(0),
});

/** The entries of an answer; one the page cannot read is left out rather than failing the listing. */
export function parseEntries(data: unknown): FtpEntry[] {
  return Array.isArray(data)
    ? data.flatMap((item) => {
        const r = entrySchema.safeParse(item);
        return r.success ? [r.data] : [];
      })
    : [];
}

export const listingSchema = z.object({ files: z.unknown().transform(parseEntries), currentPath: z.string().catch('/') });
export type Listing = z.infer<typeof listingSchema>;
