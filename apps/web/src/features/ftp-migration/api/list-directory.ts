import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { listingSchema, type Listing } from './ftp-entries.ts';

/** POST /api/ftp/list: the entries of a remote directory of the open session. */
export async function listDirectory(path: string): Promise<Listing> {
  return listingSchema.parse(await apiRequest('/api/ftp/list', { method: 'POST', body: { path } }));
}

export function useListDirectory() {
  return useMutation({ mutationKey: ['ftp', 'list'], mutationFn: listDirectory });
}
