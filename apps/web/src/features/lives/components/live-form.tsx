import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast.ts';
import Send from 'lucide-react/icons/send';
import { PLATFORMS, type PlatformId, type StartLiveBody } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { livesCatalogue } from '@/i18n/lives.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useLocale, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage, serverText } from '@/lib/api-client.ts';
import { useUserSettings } from '@/lib/user-settings.ts';
import { useSourceUrls } from '../api/get-source-urls.ts';
import { useStartLive } from '../api/start-live.ts';

/** A datetime-local value (yyyy-mm-ddThh:mm) as the API takes it (dd/mm/yyyy hh:mm). */
export function toFormDate(local: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : '';
}

const baseOf = (id: PlatformId): string => PLATFORMS.find((p) => p.id === id)?.rtmp_base_url ?? '';
const input = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none disabled:bg-gray-100 disabled:text-gray-400';

/** 'Cadastrar Live': the platform fills its RTMP server; the source is the channel itself (HTTP/M3U8 by default). */
export function LiveForm() {
  const id = useId();
  const commonTexts = useTexts(commonCatalogue);
  const livesTexts = useTexts(livesCatalogue);
  const locale = useLocale();
  const sources = useSourceUrls();
  const settings = useUserSettings();
  const start = useStartLive();
  const [tipo, setTipo] = useState<PlatformId>('youtube');
  const [server, setServer] = useState<string>(baseOf('youtube'));
  const [key, setKey] = useState('');
  const [source, setSource] = useState<'http_m3u8' | 'rtmp'>('http_m3u8');
  const [now, setNow] = useState(true);
  const [startAt, setStartAt] = useState('');
  const [endAt, setEndAt] = useState('');

  // said under the disabled button, so nobody has to guess why it does nothing
  const missing = ([
    !server.trim() && commonTexts.rtmpServer,
    !key.trim() && livesTexts.key,
    !now && !startAt && commonTexts.startDate,
    !endAt && livesTexts.end,
  ] as (string | false)[]).filter((f): f is string => !!f);
  const incomplete = missing.length > 0;
  const busy = start.isPending;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const msg = textsNow(messageCatalogue);
    if (incomplete) {
      toast.error(msg.liveRequired);
      return;
    }
    if (!sources.data) return;
    const body: StartLiveBody = {
      tipo, servidor_rtmp: server.trim(), servidor_rtmp_chave: key.trim(), servidor_stm: sources.data[source],
      data_inicio: now ? '' : toFormDate(startAt), data_fim: toFormDate(endAt), inicio_imediato: now ? 'sim' : 'nao',
    };
    start.mutate(body, {
      onSuccess: (message) => {
        toast.success(serverText(message, now ? msg.liveStarted : msg.liveScheduled));
        setKey('');
        setStartAt('');
        setEndAt('');
      },
      onError: (err) => toast.error(errorMessage(err, msg.startError)),
    });
  }

  const zone = settings.data?.timezone;
  return (
    <SectionCard title={livesTexts.registerLive} icon={Send} description={zone ? commonTexts.zoneHint({ zone: commonTexts.timezones[zone] }) : undefined}>
      <form onSubmit={onSubmit} className="space-y-4" aria-label={livesTexts.registerLive}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-tipo`} className="mb-1 block text-sm font-medium text-gray-700">{livesTexts.platform}</label>
            <select
              id={`${id}-tipo`}
              className={input}
              value={tipo}
              onChange={(e) => {
                const next = e.target.value as PlatformId;
                setTipo(next);
                setServer(baseOf(next));
              }}
            >
              {PLATFORMS.map((p) => <option key={p.id} value={p.id}>{p.id === 'custom' ? commonTexts.customPlatform : p.nome}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-server`} className="mb-1 block text-sm font-medium text-gray-700">{commonTexts.rtmpServer}</label>
            <input id={`${id}-server`} aria-required className={input} value={server} onChange={(e) => setServer(e.target.value)} placeholder="rtmp://" autoComplete="off" spellCheck={false} />
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-key`} className="mb-1 block text-sm font-medium text-gray-700">{livesTexts.key}</label>
          <input
            id={`${id}-key`} type="password" aria-required className={input} value={key} onChange={(e) => setKey(e.target.value)}
            autoComplete="off" spellCheck={false} aria-describedby={`${id}-key-hint`}
          />
          <p id={`${id}-key-hint`} className="mt-1 text-xs text-gray-500">{livesTexts.keyHint}</p>
        </div>
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-gray-700">{commonTexts.source}</legend>
          <div className="flex flex-wrap gap-4">
            {(['http_m3u8', 'rtmp'] as const).map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm text-gray-700">
                <input type="radio" name={`${id}-source`} checked={source === s} onChange={() => setSource(s)} className="accent-blue-600" />
                {s === 'http_m3u8' ? livesTexts.sourceHls : commonTexts.rtmp}
                {sources.data && <span className="hidden truncate text-xs text-gray-400 md:inline">{sources.data[s]}</span>}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <input type="checkbox" checked={now} onChange={(e) => setNow(e.target.checked)} className="h-4 w-4 accent-blue-600" />
          {livesTexts.startNow}
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-start`} className="mb-1 block text-sm font-medium text-gray-700">{commonTexts.startDate}</label>
            <input id={`${id}-start`} type="datetime-local" className={input} value={startAt} onChange={(e) => setStartAt(e.target.value)} disabled={now} aria-required={!now} />
          </div>
          <div>
            <label htmlFor={`${id}-end`} className="mb-1 block text-sm font-medium text-gray-700">{livesTexts.end}</label>
            <input id={`${id}-end`} type="datetime-local" aria-required className={input} value={endAt} onChange={(e) => setEndAt(e.target.value)} />
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
          <Button
            type="submit"
            disabled={incomplete || busy || !sources.data}
            aria-describedby={incomplete ? `${id}-missing` : undefined}
            className="w-full sm:w-auto"
          >
            {busy ? <Spinner className="h-4 w-4" /> : <Send className="h-4 w-4" aria-hidden="true" />}
            {livesTexts.registerLive}
          </Button>
          <p id={`${id}-missing`} data-testid="live-missing-fields" aria-live="polite" className="text-sm text-gray-600">
            {incomplete ? livesTexts.missingFields({ fields: new Intl.ListFormat(locale, { type: 'conjunction' }).format(missing) }) : null}
          </p>
        </div>
      </form>
    </SectionCard>
  );
}
