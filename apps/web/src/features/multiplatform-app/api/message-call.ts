import { z } from 'zod';
import { apiRequest, type RequestOptions } from '@/lib/api-client.ts';

const responseSchema = z.object({ message: z.string().catch('') });

/** A call whose answer is `{ success, message }`: the server's message ('' when it sent none). */
export async function messageCall(path: string, options: RequestOptions): Promise<string> {
  return responseSchema.parse((await apiRequest(path, options)) ?? {}).message;
}
