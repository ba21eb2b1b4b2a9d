import { z } from 'zod';
import { COMPATIVEL, compatibilityReasonSchema } from './library.ts';
import { coded, codedIssue } from './coded.ts';

/*
 * Video conversion API. Every call needs the session and acts on the acting account; another
 * account's video answers 404 and nothing happens. Errors are { success: false, error }.
 *
 *   GET  /api/conversion/qualities             → { success, qualities: ConversionQualityOption[] }
 *   GET  /api/conversion/videos?folder_id={id} → { success, videos: ConversionVideo[] }           400 404
 *   GET  /api/conversion/status/{videoId}      → { success, conversion_status: ConversionStatus | null }  404
 *   POST /api/conversion/convert  ConvertBody  → ConvertResult                                  400 404 409 413
 *
 * A conversion re-encodes the video to MP4 (H.264 + AAC) at the chosen bitrate and frame, in
 * the media worker. The result is probed; only when it is right does it take the original's
 * place (same id, so playlists keep it) or, with manter_original, join the folder beside it as
 * "<nome> (otimizado).mp4". Either way it is marked optimised (compativel 'otimizado').
 *
 * A conversion never makes a video worse: the frame is never scaled up, a bitrate above the
 * video's own is not offered (and refused, 400), and a result that came out larger than the
 * original anyway is kept beside it instead of replacing it, the status saying so (notice).
 */

export const CONVERSION_QUALITIES = ['baixa', 'media', 'alta', 'custom'] as const;
export type ConversionQuality = (typeof CONVERSION_QUALITIES)[number];
/** The frames a custom conversion may choose (480p, 720p, 1080p). */
export const CONVERSION_RESOLUTIONS = ['854x480', '1280x720', '1920x1080'] as const;
export type ConversionResolution = (typeof CONVERSION_RESOLUTIONS)[number];
export const CONVERSION_MIN_BITRATE = 500;

export const CONVERSION_TIMINGS = {
  /** The page asks for a converting video's status this often. */
  statusPollMs: 2000,
  /** After a conversion ends well, the list reloads after this long. */
  reloadAfterDoneMs: 2000,
} as const;

/** queued, running, done ('Otimizado'), failed ('Erro na Conversão'). */
export const CONVERSION_STATES = ['na_fila', 'em_andamento', 'concluida', 'erro'] as const;
export type ConversionState = (typeof CONVERSION_STATES)[number];
export const CONVERSION_ACTIVE: readonly ConversionState[] = ['na_fila', 'em_andamento'];

export const conversionQualityOptionSchema = z.object({
  quality: z.enum(CONVERSION_QUALITIES),
  label: z.string(),
  /** kbps of video; for custom, the highest the plan allows. */
  bitrate: z.number(),
  /** WxH, the largest frame (a smaller source keeps its own); '' for custom. */
  resolution: z.string(),
  description: z.string(),
  /** Within the plan's bitrate. */
  available: z.boolean(),
});
export type ConversionQualityOption = z.infer<typeof conversionQualityOptionSchema>;
export const conversionQualitiesSchema = z.object({ success: z.literal(true), qualities: z.array(conversionQualityOptionSchema) });

/**
 * A quality as one video is offered it (GET /api/conversion/videos): `resolution` is the frame
 * the result would have (the video's own when it is smaller), and `available` is false above the
 * plan or above the video's own bitrate (`reason` says which).
 */
export const conversionOfferSchema = conversionQualityOptionSchema.extend({
  /** Why it cannot be chosen for this video, in Portuguese; null when it can. */
  reason: z.string().nullable(),
  /** The least kbps it may take: a fixed quality's own; for custom 500, or the video's own bitrate when lower. */
  min_bitrate: z.number(),
});
export type ConversionOffer = z.infer<typeof conversionOfferSchema>;

export const conversionStatusSchema = z.object({
  status: z.enum(CONVERSION_STATES),
  /** Percent. */
  progress: z.number(),
  quality: z.enum(CONVERSION_QUALITIES),
  /** Target kbps of video. */
  bitrate: z.number(),
  /** The frame the result has (or will have). */
  resolution: z.string(),
  /** Bytes written so far; the result's size when done. */
  file_size: z.number(),
  /** Why it failed ('erro'). */
  error: z.string().nullable(),
  /** The optimised video: the same id when it replaced the original, a new one when kept beside it. */
  video_id: z.number().nullable(),
  nome: z.string().nullable(),
  manter_original: z.boolean(),
  /** How a conversion that ended well differs from what was asked (the result came out larger than the original and was kept beside it); null otherwise. */
  notice: z.string().nullable(),
});
export type ConversionStatus = z.infer<typeof conversionStatusSchema>;
export const conversionStatusResponseSchema = z.object({ success: z.literal(true), conversion_status: conversionStatusSchema.nullable() });

export const conversionVideoSchema = z.object({
  id: z.number(),
  nome: z.string(),
  /** The playback address with its read grant (auth_token), ready for a <video>. */
  url: z.string(),
  formato_original: z.string(),
  is_mp4: z.boolean(),
  current_bitrate: z.number(),
  largura: z.number(),
  altura: z.number(),
  /** bytes */
  tamanho: z.number(),
  /** seconds */
  duracao: z.number(),
  compatibility_status: z.enum(['compatible', 'other']),
  compatibility_message: z.string(),
  compatibility_reasons: z.array(compatibilityReasonSchema),
  /** It can go into a playlist as it is. */
  can_use_current: z.boolean(),
  needs_conversion: z.boolean(),
  compativel: z.enum(COMPATIVEL),
  /** The qualities for this video: fixed ones above its own bitrate are not available (they would only make it bigger); custom goes up to its bitrate. */
  qualities: z.array(conversionOfferSchema),
  /** The video's latest conversion, null when it never had one. */
  conversion: conversionStatusSchema.nullable(),
});
export type ConversionVideo = z.infer<typeof conversionVideoSchema>;
export const conversionVideosSchema = z.object({ success: z.literal(true), videos: z.array(conversionVideoSchema) });

export const convertResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  quality_label: z.string(),
  target_bitrate: z.number(),
  /** The frame the result will have. */
  resolution: z.string(),
  /** Expected size of the result, bytes (bitrate × duration); the plan must have room for it. */
  file_size: z.number(),
  conversion_status: conversionStatusSchema,
});
export type ConvertResult = z.infer<typeof convertResultSchema>;

/** The label and description of each quality (the server's list, the dialog). */
export const CONVERSION_LABELS: Record<ConversionQuality, { label: string; description: (maxKbps: number, minKbps?: number) => string }> = {
  baixa: { label: 'Baixa Qualidade', description: () => 'Arquivo menor, ideal para conexões lentas e celulares' },
  media: { label: 'Média Qualidade', description: () => 'Bom equilíbrio entre imagem e tamanho do arquivo' },
  alta: { label: 'Alta Qualidade', description: () => 'Melhor imagem, arquivo maior' },
  custom: { label: 'Personalizada', description: (max, min = CONVERSION_MIN_BITRATE) => `Bitrate de ${min} a ${max} kbps e resolução à sua escolha` },
};

/** 'Média Qualidade (1280x720, 1500 kbps)': the name of a conversion in messages and toasts. */
export const conversionLabel = (quality: ConversionQuality, resolution: string, kbps: number): string =>
  `${CONVERSION_LABELS[quality].label} (${resolution}, ${kbps} kbps)`;

/**
 * The quality the dialog proposes for a video: the first available fixed quality whose bitrate
 * is at or above the video's (up to 800 baixa, up to 1500 media, up to 2500 alta). Offered per
 * video, a quality above the video's own bitrate is not available, so that leaves the one at
 * its bitrate; otherwise — above them all, above the plan, or between two — a custom bitrate
 * (the dialog starts it at the video's own). An unknown bitrate (0) proposes the best available.
 */
export function suggestedQuality(currentKbps: number, options: Pick<ConversionQualityOption, 'quality' | 'bitrate' | 'available'>[]): ConversionQuality {
  const fixed = options.filter((o) => o.quality !== 'custom' && o.available).sort((a, b) => a.bitrate - b.bitrate);
  if (!(currentKbps > 0)) return fixed.at(-1)?.quality ?? 'custom';
  return fixed.find((o) => currentKbps <= o.bitrate)?.quality ?? 'custom';
}

/**
 * The custom bitrates a video may take: up to the plan's bitrate and never above the video's own
 * (`bySource` when that is the lower limit: more would only make the file bigger); the least is
 * 500, or the video's own when it is lower (an old file below 500 kbps still converts, at its
 * own bitrate). An unknown source bitrate (0) limits nothing. `min > max`: custom is not possible.
 */
export function customBitrateRange(planKbps: number, sourceKbps: number): { min: number; max: number; bySource: boolean } {
  const bySource = sourceKbps > 0 && sourceKbps < planKbps;
  return {
    min: sourceKbps > 0 && sourceKbps < CONVERSION_MIN_BITRATE ? sourceKbps : CONVERSION_MIN_BITRATE,
    max: bySource ? sourceKbps : planKbps,
    bySource,
  };
}

/** The video of POST /api/conversion/convert, read first: the rest of the body is judged against it. */
export const convertVideoId = z.object({
  video_id: z.coerce.number(coded('invalid_data')).int(coded('invalid_data')).positive(coded('invalid_data')),
});

/**
 * POST /api/conversion/convert. `use_custom` (or quality 'custom') takes custom_bitrate
 * (customBitrateRange: 500 up to the plan's bitrate and the video's own, `sourceKbps`) and
 * custom_resolution (one of CONVERSION_RESOLUTIONS); the other qualities ignore them.
 * manter_original keeps the original beside the result.
 */
export function convertBody(maxKbps: number, sourceKbps = 0) {
  const range = customBitrateRange(maxKbps, sourceKbps);
  const rangeValues = { max: range.max, min: range.min };
  return z
    .object({
      video_id: z.coerce.number(coded('invalid_data')).int(coded('invalid_data')).positive(coded('invalid_data')),
      quality: z.enum(CONVERSION_QUALITIES, coded('conversion_quality_invalid')),
      custom_bitrate: z.union([z.number(), z.string(), z.null()], coded('conversion_bitrate_range', rangeValues)).optional(),
      custom_resolution: z.union([z.string(), z.null()], coded('conversion_resolution_invalid')).optional(),
      use_custom: z.boolean(coded('invalid_data')).optional().default(false),
      manter_original: z.boolean(coded('invalid_data')).optional().default(false),
    })
    .transform((b, ctx) => {
      const base = { video_id: b.video_id, manter_original: b.manter_original };
      if (!b.use_custom && b.quality !== 'custom') return { ...base, quality: b.quality, custom: null };
      const raw = typeof b.custom_bitrate === 'string' ? b.custom_bitrate.trim() : b.custom_bitrate;
      const kbps = raw === '' || raw === null || raw === undefined ? NaN : Number(raw);
      if (Number.isInteger(kbps) && kbps > range.max && range.bySource) {
        ctx.addIssue(codedIssue('conversion_bitrate_above_source', { sourceKbps }));
        return z.NEVER;
      }
      if (!Number.isInteger(kbps) || kbps < range.min || kbps > range.max) {
        ctx.addIssue(codedIssue('conversion_bitrate_range', rangeValues));
        return z.NEVER;
      }
      const resolution = CONVERSION_RESOLUTIONS.find((r) => r === b.custom_resolution);
      if (!resolution) {
        ctx.addIssue(codedIssue('conversion_resolution_invalid'));
        return z.NEVER;
      }
      return { ...base, quality: 'custom' as const, custom: { bitrate: kbps, resolution } };
    });
}
export type ConvertBody = z.input<ReturnType<typeof convertBody>>;
export type ConvertRequest = z.output<ReturnType<typeof convertBody>>;

/** Why a quality cannot be chosen: the server answers these as each option's `reason`; the page's own texts are in the web app. */
export const conversionUi = {
  unavailable: 'Acima do bitrate do seu plano',
  aboveSource: (kbps: number) => `Acima do bitrate deste vídeo (${kbps} kbps): o arquivo só ficaria maior, sem melhorar a imagem`,
} as const;
