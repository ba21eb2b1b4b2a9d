import type { ReactNode } from 'react';
import AlertTriangle from 'lucide-react/icons/alert-triangle';
import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import Square from 'lucide-react/icons/square';
import type { RelayStatus } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { relayCatalogue } from '@/i18n/relay.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { useServerErrors } from '@/i18n/server-errors.ts';
import { LiveBanner } from '@/components/live-banner.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { processErrorMessage, serverText } from '@/lib/api-client.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';

function StopButton({ onStop, stopping, light }: { onStop: () => void; stopping: boolean; light: boolean }) {
  const relayTexts = useTexts(relayCatalogue);
  const cls = light
    ? 'inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-70'
    : undefined;
  const content = (
    <>
      {stopping ? <Spinner className="h-4 w-4" /> : <Square className="h-4 w-4" aria-hidden="true" />}
      {stopping ? relayTexts.deactivating : relayTexts.deactivate}
    </>
  );
  return light
    ? <button type="button" onClick={onStop} disabled={stopping} className={cls}>{content}</button>
    : <Button variant="danger" onClick={onStop} disabled={stopping}>{content}</Button>;
}

/** Where the relay pulls from and since when, as the owner typed it. */
function SourceLine({ status, className }: { status: RelayStatus; className: string }) {
  const commonTexts = useTexts(commonCatalogue);
  const relayTexts = useTexts(relayCatalogue);
  const fmt = useDateTimeFormat();
  const since = status.relay_started_at ? Date.parse(status.relay_started_at) : NaN;
  return (
    <p className={className}>
      <span>{commonTexts.source}: </span>
      <span className="break-all font-mono" data-testid="relay-source">{status.relay_url}</span>
      {Number.isFinite(since) && <span> · {relayTexts.startedAtLabel} {fmt.dateTime(since)}</span>}
    </p>
  );
}

/**
 * The relay while active: on air, the channel's live banner with its measured viewers, bitrate
 * and uptime; connecting, reconnecting or waiting for OBS, a notice that says which (nothing
 * claims the picture is on air then); ended in error, the reason.
 */
export function RelayStatusBanner({ status, uptime, onStop, stopping }: {
  status: RelayStatus;
  uptime: string;
  onStop: () => void;
  stopping: boolean;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const relayTexts = useTexts(relayCatalogue);
  const msg = useTexts(messageCatalogue);
  useServerErrors(!!status.relay_error_code); // the reason in the panel's language once its texts arrive
  const text = status.relay_error_details;
  // an error's reason by its code; what a reconnecting or held relay waits for, in the panel's own words
  const details = !text ? null
    : status.relay_error_code ? processErrorMessage(text, status.relay_error_code, status.relay_error_values)
      : status.estado === 'reconnecting' ? serverText(text, msg.relaySourceLost)
        : status.estado === 'held' ? serverText(text, msg.relayHeld) : text;
  const stateLine: ReactNode = (
    <span data-testid="relay-state">
      {status.relay_status === 'erro' ? commonTexts.statusError : commonTexts.active}
      {status.estado ? ` — ${relayTexts.stateLabels[status.estado]}` : ''}
    </span>
  );
  if (status.relay_status === 'ativo' && status.estado === 'live') {
    return (
      <div data-testid="relay-status">
        <LiveBanner
          title={msg.relayTitle(status.relay_type ?? 'rtmp')}
          liveType={commonTexts.liveTypeRelay}
          viewers={status.viewers}
          bitrate={status.bitrate}
          uptime={uptime}
          playlistName={null}
          bitrateWarning={null}
          badgeTestId="relay-live-badge"
          actions={<StopButton onStop={onStop} stopping={stopping} light />}
        >
          <div className="space-y-1 bg-white/10 px-5 py-3 text-sm sm:px-6">
            <p>{relayTexts.statusTitle}: {stateLine}</p>
            <SourceLine status={status} className="text-red-100" />
          </div>
        </LiveBanner>
      </div>
    );
  }
  const error = status.relay_status === 'erro';
  return (
    <section
      data-testid="relay-status"
      aria-label={relayTexts.statusTitle}
      className={`flex flex-wrap items-start justify-between gap-4 rounded-2xl border p-5 sm:p-6 ${error ? 'border-red-200 bg-red-50 text-red-900' : 'border-amber-200 bg-amber-50 text-amber-900'}`}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex items-center gap-2 text-lg font-semibold">
          {error ? <AlertTriangle className="h-5 w-5" aria-hidden="true" /> : <ArrowLeftRight className="h-5 w-5" aria-hidden="true" />}
          {error ? relayTexts.errorTitle : <>{relayTexts.statusTitle}: {stateLine}</>}
        </p>
        {details && <p className="text-sm" data-testid="relay-error">{details}</p>}
        <SourceLine status={status} className="text-sm opacity-80" />
      </div>
      <StopButton onStop={onStop} stopping={stopping} light={false} />
    </section>
  );
}
