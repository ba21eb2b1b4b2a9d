import Clock from 'lucide-react/icons/clock';
import Eye from 'lucide-react/icons/eye';
import HardDrive from 'lucide-react/icons/hard-drive';
import ImageOff from 'lucide-react/icons/image-off';
import User from 'lucide-react/icons/user';
import { type VideoInfo } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { downloadsCatalogue } from '@/i18n/downloads.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { formatBytes, formatDuration, formatNumber } from '@/lib/format.ts';

/** What the site says of the video: picture, title, channel, duration, views, size. */
export function VideoInfoCard({ info }: { info: VideoInfo }) {
  const commonTexts = useTexts(commonCatalogue);
  const t = useTexts(downloadsCatalogue);
  const facts = [
    { icon: User, label: t.infoUploader, value: info.uploader },
    { icon: Clock, label: commonTexts.duration, value: formatDuration(info.duration) },
    { icon: Eye, label: t.infoViews, value: info.view_count === null ? null : formatNumber(info.view_count) },
    { icon: HardDrive, label: t.infoSize, value: info.filesize ? formatBytes(info.filesize) : null },
  ].filter((f) => f.value);
  return (
    <section aria-label={t.infoTitle} className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-gray-50 p-4 sm:flex-row">
      {info.thumbnail ? (
        <img src={info.thumbnail} alt="" className="aspect-video w-full shrink-0 rounded-md bg-gray-200 object-cover sm:w-48" />
      ) : (
        <div className="flex aspect-video w-full shrink-0 flex-col items-center justify-center gap-1 rounded-md bg-gray-200 text-xs text-gray-500 sm:w-48">
          <ImageOff className="h-6 w-6" aria-hidden="true" />
          {t.noThumbnail}
        </div>
      )}
      <div className="min-w-0 space-y-2">
        <h3 className="font-semibold break-words text-gray-900">{info.title}</h3>
        <dl className="grid grid-cols-1 gap-1 text-sm text-gray-600 sm:grid-cols-2">
          {facts.map(({ icon: Icon, label, value }) => (
            <div key={label} className="flex items-center gap-1.5">
              <Icon className="h-4 w-4 shrink-0 text-gray-400" aria-hidden="true" />
              <dt className="sr-only">{label}</dt>
              <dd className="truncate" title={`${label}: ${value}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
