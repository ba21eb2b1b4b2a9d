import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

const videoSchema = z.object({ name: z.string(), path: z.string(), directory: z.string().catch(''), size: z.number().catch(0) });
const schema = z.object({
  videos: z.array(z.unknown()).catch([]).transform((items) => items.flatMap((v) => {
    const r = videoSchema.safeParse(v);
    return r.success ? [r.data] : [];
  })),
  scanned_directories: z.number().catch(0),
  truncated: z.boolean().catch(false),
  message: z.string().optional().catch(undefined),
});
export type ScanResult = z.infer<typeof schema>;

/** POST /api/ftp/scan-directory: the videos of a remote directory tree (the server bounds the scan). */
export async function scanDirectory(directoryPath: string): Promise<ScanResult> {
  return schema.parse(await apiRequest('/api/ftp/scan-directory', { method: 'POST', body: { directoryPath } }));
}

export function useScanDirectory() {
  return useMutation({ mutationKey: ['ftp', 'scan'], mutationFn: scanDirectory });
}
