import { useEffect } from 'react';
import { toast } from '@/lib/toast.ts';
import { DOWNLOADS } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { errorMessage, serverText } from '@/lib/api-client.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useLinkVerdict } from '../api/validate-link.ts';
import { linkCheckOf, worthChecking, type LinkCheck } from '../utils/link-check.ts';

/** The link's check: asked of the server 2 s after the typing stops; a refusal is also a warning toast. */
export function useLinkCheck(link: string): LinkCheck {
  const msg = useTexts(messageCatalogue);
  const typed = link.trim();
  const settled = useDebouncedValue(typed, DOWNLOADS.validateDelayMs);
  const verdict = useLinkVerdict(settled === typed && worthChecking(settled) ? settled : '');
  const check = linkCheckOf({
    typed, settled, fetching: verdict.isFetching,
    // a refusal's reason is the server's Portuguese: shown as sent in pt-BR, the panel's own text otherwise
    verdict: verdict.data && { ...verdict.data, message: serverText(verdict.data.message, msg.downloadUrlInvalidShort) },
    failure: verdict.isError ? errorMessage(verdict.error, msg.downloadInvalidUrl) : null,
    invalidText: msg.downloadUrlInvalidShort,
  });
  const reason = check.state === 'invalid' ? check.reason : null;

  useEffect(() => {
    // once per link: the same refusal is not repeated while the page re-renders
    if (reason) toast.warning(reason, { toastId: `download-link:${typed}` });
  }, [reason, typed]);

  return check;
}
