import { useEffect } from 'react';
import Film from 'lucide-react/icons/film';
import { toast } from '@/lib/toast.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { conversionCatalogue } from '@/i18n/conversion.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import type { FolderItem } from '@/lib/folders.ts';
import { useConversionVideos, type ConversionVideoItem } from '../api/get-conversion-videos.ts';
import { ConversionVideoCard } from './conversion-video-card.tsx';

/** The chosen folder's videos as cards, each with its conversion. */
export function ConversionVideos({
  folder, onConvert, onPlay,
}: {
  folder: FolderItem | undefined;
  onConvert: (v: ConversionVideoItem) => void;
  onPlay: (v: ConversionVideoItem) => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const conversionTexts = useTexts(conversionCatalogue);
  const msg = useTexts(messageCatalogue);
  const videos = useConversionVideos(folder?.id ?? null);

  useEffect(() => {
    if (videos.error) toast.error(errorMessage(videos.error, textsNow(messageCatalogue).videosLoadError), { toastId: 'conversion-videos-error' });
  }, [videos.error]);

  return (
    <SectionCard title={folder ? conversionTexts.videosTitle({ folder: folder.nome }) : commonTexts.videos} icon={Film}>
      {!folder && <p className="py-8 text-center text-sm text-gray-500">{conversionTexts.selectFolderHint}</p>}
      {folder && videos.isPending && <LoadingState label={commonTexts.videosLoading} />}
      {folder && videos.isError && !videos.data && (
        <div className="flex flex-col items-center gap-3 py-8 text-sm">
          <p className="text-red-600">{msg.folderVideosLoadError}</p>
          <Button variant="secondary" onClick={() => void videos.refetch()}>{msg.tryAgain}</Button>
        </div>
      )}
      {folder && videos.data?.length === 0 && <p className="py-8 text-center text-sm text-gray-500">{commonTexts.folderEmpty}</p>}
      {folder && videos.data && videos.data.length > 0 && (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {videos.data.map((v) => (
            <ConversionVideoCard
              key={v.id}
              video={v}
              folderId={folder.id}
              listedAt={videos.dataUpdatedAt}
              onConvert={() => onConvert(v)}
              onPlay={() => onPlay(v)}
            />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
