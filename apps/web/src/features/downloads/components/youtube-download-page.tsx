import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { downloadsCatalogue } from '@/i18n/downloads.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useFolders } from '@/lib/folders.ts';
import { useDownload } from '../hooks/use-download.ts';
import { useLinkCheck } from '../hooks/use-link-check.ts';
import { DownloadForm } from './download-form.tsx';
import { DownloadProgress } from './download-progress.tsx';
import { HelpCard } from '@/components/ui/help-card.tsx';
import { RecentDownloads } from './recent-downloads.tsx';

/** /dashboard/downloadyoutube: a video from a link into a folder of the library. */
export function YoutubeDownloadPage() {
  const commonTexts = useTexts(commonCatalogue);
  const t = useTexts(downloadsCatalogue);
  const folders = useFolders();
  const [link, setLink] = useState('');
  const [folderId, setFolderId] = useState('');
  const check = useLinkCheck(link);
  const download = useDownload(() => setLink(''));

  useEffect(() => {
    if (folders.error) toast.error(errorMessage(folders.error, textsNow(messageCatalogue).foldersLoadError), { toastId: 'folders-load-error' });
  }, [folders.error]);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          {download.following && (
            <DownloadProgress status={download.current} readAt={download.readAt} cancelling={download.cancelling} onCancel={download.stop} />
          )}
          <DownloadForm
            link={link}
            onLink={setLink}
            folderId={folderId}
            onFolder={setFolderId}
            folders={folders.data ?? []}
            check={check}
            starting={download.starting}
            onSubmit={() => download.submit(link, folderId ? Number(folderId) : null, check)}
          />
        </div>
        <div className="space-y-6 lg:col-span-2">
          <RecentDownloads />
          <HelpCard title={commonTexts.howItWorks} items={t.help} />
        </div>
      </div>
    </div>
  );
}
