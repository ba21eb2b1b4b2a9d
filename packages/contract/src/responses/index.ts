import { z } from 'zod';
import { coreResponses } from './core.ts';
import { contentResponses } from './content.ts';
import type { ResponseEntry } from './entry.ts';

export { isNotJson, notJson, type NotJson, type ResponseEntry } from './entry.ts';

/**
 * Every API route's successful answer, keyed by `'<METHOD> <url as registered in Fastify>'`.
 * The server's tests check real answers against it and the web parses with the same schemas.
 */
export const responses: Readonly<Record<string, ResponseEntry>> = { ...coreResponses, ...contentResponses };

/** Every 4xx/5xx JSON body; some carry extra fields (limite, viewers, expired...), which are allowed. */
export const errorBodySchema = z.looseObject({
  success: z.literal(false),
  error: z.string(),
  code: z.string().optional(),
  /** The values of the code's message (a client writes the message in its own language from them). */
  values: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Routes whose error statuses answer with the route's own body: the health report answers 503 with it when a component is down. */
export const ownBodyOnError: ReadonlySet<string> = new Set(['GET /api/health']);
