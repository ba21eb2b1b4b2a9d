import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast.ts';
import { RELAY_TIMINGS, inferRelayType, type RelayType } from '@painel/contract';
import { ApiError, errorMessage, serverText } from '@/lib/api-client.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow } from '@/i18n/runtime.ts';
import { useStartRelay } from '../api/start-relay.ts';
import { relayValidateQuery, useRelayValidation } from '../api/validate-relay-url.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';

export type ValidationView =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; valid: boolean; message: string };

/**
 * The relay form's state: the address, its type (inferred from the address, and changeable),
 * the server's verdict 2 s after the typing stops, and the start, which is refused while the
 * verdict says the source cannot be relayed (offline, no picture, a codec it cannot carry).
 */
export function useRelayForm() {
  const queryClient = useQueryClient();
  const start = useStartRelay();
  const [url, setUrlRaw] = useState('');
  const [type, setType] = useState<RelayType>('rtmp');
  const [record, setRecord] = useState(false);
  const settled = useDebouncedValue(url.trim(), RELAY_TIMINGS.validateDelayMs);
  const typing = settled !== url.trim();
  const validation = useRelayValidation(typing ? '' : settled, type);

  useEffect(() => {
    if (validation.isError) toast.error(textsNow(messageCatalogue).relayValidateError, { toastId: 'relay-validate-error' });
  }, [validation.isError]);

  function setUrl(next: string) {
    setUrlRaw(next);
    const inferred = inferRelayType(next);
    if (inferred) setType(inferred);
  }

  let view: ValidationView = { state: 'idle' };
  if (url.trim() && (typing || validation.isFetching)) view = { state: 'checking' };
  else if (url.trim() && validation.data) view = { state: 'done', ...validation.data };

  async function submit(): Promise<void> {
    const msg = textsNow(messageCatalogue);
    const address = url.trim();
    if (!address) {
      toast.error(msg.relayUrlRequired);
      return;
    }
    let verdict;
    try {
      // the verdict on what is in the field now, without waiting out the typing delay
      verdict = await queryClient.fetchQuery(relayValidateQuery(address, type));
    } catch {
      toast.error(msg.relayValidateError);
      return;
    }
    if (!verdict.valid) {
      toast.error(serverText(verdict.message, msg.relayOffline));
      return;
    }
    start.mutate({ relay_url: address, relay_type: type, enable_recording: record }, {
      onSuccess: (message) => toast.success(serverText(message, msg.relayStarted)),
      // a refusal the server explained, else whether it answered at all
      onError: (err) => toast.error(errorMessage(err, err instanceof ApiError ? msg.relayActivateFailed : msg.relayStartError)),
    });
  }

  return { url, setUrl, type, setType, record, setRecord, view, submit, starting: start.isPending, clear: () => setUrlRaw('') };
}
