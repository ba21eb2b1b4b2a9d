import { useMutation } from '@tanstack/react-query';
import { audienceCsvName, type AudiencePeriod } from '@painel/contract';
import { audienceCatalogue } from '@/i18n/audience.ts';
import { textsNow } from '@/i18n/runtime.ts';
import { ApiError, serverErrorCode, serverErrorText, UNAUTHORIZED_EVENT, type UnauthorizedDetail } from '@/lib/api-client.ts';
import { formatTimeSpan } from '@/lib/format.ts';
import { currentLocale } from '@/lib/locale.ts';
import { dispositionFileName } from '@/lib/session-download.ts';
import { clearToken, getToken } from '@/lib/token.ts';
import { csvSeparator, translateAudienceCsv } from '../utils/audience-csv.ts';

/**
 * The server's CSV, fetched with the session's bearer token (a plain link cannot carry it); a
 * refusal throws ApiError like every other call, and a 401 ends the session the same way
 * (as lib/session-download.ts does for the exports saved as they come).
 */
async function fetchCsv(path: string): Promise<{ text: string; name: string | null }> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const res = await fetch(path, { headers });
  if (!res.ok) {
    const data: unknown = await res.json().catch(() => undefined);
    const expired = typeof data === 'object' && data !== null && (data as { expired?: unknown }).expired === true;
    if (res.status === 401) {
      clearToken();
      window.dispatchEvent(new CustomEvent<UnauthorizedDetail>(UNAUTHORIZED_EVENT, { detail: { expired } }));
    }
    throw new ApiError(res.status, serverErrorText(data), expired, serverErrorCode(data));
  }
  return { text: await res.text(), name: dispositionFileName(res.headers.get('Content-Disposition')) };
}

function save(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // the browser reads the blob after the click returns: release it a little later
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET /api/espectadores/exportar?periodo=: the server writes the CSV of every session of the
 * period (the list shows at most AUDIENCE.listMax); the page rewrites it in the panel's language
 * (header, status, watch times as the list writes them, dates) and saves it under the server's name.
 */
export async function exportAudience(periodo: AudiencePeriod): Promise<string> {
  const { text, name } = await fetchCsv(`/api/espectadores/exportar?periodo=${periodo}`);
  const texts = textsNow(audienceCatalogue);
  const locale = currentLocale();
  const csv = translateAudienceCsv(text, {
    columns: texts.csvColumns,
    active: texts.viewerActive,
    inactive: texts.viewerInactive,
    duration: (seconds) => formatTimeSpan(seconds, locale),
    locale,
    separator: csvSeparator(locale),
  });
  const fileName = name ?? audienceCsvName(periodo, new Date());
  save(csv, fileName);
  return fileName;
}

export function useExportAudience() {
  return useMutation({ mutationKey: ['espectadores', 'exportar'], mutationFn: exportAudience });
}
