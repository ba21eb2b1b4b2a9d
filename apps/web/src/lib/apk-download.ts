import { useMutation } from '@tanstack/react-query';
import { downloadWithSession } from './session-download.ts';

/** GET /app/apps/{zip}: a built APK (either app page's), fetched with the session and saved under the server's name. */
export const downloadApk = (zip: string): Promise<string> => downloadWithSession(`/app/apps/${encodeURIComponent(zip)}`, zip);

export function useDownloadApk() {
  return useMutation({ mutationKey: ['apk-download'], mutationFn: downloadApk });
}
