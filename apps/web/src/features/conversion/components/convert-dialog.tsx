import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast.ts';
import {
  CONVERSION_MIN_BITRATE, CONVERSION_RESOLUTIONS, convertBody, customBitrateRange, suggestedQuality,
  type ConversionQuality, type ConversionQualityOption, type ConversionResolution,
} from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { conversionCatalogue } from '@/i18n/conversion.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { errorMessage, issueText, serverText } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { formatBitrate, formatNumber } from '@/lib/format.ts';
import { useConvertVideo } from '../api/convert-video.ts';
import type { ConversionVideoItem } from '../api/get-conversion-videos.ts';

/** The custom frame proposed for a video: the largest offered that is not above it (no upscale). */
function defaultResolution(altura: number): ConversionResolution {
  if (!(altura > 0)) return '1280x720';
  return [...CONVERSION_RESOLUTIONS].reverse().find((r) => Number(r.split('x')[1]) <= altura) ?? '854x480';
}

/**
 * The conversion of one video: a fixed quality (the ones above the plan, or above the video's own
 * bitrate, are shown with why but cannot be chosen) or a custom bitrate up to the plan and the
 * video's own, and a frame; and whether the original stays beside the result.
 */
export function ConvertDialog({
  video, qualities, onClose,
}: {
  video: ConversionVideoItem;
  qualities: ConversionQualityOption[];
  onClose: () => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const conversionTexts = useTexts(conversionCatalogue);
  const convert = useConvertVideo();
  const planKbps = qualities.find((q) => q.quality === 'custom')?.bitrate ?? 0;
  // the video's own offer (what would only make it bigger is not available); the plan's list when the server did not send one
  const offers: (ConversionQualityOption & { reason?: string | null; min_bitrate?: number })[] = video.qualities.length > 0 ? video.qualities : qualities;
  const range = customBitrateRange(planKbps, video.current_bitrate);
  const suggested = suggestedQuality(video.current_bitrate, offers);
  const [quality, setQuality] = useState<ConversionQuality>(suggested);
  const [bitrate, setBitrate] = useState(String(Math.min(range.max, Math.max(range.min, video.current_bitrate || range.max))));
  const [resolution, setResolution] = useState<ConversionResolution>(defaultResolution(video.altura));
  const [keep, setKeep] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();
  const bitrateId = useId();
  const resolutionId = useId();
  const keepId = useId();
  const keepHintId = useId();
  const custom = quality === 'custom';

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      video_id: video.id, quality, use_custom: custom, custom_bitrate: custom ? bitrate : null, custom_resolution: custom ? resolution : null,
      manter_original: keep,
    };
    // the server's own rules, checked here first so a mistake is said before anything is sent
    const checked = convertBody(planKbps, video.current_bitrate).safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setProblem(issue ? issueText(issue) : textsNow(messageCatalogue).invalidData);
      return;
    }
    setProblem(null);
    convert.mutate(body, {
      onSuccess: (r) => {
        const texts = textsNow(conversionCatalogue);
        const label = texts.qualityLabel({
          name: texts.qualityNames[r.conversion_status.quality], resolution: r.resolution, kbps: formatNumber(r.target_bitrate),
        });
        toast.success(serverText(r.message, textsNow(messageCatalogue).conversionStarted(label)));
        onClose();
      },
      onError: (err) => toast.error(errorMessage(err, textsNow(messageCatalogue).conversionStartError)),
    });
  }

  const facts = conversionTexts.currentFacts({
    format: video.formato_original.toUpperCase(),
    kbps: video.current_bitrate > 0 ? formatBitrate(video.current_bitrate) : commonTexts.notAvailable,
    frame: video.largura > 0 && video.altura > 0 ? `${video.largura}x${video.altura}` : commonTexts.notAvailable,
  });
  // the server names and explains each quality in Portuguese: shown as sent in pt-BR, told from its data otherwise
  const describe = (q: (typeof offers)[number]) =>
    q.quality === 'custom'
      ? serverText(q.description, conversionTexts.customDescription({ min: formatNumber(q.min_bitrate ?? CONVERSION_MIN_BITRATE), max: formatNumber(q.bitrate) }))
      : serverText(q.description, conversionTexts.qualityDescriptions[q.quality]);
  const whyNot = (q: (typeof offers)[number]) =>
    serverText(
      q.reason,
      video.current_bitrate > 0 && q.bitrate > video.current_bitrate && q.bitrate <= planKbps
        ? conversionTexts.aboveTheSource({ kbps: formatNumber(video.current_bitrate) })
        : conversionTexts.aboveThePlan,
    );
  const hint = range.bySource ? conversionTexts.customBitrateHintBySource : conversionTexts.customBitrateHint;
  return (
    <Modal
      open
      title={conversionTexts.convertVideo({ name: video.nome })}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{commonTexts.cancel}</Button>
          <Button type="submit" form={formId} disabled={convert.isPending}>
            {convert.isPending ? commonTexts.starting : conversionTexts.startConversion}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-gray-600">{facts}</p>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-semibold text-gray-800">{conversionTexts.qualityLegend}</legend>
          {offers.map((q) => (
            <label
              key={q.quality}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm',
                quality === q.quality ? 'border-blue-500 bg-blue-50' : 'border-gray-200',
                !q.available && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name="quality"
                value={q.quality}
                checked={quality === q.quality}
                disabled={!q.available}
                onChange={() => setQuality(q.quality)}
                className="mt-1"
              />
              <span className="min-w-0 flex-1">
                <span className="font-medium text-gray-900">{serverText(q.label, conversionTexts.qualityNames[q.quality])}</span>
                {q.quality !== 'custom' && <span className="text-gray-600"> · {q.resolution} · {formatBitrate(q.bitrate)}</span>}
                {q.quality === suggested && q.available && (
                  <span className="ml-2 rounded bg-blue-100 px-1.5 py-0.5 text-xs text-blue-700">{conversionTexts.suggested}</span>
                )}
                <span className="block text-xs text-gray-500">{q.available ? describe(q) : whyNot(q)}</span>
              </span>
            </label>
          ))}
        </fieldset>

        {custom && (
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor={bitrateId} className="block text-sm font-medium text-gray-700">{conversionTexts.customBitrate}</label>
              <input
                id={bitrateId}
                type="number"
                inputMode="numeric"
                min={range.min}
                max={range.max}
                step={1}
                value={bitrate}
                onChange={(e) => setBitrate(e.target.value)}
                className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
              />
              <p className="mt-1 text-xs text-gray-500">{hint({ min: formatNumber(range.min), max: formatNumber(range.max) })}</p>
            </div>
            <div>
              <label htmlFor={resolutionId} className="block text-sm font-medium text-gray-700">{conversionTexts.resolution}</label>
              <select
                id={resolutionId}
                value={resolution}
                onChange={(e) => setResolution(e.target.value as ConversionResolution)}
                className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
              >
                {CONVERSION_RESOLUTIONS.map((r) => <option key={r} value={r}>{conversionTexts.resolutionNames[r]}</option>)}
              </select>
            </div>
          </div>
        )}
        <p className="text-xs text-gray-500">{conversionTexts.noUpscale}</p>

        <div className="flex items-start gap-2">
          <input id={keepId} type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} aria-describedby={keepHintId} className="mt-1" />
          <div>
            <label htmlFor={keepId} className="text-sm font-medium text-gray-800">{conversionTexts.keepOriginal}</label>
            <p id={keepHintId} className="text-xs text-gray-500">{conversionTexts.keepOriginalHint}</p>
          </div>
        </div>

        {problem && <p role="alert" className="text-sm text-red-600">{problem}</p>}
      </form>
    </Modal>
  );
}
