import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Play from 'lucide-react/icons/play';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Sparkles from 'lucide-react/icons/sparkles';
import { toast } from '@/lib/toast.ts';
import { CONVERSION_TIMINGS, compatibilityText } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { conversionCatalogue } from '@/i18n/conversion.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts, type Texts } from '@/i18n/runtime.ts';
import { serverText } from '@/lib/api-client.ts';
import { Button } from '@/components/ui/button.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { foldersQueryKey } from '@/lib/folders.ts';
import { formatBitrate, formatBytes, formatDuration, formatPercent } from '@/lib/format.ts';
import { isConverting, useConversionStatus, type ConversionStatusItem } from '../api/get-conversion-status.ts';
import { conversionVideosKey, type ConversionVideoItem } from '../api/get-conversion-videos.ts';

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';

/**
 * Why a finished conversion was kept beside the original (it came out larger): the server's text
 * in pt-BR, the same notice told from the status otherwise.
 */
function noticeText(c: ConversionStatusItem, msg: Texts<typeof messageCatalogue.source>): string {
  const name = c.nome ?? '';
  return serverText(c.notice, c.manter_original ? msg.conversionLargerThanOriginal(name) : msg.conversionLargerKeptBeside(name));
}

/**
 * One video: its facts, whether it can be used as it is, and its conversion — progress while it
 * runs, 'Otimizado' when done (with the notice when the result was kept beside the original
 * because it came out larger), 'Erro na Conversão' (and why) when it failed.
 */
export function ConversionVideoCard({
  video, folderId, listedAt, onConvert, onPlay,
}: {
  video: ConversionVideoItem;
  folderId: number;
  listedAt: number;
  onConvert: () => void;
  onPlay: () => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const conversionTexts = useTexts(conversionCatalogue);
  const msg = useTexts(messageCatalogue);
  const queryClient = useQueryClient();
  const { data: conversion } = useConversionStatus(video.id, video.conversion ?? null, listedAt);
  const active = isConverting(conversion);
  const wasActive = useRef(active);

  useEffect(() => {
    const before = wasActive.current;
    wasActive.current = active;
    if (!before || active || !conversion) return;
    const texts = textsNow(messageCatalogue);
    if (conversion.status === 'erro') {
      toast.error(serverText(conversion.error, texts.conversionError), { toastId: `conversion-error-${video.id}` });
      return;
    }
    // a larger result was kept beside the original instead of replacing it: said as a warning
    if (conversion.notice) toast.warning(noticeText(conversion, texts), { toastId: `conversion-done-${video.id}` });
    else toast.success(texts.conversionDone(conversion.nome ?? video.nome), { toastId: `conversion-done-${video.id}` });
    // the new file's figures (or the copy kept beside) come with the list, reloaded shortly after
    const t = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: conversionVideosKey(folderId) });
      void queryClient.invalidateQueries({ queryKey: foldersQueryKey });
    }, CONVERSION_TIMINGS.reloadAfterDoneMs);
    return () => clearTimeout(t);
  }, [active, conversion, folderId, queryClient, video.id, video.nome]);

  const optimized = video.compativel === 'otimizado' || (conversion?.status === 'concluida' && conversion.video_id === video.id);
  const keptBeside = conversion?.status === 'concluida' && conversion.video_id !== video.id && conversion.nome;
  const facts: [string, string][] = [
    [commonTexts.format, video.formato_original.toUpperCase() || '—'],
    [commonTexts.bitrate, video.current_bitrate > 0 ? formatBitrate(video.current_bitrate) : commonTexts.notAvailable],
    [conversionTexts.resolution, video.largura > 0 && video.altura > 0 ? `${video.largura}x${video.altura}` : commonTexts.notAvailable],
    [commonTexts.size, formatBytes(video.tamanho)],
    [commonTexts.duration, formatDuration(video.duracao)],
  ];

  const compatibility = compatibilityText(video.compatibility_status === 'compatible', video.compatibility_reasons, msg);

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm" aria-label={video.nome}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold text-gray-900">{video.nome}</h3>
        {video.can_use_current ? (
          <span title={compatibility} className={`${badge} shrink-0 bg-green-100 text-green-700`}>
            <CircleCheck className="h-3.5 w-3.5" aria-hidden="true" />
            {commonTexts.compatible}
          </span>
        ) : (
          <span title={compatibility} className={`${badge} shrink-0 bg-yellow-100 text-yellow-800`}>
            <CircleAlert className="h-3.5 w-3.5" aria-hidden="true" />
            {commonTexts.needsConversion}
          </span>
        )}
      </div>

      <dl className="space-y-1 text-sm">
        {facts.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-2">
            <dt className="text-gray-500">{k}</dt>
            <dd className="font-medium text-gray-800">{v}</dd>
          </div>
        ))}
      </dl>
      {!video.can_use_current && <p className="text-xs text-gray-500">{compatibility}</p>}

      <div aria-live="polite" className="space-y-1">
        {active && conversion && (
          <>
            <p className="text-sm font-medium text-blue-700">
              {conversion.status === 'na_fila' ? conversionTexts.queued : conversionTexts.converting({ pct: formatPercent(conversion.progress) })}
            </p>
            <ProgressBar value={conversion.progress} label={conversionTexts.progressLabel({ name: video.nome })} />
          </>
        )}
        {!active && conversion?.status === 'erro' && (
          <div className="space-y-1">
            <span className={`${badge} bg-red-100 text-red-700`}>
              <CircleAlert className="h-3.5 w-3.5" aria-hidden="true" />
              {conversionTexts.conversionError}
            </span>
            {conversion.error && <p className="text-xs text-red-700">{conversion.error}</p>}
          </div>
        )}
        {!active && conversion?.status !== 'erro' && optimized && (
          <span className={`${badge} bg-emerald-100 text-emerald-700`}>
            <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
            {conversionTexts.optimized}
          </span>
        )}
        {!active && keptBeside && !conversion?.notice && <p className="text-xs text-emerald-700">{conversionTexts.keptBeside({ name: keptBeside })}</p>}
        {!active && conversion?.status === 'concluida' && conversion.notice && <p className="text-xs text-amber-700">{noticeText(conversion, msg)}</p>}
      </div>

      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onPlay} aria-label={commonTexts.playVideo({ name: video.nome })}>
          <Play className="h-4 w-4" aria-hidden="true" />
          {conversionTexts.play}
        </Button>
        <Button onClick={onConvert} disabled={active} aria-label={conversionTexts.convertVideo({ name: video.nome })}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {optimized || conversion ? conversionTexts.convertAgain : conversionTexts.convert}
        </Button>
      </div>
    </li>
  );
}
