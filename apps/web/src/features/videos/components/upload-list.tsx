import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useTexts } from '@/i18n/runtime.ts';
import { videosCatalogue } from '@/i18n/videos.ts';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { formatPercent } from '@/lib/format.ts';
import type { UploadItem } from '../hooks/use-video-uploads.ts';

function StatusLine({ item }: { item: UploadItem }) {
  const videosTexts = useTexts(videosCatalogue);
  if (item.status === 'completed') {
    return (
      <span className="inline-flex items-center gap-1 text-green-700">
        <CircleCheck className="h-4 w-4" aria-hidden="true" />
        {videosTexts.uploadCompleted}
      </span>
    );
  }
  if (item.status === 'error') {
    return (
      <span className="inline-flex items-center gap-1 text-red-600">
        <CircleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
        {item.error}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-blue-700">
      <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
      {videosTexts.uploadProgress({ pct: formatPercent(item.progress) })}
    </span>
  );
}

/** The files being sent, each with its real progress and how it ended. */
export function UploadList({ items }: { items: UploadItem[] }) {
  const videosTexts = useTexts(videosCatalogue);
  if (items.length === 0) return null;
  return (
    <section aria-label={videosTexts.uploadsLabel} className="rounded-lg border border-gray-200 bg-gray-50 p-3">
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.id} className="space-y-1.5 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="min-w-0 truncate font-medium text-gray-800" title={item.fileName}>{item.fileName}</span>
              <StatusLine item={item} />
            </div>
            <ProgressBar
              value={item.progress}
              label={item.fileName}
              tone={item.status === 'error' ? 'red' : item.status === 'completed' ? 'green' : 'blue'}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
