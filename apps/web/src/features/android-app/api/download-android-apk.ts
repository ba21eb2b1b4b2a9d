import { useMutation } from '@tanstack/react-query';
import { downloadWithSession } from '@/lib/session-download.ts';

/** GET /app/apps/{zip}: the signed APK, fetched with the session and saved under the server's name. */
export function downloadAndroidApk(zip: string): Promise<string> {
  return downloadWithSession(`/app/apps/${encodeURIComponent(zip)}`, zip);
}

export function useDownloadAndroidApk() {
  return useMutation({ mutationKey: ['android-app', 'download'], mutationFn: downloadAndroidApk });
}
