import KeyRound from 'lucide-react/icons/key-round';
import Radio from 'lucide-react/icons/radio';
import { commonCatalogue } from '@/i18n/common.ts';
import { connectionDataCatalogue } from '@/i18n/connection-data.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { ConnectionData } from '../api/get-connection-data.ts';
import { DataValue } from './data-value.tsx';

/** What OBS needs (server and full stream key, hidden by default) and the HLS address viewers play. */
export function StreamCard({ data, regenerating, onRegenerate }: { data: ConnectionData; regenerating: boolean; onRegenerate: () => void }) {
  const commonTexts = useTexts(commonCatalogue);
  const connectionDataTexts = useTexts(connectionDataCatalogue);
  return (
    <SectionCard
      title={connectionDataTexts.streamTitle}
      description={connectionDataTexts.streamDescription}
      icon={Radio}
      actions={
        <Button variant="secondary" onClick={onRegenerate} disabled={regenerating}>
          {regenerating ? <Spinner className="h-4 w-4" /> : <KeyRound className="h-4 w-4" aria-hidden="true" />}
          {connectionDataTexts.regenerateKey}
        </Button>
      }
    >
      <dl className="space-y-4">
        <div>
          <dt className="mb-1.5 text-sm font-medium text-gray-600">{commonTexts.rtmpServer}</dt>
          <dd><DataValue value={data.rtmp.servidor} item={commonTexts.rtmpServer} testId="rtmp-server" /></dd>
        </div>
        <div>
          <dt className="mb-1.5 text-sm font-medium text-gray-600">{connectionDataTexts.streamKey}</dt>
          <dd><DataValue value={data.rtmp.chave} item={connectionDataTexts.streamKey} secret testId="stream-key" /></dd>
          <dd className="mt-1.5 text-xs text-gray-500">{connectionDataTexts.streamKeyHint}</dd>
        </div>
        <div>
          <dt className="mb-1.5 text-sm font-medium text-gray-600">{connectionDataTexts.hlsUrl}</dt>
          <dd><DataValue value={data.hls_url} item={connectionDataTexts.hlsUrl} testId="hls-url" /></dd>
        </div>
      </dl>
    </SectionCard>
  );
}
