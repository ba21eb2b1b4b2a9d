import { useEffect } from 'react';
import Film from 'lucide-react/icons/film';
import { toast } from '@/lib/toast.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { videosCatalogue } from '@/i18n/videos.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import type { FolderItem } from '@/lib/folders.ts';
import { useVideos } from '../api/get-videos.ts';
import type { UploadItem } from '../hooks/use-video-uploads.ts';
import { UploadButton } from './upload-button.tsx';
import { UploadList } from './upload-list.tsx';
import { VideoTable } from './video-table.tsx';

/** The selected folder's videos, the upload button and the upload progress list. */
export function VideosSection({
  folder, uploads, onFiles,
}: {
  folder: FolderItem | undefined;
  uploads: UploadItem[];
  onFiles: (files: File[]) => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const videosTexts = useTexts(videosCatalogue);
  const msg = useTexts(messageCatalogue);
  const videos = useVideos(folder?.id ?? null);

  useEffect(() => {
    if (videos.error) toast.error(errorMessage(videos.error, textsNow(messageCatalogue).videosLoadError), { toastId: 'videos-load-error' });
  }, [videos.error]);

  return (
    <SectionCard
      title={folder ? videosTexts.folderVideos({ name: folder.nome }) : commonTexts.videos}
      description={videosTexts.uploadFormats}
      icon={Film}
      actions={<UploadButton hasFolder={!!folder} onFiles={onFiles} />}
    >
      <div className="space-y-4">
        <UploadList items={uploads} />
        {!folder && <p className="py-8 text-center text-sm text-gray-500">{videosTexts.selectFolderHint}</p>}
        {folder && videos.isPending && <LoadingState label={commonTexts.videosLoading} />}
        {folder && videos.isError && !videos.data && (
          <div className="flex flex-col items-center gap-3 py-8 text-sm">
            <p className="text-red-600">{msg.folderVideosLoadError}</p>
            <Button variant="secondary" onClick={() => void videos.refetch()}>{msg.tryAgain}</Button>
          </div>
        )}
        {folder && videos.data && videos.data.length === 0 && (
          <p className="py-8 text-center text-sm text-gray-500">{videosTexts.noVideos}</p>
        )}
        {folder && videos.data && videos.data.length > 0 && (
          <VideoTable videos={videos.data} folderId={folder.id} folderName={folder.nome} />
        )}
      </div>
    </SectionCard>
  );
}
