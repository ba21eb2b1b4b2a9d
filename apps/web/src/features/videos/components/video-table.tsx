import { useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { videosCatalogue } from '@/i18n/videos.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useDeleteVideo } from '../api/delete-video.ts';
import type { VideoItem } from '../api/get-videos.ts';
import { videoPlaybackUrl } from '../utils/video-url.ts';
import { VideoPlayerModal } from './video-player-modal.tsx';
import { VideoRow } from './video-row.tsx';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

/** The address for an action, or a toast saying why there is none. */
function urlOrToast(video: VideoItem, download = false): string | null {
  const r = videoPlaybackUrl(video.url, { download, token: video.content_token });
  if (r.ok) return r.url;
  toast.error(r.error);
  return null;
}

function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener');
}

/** The videos of the selected folder, with play, new tab, download and delete. */
export function VideoTable({ videos, folderId, folderName }: { videos: VideoItem[]; folderId: number; folderName: string }) {
  const commonTexts = useTexts(commonCatalogue);
  const videosTexts = useTexts(videosCatalogue);
  const COLUMNS = [
    videosTexts.videoColName, commonTexts.format, commonTexts.bitrate, commonTexts.size, commonTexts.duration, commonTexts.status, videosTexts.videoColActions,
  ];
  const [playing, setPlaying] = useState<{ video: VideoItem; url: string } | null>(null);
  const remove = useDeleteVideo();
  const [deleting, setDeleting] = useState<ReadonlySet<number>>(new Set());

  const confirm = useConfirm();

  async function onDelete(video: VideoItem) {
    if (!(await confirm(textsNow(videosCatalogue).deleteVideoConfirm({ name: video.nome })))) return;
    setDeleting((s) => new Set(s).add(video.id));
    remove.mutate(
      { id: video.id, folderId },
      {
        onSuccess: () => toast.success(textsNow(messageCatalogue).videoDeleted),
        onError: (e) => toast.error(errorMessage(e, textsNow(messageCatalogue).videoDeleteError)),
        onSettled: () =>
          setDeleting((s) => {
            const next = new Set(s);
            next.delete(video.id);
            return next;
          }),
      },
    );
  }

  function onDownload(video: VideoItem) {
    const url = urlOrToast(video, true);
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.download = video.nome;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
  }

  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{videosTexts.folderVideos({ name: folderName })}</caption>
          <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-500 uppercase">
            <tr>
              {COLUMNS.map((c, i) => (
                <th key={c} scope="col" className={`px-3 py-2.5 whitespace-nowrap${i === COLUMNS.length - 1 ? ' sticky right-0 bg-gray-50' : ''}`}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {videos.map((video) => (
              <VideoRow
                key={video.id}
                video={video}
                deleting={deleting.has(video.id)}
                onPlay={() => {
                  const url = urlOrToast(video);
                  if (url) setPlaying({ video, url });
                }}
                onOpen={() => {
                  const url = urlOrToast(video);
                  if (url) openInNewTab(url);
                }}
                onDownload={() => onDownload(video)}
                onDelete={() => onDelete(video)}
              />
            ))}
          </tbody>
        </table>
      </div>
      {playing && (
        <VideoPlayerModal
          title={playing.video.nome}
          url={playing.url}
          onClose={() => setPlaying(null)}
          onFail={() => {
            // when the in-page player fails, the video opens in a new tab
            setPlaying(null);
            toast.error(textsNow(messageCatalogue).videoLoadError);
            openInNewTab(playing.url);
          }}
        />
      )}
    </>
  );
}
