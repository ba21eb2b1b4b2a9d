import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { conversionCatalogue } from '@/i18n/conversion.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useFolders } from '@/lib/folders.ts';
import { formatNumber } from '@/lib/format.ts';
import { useConversionQualities } from '../api/get-conversion-qualities.ts';
import type { ConversionVideoItem } from '../api/get-conversion-videos.ts';
import { ConversionFolders } from './conversion-folders.tsx';
import { HelpCard } from '@/components/ui/help-card.tsx';
import { ConversionPlayerModal } from './conversion-player-modal.tsx';
import { ConversionVideos } from './conversion-videos.tsx';
import { ConvertDialog } from './convert-dialog.tsx';

/** /dashboard/conversao-videos: folders, the chosen folder's videos with their conversions, the dialogs, help. */
export function ConversionPage() {
  const conversionTexts = useTexts(conversionCatalogue);
  const folders = useFolders();
  const qualities = useConversionQualities();
  const [folderId, setFolderId] = useState<number | null>(null);
  const [converting, setConverting] = useState<ConversionVideoItem | null>(null);
  const [playing, setPlaying] = useState<ConversionVideoItem | null>(null);
  const folder = folders.data?.find((f) => f.id === folderId);
  const planKbps = qualities.data?.find((q) => q.quality === 'custom')?.bitrate;

  useEffect(() => {
    if (folders.error) toast.error(errorMessage(folders.error, textsNow(messageCatalogue).foldersLoadError), { toastId: 'folders-load-error' });
  }, [folders.error]);
  useEffect(() => {
    // without the list the dialog cannot offer qualities; the page still shows the videos
    if (qualities.error) console.error('GET /api/conversion/qualities', qualities.error);
  }, [qualities.error]);

  function openDialog(video: ConversionVideoItem) {
    // the dialog offers the qualities of the plan: without them there is nothing to choose from
    if (!qualities.data) toast.error(errorMessage(qualities.error, textsNow(messageCatalogue).conversionStartError), { toastId: 'conversion-qualities' });
    else setConverting(video);
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={conversionTexts.title} subtitle={conversionTexts.subtitle} />
      {planKbps !== undefined && <p className="text-sm font-medium text-gray-600">{conversionTexts.planLimit({ kbps: formatNumber(planKbps) })}</p>}

      <ConversionFolders
        folders={folders.data}
        loading={folders.isPending}
        failed={folders.isError}
        selectedId={folderId}
        onSelect={setFolderId}
      />
      <ConversionVideos folder={folder} onConvert={openDialog} onPlay={setPlaying} />
      <HelpCard title={conversionTexts.helpTitle} items={conversionTexts.help} />

      {converting && qualities.data && (
        <ConvertDialog video={converting} qualities={qualities.data} onClose={() => setConverting(null)} />
      )}
      {playing && <ConversionPlayerModal video={playing} onClose={() => setPlaying(null)} />}
    </div>
  );
}
