import { useId, type FormEvent } from 'react';
import CheckCircle2 from 'lucide-react/icons/check-circle-2';
import Link2 from 'lucide-react/icons/link-2';
import XCircle from 'lucide-react/icons/x-circle';
import { RECORDINGS_FOLDER, RELAY_TYPES, type RelayType } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { relayCatalogue } from '@/i18n/relay.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { useRelayForm } from '../hooks/use-relay-form.ts';

const input = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none';

/** The source address, its type, the server's verdict on it, and 'Ativar Relay'. */
export function RelayForm({ form }: { form: ReturnType<typeof useRelayForm> }) {
  const id = useId();
  const commonTexts = useTexts(commonCatalogue);
  const relayTexts = useTexts(relayCatalogue);
  const typeLabel: Record<RelayType, string> = { rtmp: commonTexts.rtmp, m3u8: relayTexts.typeM3u8 };
  const { view } = form;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void form.submit();
  }

  return (
    <SectionCard title={relayTexts.formTitle} icon={Link2} description={relayTexts.formDescription}>
      <form onSubmit={onSubmit} className="space-y-4" aria-label={relayTexts.formTitle} noValidate>
        <div className="grid gap-4 sm:grid-cols-4">
          <div className="sm:col-span-3">
            <label htmlFor={`${id}-url`} className="mb-1 block text-sm font-medium text-gray-700">{relayTexts.urlLabel}</label>
            <input
              id={`${id}-url`} className={input} value={form.url} onChange={(e) => form.setUrl(e.target.value)}
              placeholder={relayTexts.urlPlaceholder} autoComplete="off" spellCheck={false} inputMode="url"
              aria-describedby={`${id}-verdict`}
            />
          </div>
          <div>
            <label htmlFor={`${id}-type`} className="mb-1 block text-sm font-medium text-gray-700">{relayTexts.typeLabel}</label>
            <select id={`${id}-type`} className={input} value={form.type} onChange={(e) => form.setType(e.target.value as RelayType)}>
              {RELAY_TYPES.map((t) => <option key={t} value={t}>{typeLabel[t]}</option>)}
            </select>
          </div>
        </div>
        <p id={`${id}-verdict`} role="status" aria-live="polite" className="min-h-5 text-sm" data-testid="relay-verdict">
          {view.state === 'checking' && (
            <span className="inline-flex items-center gap-2 text-gray-500"><Spinner className="h-4 w-4" />{relayTexts.validating}</span>
          )}
          {view.state === 'done' && (
            <span className={`inline-flex items-center gap-2 ${view.valid ? 'text-green-700' : 'text-red-700'}`}>
              {view.valid ? <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> : <XCircle className="h-4 w-4" aria-hidden="true" />}
              {view.message}
            </span>
          )}
        </p>
        <div className="flex items-start gap-3">
          <input
            id={`${id}-record`} type="checkbox" data-testid="relay-record" aria-describedby={`${id}-record-hint`}
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-300 accent-blue-600"
            checked={form.record} onChange={(e) => form.setRecord(e.target.checked)}
          />
          <div>
            <label htmlFor={`${id}-record`} className="font-medium text-gray-900">{relayTexts.recordLabel}</label>
            <p id={`${id}-record-hint`} className="text-sm text-gray-500">{relayTexts.recordHint({ folder: RECORDINGS_FOLDER })}</p>
          </div>
        </div>
        <Button type="submit" variant="success" disabled={form.starting} className="w-full sm:w-auto">
          {form.starting ? <Spinner className="h-4 w-4" /> : null}
          {form.starting ? relayTexts.activating : relayTexts.activate}
        </Button>
      </form>
    </SectionCard>
  );
}
