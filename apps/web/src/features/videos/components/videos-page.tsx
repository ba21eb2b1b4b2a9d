import { useEffect } from 'react';
import Upload from 'lucide-react/icons/upload';
import { toast } from '@/lib/toast.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { videosCatalogue } from '@/i18n/videos.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useFolderInfo } from '../api/get-folder-info.ts';
import { useFolders } from '@/lib/folders.ts';
import { useFileDrop } from '../hooks/use-file-drop.ts';
import { useFolderSelection } from '../hooks/use-folder-selection.ts';
import { useVideoUploads } from '../hooks/use-video-uploads.ts';
import { FoldersSection } from './folders-section.tsx';
import { PlanInfo } from './plan-info.tsx';
import { VideosSection } from './videos-section.tsx';

/** /dashboard/gerenciarvideos: plan info, folders, the selected folder's videos and uploads. */
export function VideosPage() {
  const commonTexts = useTexts(commonCatalogue);
  const videosTexts = useTexts(videosCatalogue);
  const msg = useTexts(messageCatalogue);
  const folders = useFolders();
  const { selectedId, select } = useFolderSelection(folders.data);
  const info = useFolderInfo(selectedId);
  const { items, uploadFiles } = useVideoUploads();
  const selected = folders.data?.find((f) => f.id === selectedId);

  useEffect(() => {
    if (folders.error) toast.error(errorMessage(folders.error, textsNow(messageCatalogue).foldersLoadError), { toastId: 'folders-load-error' });
  }, [folders.error]);
  useEffect(() => {
    // the info only refines the counters; without it the list's figures stay
    if (info.error) console.error('folder info', info.error);
  }, [info.error]);

  function onFiles(files: File[]) {
    if (!selected) {
      toast.error(textsNow(messageCatalogue).selectFolderFirst);
      return;
    }
    uploadFiles(selected.id, files);
  }
  const drop = useFileDrop((videos, dropped) => {
    if (dropped > 0 && videos.length === 0 && selected) toast.error(textsNow(messageCatalogue).uploadNotVideo);
    else onFiles(videos);
  });

  return (
    <div className="relative mx-auto max-w-7xl space-y-6" {...drop.handlers}>
      <PageHeader title={commonTexts.manageVideos} subtitle={videosTexts.subtitle} />

      <PlanInfo folders={folders.data} />
      <FoldersSection
        folders={folders.data}
        loading={folders.isPending}
        failed={folders.isError}
        selectedId={selectedId}
        selectedInfo={info.data}
        onSelect={select}
      />
      <VideosSection folder={selected} uploads={items} onFiles={onFiles} />

      {drop.dragging && (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center bg-blue-600/15 p-6 backdrop-blur-[1px]"
        >
          <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-blue-500 bg-white/95 px-10 py-8 text-center text-blue-700 shadow-lg">
            <Upload className="h-10 w-10" aria-hidden="true" />
            <p className="text-lg font-semibold">{selected ? videosTexts.dropVideos({ folder: selected.nome }) : msg.selectFolderFirst}</p>
          </div>
        </div>
      )}
    </div>
  );
}
