import { useEffect } from 'react';
import { toast } from '@/lib/toast.ts';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import { commercialsCatalogue } from '@/i18n/commercials.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { planBitrate } from '@/lib/account.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useUser } from '@/lib/auth.ts';
import type { FolderItem } from '@/lib/folders.ts';
import { formatDuration } from '@/lib/format.ts';
import { candidateRefusal } from '@painel/contract';
import { useCommercialVideos } from '../api/get-commercial-videos.ts';

/** 'Visualizar Comerciais': the videos of the chosen folder, and whether each can play as a commercial. */
export function CommercialVideosModal({ folder, onClose }: { folder: FolderItem; onClose: () => void }) {
  const commonTexts = useTexts(commonCatalogue);
  const commercialsTexts = useTexts(commercialsCatalogue);
  const msg = useTexts(messageCatalogue);
  const columns = commercialsTexts.videoColumns;
  const { data: user } = useUser();
  const videos = useCommercialVideos(folder.id);
  const limit = planBitrate(user);

  useEffect(() => {
    if (videos.error) toast.error(errorMessage(videos.error, msg.folderVideosLoadError), { toastId: 'commercial-videos-error' });
  }, [videos.error]);

  return (
    <Modal open title={commercialsTexts.videosTitle({ folder: folder.nome })} onClose={onClose} size="lg">
      {videos.isPending ? (
        <LoadingState label={commonTexts.videosLoading} />
      ) : videos.isError ? (
        <div className="flex flex-col items-center gap-3 py-8 text-sm">
          <p className="text-red-600">{msg.folderVideosLoadError}</p>
          <Button variant="secondary" onClick={() => void videos.refetch()}>{msg.tryAgain}</Button>
        </div>
      ) : videos.data.length === 0 ? (
        <p className="py-8 text-center text-sm text-gray-500">{commonTexts.folderEmpty}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{commercialsTexts.videosTitle({ folder: folder.nome })}</caption>
          <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-500 uppercase">
            <tr>
              {columns.map((c) => <th key={c} scope="col" className="px-3 py-2">{c}</th>)}
            </tr>
          </thead>
          <tbody>
            {videos.data.map((v) => {
              const refusal = candidateRefusal(v, limit, msg);
              return (
                <tr key={v.id} className="border-t border-gray-100">
                  <td className="max-w-xs px-3 py-2"><span className="block truncate font-medium text-gray-900" title={v.nome}>{v.nome}</span></td>
                  <td className="px-3 py-2 whitespace-nowrap text-gray-600 tabular-nums">{formatDuration(v.duracao)}</td>
                  <td className="px-3 py-2">
                    {refusal ? (
                      <span className="inline-flex items-center gap-1 text-red-700">
                        <CircleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
                        {commercialsTexts.skipped({ reason: refusal })}
                      </span>
                    ) : (
                      <span className="inline-flex items-center gap-1 text-green-700">
                        <CircleCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
                        {commercialsTexts.plays}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
