import { useEffect } from 'react';
import { toast } from '@/lib/toast.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { relayCatalogue } from '@/i18n/relay.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { HelpCard } from '@/components/ui/help-card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { ApiError, errorMessage, serverText } from '@/lib/api-client.ts';
import { useUptime } from '@/lib/use-uptime.ts';
import { useRelayStatus } from '../api/get-relay-status.ts';
import { useStopRelay } from '../api/stop-relay.ts';
import { useRelayForm } from '../hooks/use-relay-form.ts';
import { RelayForm } from './relay-form.tsx';
import { RelayStatusBanner } from './relay-status-banner.tsx';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

/** /dashboard/relayrtmp: the relay's status while active or in error, the source form, and help. */
export function RelayPage() {
  const relayTexts = useTexts(relayCatalogue);
  const msg = useTexts(messageCatalogue);
  const status = useRelayStatus();
  const stop = useStopRelay();
  const form = useRelayForm();
  const s = status.data;
  const shown = s && s.relay_status !== 'inativo' ? s : null;
  const onAir = shown?.relay_status === 'ativo' && shown.estado === 'live';
  // counts on from the measured uptime of the last answer
  const uptime = useUptime(onAir ? status.dataUpdatedAt - shown.uptime_seconds * 1000 : null);

  useEffect(() => {
    if (status.isError) toast.error(msg.statusLoadError, { toastId: 'relay-status-error' });
  }, [status.isError]);

  const confirm = useConfirm();

  async function deactivate() {
    if (!(await confirm(relayTexts.stopConfirm))) return;
    stop.mutate(undefined, {
      onSuccess: (message) => {
        toast.success(serverText(message, msg.relayStopped));
        // stopping clears the status and the address
        form.clear();
      },
      onError: (err) => toast.error(errorMessage(err, err instanceof ApiError ? msg.relayDeactivateError : msg.relayStopError)),
    });
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={relayTexts.title} subtitle={relayTexts.subtitle} />
      {status.isPending ? (
        <LoadingState />
      ) : status.isError && !s ? null : shown ? (
        <RelayStatusBanner status={shown} uptime={uptime ?? shown.uptime} onStop={deactivate} stopping={stop.isPending} />
      ) : (
        <p className="rounded-xl border border-gray-200 bg-white px-5 py-4 text-sm text-gray-600 shadow-sm" data-testid="relay-inactive">
          {relayTexts.inactive}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <RelayForm form={form} />
        </div>
        <div className="lg:col-span-2">
          <HelpCard title={relayTexts.helpTitle} items={relayTexts.help} />
        </div>
      </div>
    </div>
  );
}
