import { useMutation } from '@tanstack/react-query';
import { ftpScanResponseSchema, type FtpScanResponse } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export type ScanResult = FtpScanResponse;

/** POST /api/ftp/scan-directory: the videos of a remote directory tree (the server bounds the scan). */
export function scanDirectory(directoryPath: string): Promise<ScanResult> {
  return apiRequest('/api/ftp/scan-directory', { method: 'POST', body: { directoryPath }, schema: ftpScanResponseSchema });
}

export function useScanDirectory() {
  return useMutation({ mutationKey: ['ftp', 'scan'], mutationFn: scanDirectory });
}
