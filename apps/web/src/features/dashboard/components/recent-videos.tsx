import { Link } from 'react-router';
import FileVideo from 'lucide-react/icons/file-video';
import Play from 'lucide-react/icons/play';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Upload from 'lucide-react/icons/upload';
import { commonCatalogue } from '@/i18n/common.ts';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { formatDuration } from '@/lib/format.ts';
import type { RecentVideo, RecentVideos as Data } from '../api/get-recent-videos.ts';

/** Up to 5 videos of the first folder, shown while nothing is live; each can be loaded into the player. */
export function RecentVideos({ data, loading, fetching, failed, onReload, onPlay }: {
  data: Data | undefined;
  loading: boolean;
  fetching: boolean;
  failed: boolean;
  onReload: () => void;
  onPlay: (video: RecentVideo) => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const dashboardTexts = useTexts(dashboardCatalogue);
  const videos = data?.videos ?? [];
  return (
    <SectionCard
      title={dashboardTexts.recentVideosTitle}
      description={data?.folder ? dashboardTexts.recentVideosFolder({ folder: data.folder.nome }) : undefined}
      icon={FileVideo}
      actions={
        <Button variant="secondary" onClick={onReload} disabled={fetching}>
          <RefreshCw className={fetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
          {dashboardTexts.loadVideos}
        </Button>
      }
    >
      {loading ? (
        <LoadingState />
      ) : videos.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <FileVideo className="h-10 w-10 text-gray-300" aria-hidden="true" />
          <p className="text-sm text-gray-500">{failed ? dashboardTexts.recentVideosFailed : dashboardTexts.noVideosYet}</p>
          <Link
            to="/dashboard/gerenciarvideos"
            className="inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            <Upload className="h-4 w-4" aria-hidden="true" />
            {commonTexts.uploadVideos}
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-gray-100">
          {videos.map((v) => (
            <li key={v.id} className="flex items-center gap-3 py-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
                <FileVideo className="h-5 w-5" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-gray-900" title={v.nome}>{v.nome}</p>
                <p className="text-xs text-gray-500">{commonTexts.duration}: {formatDuration(v.duracao)}</p>
              </div>
              <button
                type="button"
                onClick={() => onPlay(v)}
                aria-label={dashboardTexts.loadVideoInPlayer({ name: v.nome })}
                title={dashboardTexts.loadVideoInPlayer({ name: v.nome })}
                className="flex h-9 w-9 items-center justify-center rounded-full bg-blue-600 text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              >
                <Play className="h-4 w-4 fill-current" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
