import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadResultSchema } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow } from '@/i18n/runtime.ts';
import { ApiContractError, ApiError, UNAUTHORIZED_EVENT, serverErrorCode, serverErrorText, type UnauthorizedDetail } from '@/lib/api-client.ts';
import { clearToken, getToken } from '@/lib/token.ts';
import { foldersQueryKey } from '@/lib/folders.ts';
import { videosQueryKey } from './get-videos.ts';

export interface UploadVideoInput {
  folderId: number;
  file: File;
  /** 0–100, as the browser sends the bytes */
  onProgress?: (percent: number) => void;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/videos/upload?folder_id=, one file in the multipart field `video`. XMLHttpRequest
 * rather than fetch: only its upload.onprogress reports the bytes sent. Rejects with an
 * ApiError carrying the server's text, or a plain 'Erro de conexão' when no answer came; an
 * answer the contract does not describe rejects with ApiContractError, as apiRequest does.
 */
export function uploadVideo({ folderId, file, onProgress }: UploadVideoInput): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const path = `/api/videos/upload?folder_id=${folderId}`;
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      const refused = typeof data === 'object' && data !== null && (data as { success?: unknown }).success === false;
      if (xhr.status >= 200 && xhr.status < 300 && !refused) {
        const r = uploadResultSchema.safeParse(data);
        if (!r.success) {
          console.error(`contract mismatch: ${path}`, r.error.issues);
          reject(new ApiContractError(path, r.error.issues));
          return;
        }
        onProgress?.(100);
        resolve();
        return;
      }
      const expired = typeof data === 'object' && data !== null && (data as { expired?: unknown }).expired === true;
      if (xhr.status === 401) {
        clearToken();
        window.dispatchEvent(new CustomEvent<UnauthorizedDetail>(UNAUTHORIZED_EVENT, { detail: { expired } }));
      }
      reject(new ApiError(xhr.status, serverErrorText(data) ?? textsNow(messageCatalogue).connectionError, expired, serverErrorCode(data)));
    };
    xhr.onerror = () => reject(new ApiError(0, textsNow(messageCatalogue).connectionError));
    xhr.onabort = () => reject(new ApiError(0, textsNow(messageCatalogue).connectionError));

    const form = new FormData();
    form.append('video', file, file.name);
    xhr.send(form);
  });
}

export function useUploadVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadVideo,
    // each finished file shows up in the table and the folder counters at once
    // (not awaited: the file is done when the server says so, not when the table reloads)
    onSuccess: (_, { folderId }) => {
      void queryClient.invalidateQueries({ queryKey: videosQueryKey(folderId) });
      void queryClient.invalidateQueries({ queryKey: foldersQueryKey });
    },
  });
}
