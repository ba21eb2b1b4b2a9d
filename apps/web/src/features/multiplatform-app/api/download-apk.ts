import { useMutation } from '@tanstack/react-query';
import { webappUi } from '@painel/contract';
import { downloadWithSession } from '@/lib/session-download.ts';

/** GET /app/apps/{zip}: the built APK, fetched with the session and saved under the server's name. */
export const downloadApk = (zip: string): Promise<string> =>
  downloadWithSession(`/app/apps/${encodeURIComponent(zip)}`, zip || webappUi.apkFallbackName);

export function useDownloadApk() {
  return useMutation({ mutationKey: ['app-multiplataforma', 'apk-download'], mutationFn: downloadApk });
}
