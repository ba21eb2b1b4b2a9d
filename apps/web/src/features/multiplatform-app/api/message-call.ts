import type { z } from 'zod';
import { apiRequest, type RequestOptions } from '@/lib/api-client.ts';

/** A call whose answer carries the server's `message` (its contract schema says the rest): that message. */
export async function messageCall(path: string, options: RequestOptions, schema: z.ZodType<{ message: string }>): Promise<string> {
  return (await apiRequest(path, { ...options, schema })).message;
}
