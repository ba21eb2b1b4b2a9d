import Download from 'lucide-react/icons/download';
import ExternalLink from 'lucide-react/icons/external-link';
import Play from 'lucide-react/icons/play';
import Trash2 from 'lucide-react/icons/trash-2';
import type { LucideIcon } from 'lucide-react';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { videosCatalogue } from '@/i18n/videos.ts';
import { cn } from '@/lib/cn.ts';
import { formatBitrate, formatBytes, formatDuration } from '@/lib/format.ts';
import type { VideoItem } from '../api/get-videos.ts';
import { CompatibilityBadge } from './compatibility-badge.tsx';

function RowAction({
  icon: Icon, label, onClick, tone, disabled,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  tone: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={cn(
        'rounded-lg p-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50',
        tone,
      )}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}

/** One video of the table: its columns and its four actions. */
export function VideoRow({
  video, deleting, onPlay, onOpen, onDownload, onDelete,
}: {
  video: VideoItem;
  deleting: boolean;
  onPlay: () => void;
  onOpen: () => void;
  onDownload: () => void;
  onDelete: () => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const videosTexts = useTexts(videosCatalogue);
  const bitrate = video.bitrate_video > 0 ? formatBitrate(video.bitrate_video) : commonTexts.notAvailable;
  const limit = video.user_bitrate_limit;
  return (
    <tr className={cn('border-t border-gray-100', deleting && 'opacity-50')}>
      <td className="max-w-xs px-3 py-2.5">
        <span className="block truncate font-medium text-gray-900" title={video.nome}>{video.nome}</span>
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap text-gray-600">
        {video.formato_original ? video.formato_original.toUpperCase() : commonTexts.notAvailable}
      </td>
      <td
        className={cn('px-3 py-2.5 whitespace-nowrap', video.bitrate_exceeds_limit ? 'font-medium text-red-600' : 'text-gray-600')}
        title={video.bitrate_exceeds_limit && limit ? videosTexts.bitrateAboveLimit({ limit: formatBitrate(limit) }) : undefined}
      >
        {bitrate}
      </td>
      <td className="px-3 py-2.5 whitespace-nowrap text-gray-600">{formatBytes(video.tamanho)}</td>
      <td className="px-3 py-2.5 whitespace-nowrap text-gray-600 tabular-nums">{formatDuration(video.duracao)}</td>
      <td className="px-3 py-2.5 whitespace-nowrap">
        <CompatibilityBadge video={video} />
      </td>
      {/* on a narrow screen the table scrolls sideways; the actions stay in view at its right edge */}
      <td className="sticky right-0 bg-white px-3 py-2.5">
        <div className="flex items-center gap-0.5">
          <RowAction icon={Play} label={commonTexts.playVideo({ name: video.nome })} onClick={onPlay} tone="text-blue-600 hover:bg-blue-50" />
          <RowAction icon={ExternalLink} label={videosTexts.openVideoInNewTab({ name: video.nome })} onClick={onOpen} tone="text-gray-600 hover:bg-gray-100" />
          <RowAction icon={Download} label={videosTexts.downloadVideo({ name: video.nome })} onClick={onDownload} tone="text-green-600 hover:bg-green-50" />
          <RowAction
            icon={Trash2}
            label={videosTexts.deleteVideo({ name: video.nome })}
            onClick={onDelete}
            disabled={deleting}
            tone="text-red-600 hover:bg-red-50"
          />
        </div>
      </td>
    </tr>
  );
}
