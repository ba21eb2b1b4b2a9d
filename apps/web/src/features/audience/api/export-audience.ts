import { useMutation } from '@tanstack/react-query';
import { audienceCsvName, type AudiencePeriod } from '@painel/contract';
import { audienceCatalogue } from '@/i18n/audience.ts';
import { textsNow } from '@/i18n/runtime.ts';
import { formatTimeSpan } from '@/lib/format.ts';
import { currentLocale } from '@/lib/locale.ts';
import { downloadWithSession } from '@/lib/session-download.ts';
import { csvSeparator, translateAudienceCsv } from '../utils/audience-csv.ts';

/**
 * GET /api/espectadores/exportar?periodo=: the server writes the CSV of every session of the
 * period (the list shows at most AUDIENCE.listMax); the page rewrites it in the panel's language
 * (header, status, watch times as the list writes them, dates) and saves it under the server's name.
 */
export async function exportAudience(periodo: AudiencePeriod): Promise<string> {
  const texts = textsNow(audienceCatalogue);
  const locale = currentLocale();
  const text = (csv: string) => translateAudienceCsv(csv, {
    columns: texts.csvColumns,
    active: texts.viewerActive,
    inactive: texts.viewerInactive,
    duration: (seconds) => formatTimeSpan(seconds, locale),
    locale,
    separator: csvSeparator(locale),
  });
  return downloadWithSession(`/api/espectadores/exportar?periodo=${periodo}`, audienceCsvName(periodo, new Date()), { text, type: 'text/csv;charset=utf-8' });
}

export function useExportAudience() {
  return useMutation({ mutationKey: ['espectadores', 'exportar'], mutationFn: exportAudience });
}
