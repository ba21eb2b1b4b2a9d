import { useMutation } from '@tanstack/react-query';
import { audienceCsvName, type AudiencePeriod } from '@painel/contract';
import { downloadWithSession } from '@/lib/session-download.ts';

/**
 * GET /api/espectadores/exportar?periodo=: the server writes the CSV of every session of the
 * period (the list shows at most AUDIENCE.listMax); the browser saves it under the server's name.
 */
export const exportAudience = (periodo: AudiencePeriod): Promise<string> =>
  downloadWithSession(`/api/espectadores/exportar?periodo=${periodo}`, audienceCsvName(periodo, new Date()));

export function useExportAudience() {
  return useMutation({ mutationKey: ['espectadores', 'exportar'], mutationFn: exportAudience });
}
