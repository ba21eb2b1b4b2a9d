import { toast } from '@/lib/toast.ts';
import AlertTriangle from 'lucide-react/icons/alert-triangle';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { DEFAULT_STORAGE_MB } from '@painel/contract';
import { connectionDataCatalogue } from '@/i18n/connection-data.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage, serverText } from '@/lib/api-client.ts';
import { useUser } from '@/lib/auth.ts';
import { useConnectionData } from '../api/get-connection-data.ts';
import { useRegenerateStreamKey } from '../api/regenerate-stream-key.ts';
import { ConnectionHelp } from './connection-help.tsx';
import { FtpCard } from './ftp-card.tsx';
import { SrtCard } from './srt-card.tsx';
import { StreamCard } from './stream-card.tsx';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

/** /dashboard/dados-conexao: FTP access, RTMP server and stream key, HLS address, SRT ingest, help. */
export function ConnectionDataPage() {
  const connectionDataTexts = useTexts(connectionDataCatalogue);
  const msg = useTexts(messageCatalogue);
  const { data: user } = useUser();
  const data = useConnectionData();
  const regenerate = useRegenerateStreamKey();

  const confirm = useConfirm();

  async function onRegenerate() {
    if (!(await confirm(textsNow(connectionDataCatalogue).regenerateKeyConfirm))) return;
    regenerate.mutate(undefined, {
      onSuccess: (r) => toast.success(serverText(r.message, textsNow(messageCatalogue).streamKeyRegenerated)),
      onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).streamKeyRegenerateError)),
    });
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{connectionDataTexts.title}</h1>
        <p className="mt-1 text-gray-500">{connectionDataTexts.subtitle}</p>
      </div>

      {data.isPending ? (
        <LoadingState />
      ) : data.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-800">
          <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden="true" />
          <p className="flex-1">{errorMessage(data.error, msg.connectionDataLoadError)}</p>
          <Button variant="secondary" onClick={() => void data.refetch()}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
            {msg.tryAgain}
          </Button>
        </div>
      ) : (
        <>
          <FtpCard ftp={data.data.ftp} />
          <StreamCard data={data.data} regenerating={regenerate.isPending} onRegenerate={onRegenerate} />
          <SrtCard />
        </>
      )}

      <ConnectionHelp storageMb={user?.espaco || DEFAULT_STORAGE_MB} />
    </div>
  );
}
