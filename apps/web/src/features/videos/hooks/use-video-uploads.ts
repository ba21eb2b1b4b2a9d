import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { LIBRARY_TIMINGS } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow } from '@/i18n/runtime.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useUploadVideo } from '../api/upload-video.ts';

export type UploadStatus = 'uploading' | 'completed' | 'error';
/** One file of an upload batch and how it is going. */
export interface UploadItem {
  id: number;
  fileName: string;
  progress: number;
  status: UploadStatus;
  error?: string;
}

/** Files sent at once: enough to fill the line, few enough not to starve each other. */
export const PARALLEL_UPLOADS = 3;

interface Job {
  id: number;
  folderId: number;
  file: File;
  batch: Batch;
}
interface Batch {
  left: number;
  done: number;
  failed: number;
}

/**
 * The upload queue of the page: every file is its own request, at most PARALLEL_UPLOADS at
 * a time across batches. A batch ends with one toast; the list empties 3 s after the last
 * file of the last batch.
 */
export function useVideoUploads() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const { mutateAsync } = useUploadVideo();
  const send = useRef(mutateAsync);
  send.current = mutateAsync;
  const queue = useRef<Job[]>([]);
  const running = useRef(0);
  const nextId = useRef(0);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const patch = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const finishJob = useCallback((batch: Batch) => {
    batch.left -= 1;
    if (batch.left === 0) {
      const msg = textsNow(messageCatalogue);
      if (batch.done > 0) toast.success(msg.videosUploaded(batch.done));
      if (batch.failed > 0) toast.error(msg.videosUploadError);
    }
    if (running.current === 0 && queue.current.length === 0) {
      clearTimer.current = setTimeout(() => setItems([]), LIBRARY_TIMINGS.uploadListClearMs);
    }
  }, []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL_UPLOADS) {
      const job = queue.current.shift();
      if (!job) return;
      running.current += 1;
      send
        .current({ folderId: job.folderId, file: job.file, onProgress: (progress) => patch(job.id, { progress }) })
        .then(
          () => {
            job.batch.done += 1;
            patch(job.id, { status: 'completed', progress: 100 });
          },
          (error: unknown) => {
            job.batch.failed += 1;
            patch(job.id, { status: 'error', error: errorMessage(error, textsNow(messageCatalogue).connectionError) });
          },
        )
        .finally(() => {
          running.current -= 1;
          finishJob(job.batch);
          pump();
        });
    }
  }, [finishJob, patch]);

  /** Queues the files for the folder; an empty selection does nothing. */
  const uploadFiles = useCallback(
    (folderId: number, files: File[]) => {
      if (files.length === 0) return;
      clearTimeout(clearTimer.current);
      const batch: Batch = { left: files.length, done: 0, failed: 0 };
      const jobs = files.map((file) => ({ id: ++nextId.current, folderId, file, batch }));
      setItems((list) => [
        ...list,
        ...jobs.map((j): UploadItem => ({ id: j.id, fileName: j.file.name, progress: 0, status: 'uploading' })),
      ]);
      queue.current.push(...jobs);
      pump();
    },
    [pump],
  );

  return { items, uploadFiles };
}
