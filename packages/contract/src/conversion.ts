import { z } from 'zod';
import type { Compativel } from './library.ts';
import { msg } from './messages.ts';

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
export type ConversionState = 'na_fila' | 'em_andamento' | 'concluida' | 'erro';
export const CONVERSION_ACTIVE: readonly ConversionState[] = ['na_fila', 'em_andamento'];

export interface ConversionQualityOption {
  quality: ConversionQuality;
  label: string;
  /** kbps of video; for custom, the highest the plan allows. */
  bitrate: number;
  /** WxH, the largest frame (a smaller source keeps its own); '' for custom. */
  resolution: string;
  description: string;
  /** Within the plan's bitrate. */
  available: boolean;
}

/**
 * A quality as one video is offered it (GET /api/conversion/videos): `resolution` is the frame
 * the result would have (the video's own when it is smaller), and `available` is false above the
 * plan or above the video's own bitrate (`reason` says which).
 */
export interface ConversionOffer extends ConversionQualityOption {
  /** Why it cannot be chosen for this video, in Portuguese; null when it can. */
  reason: string | null;
  /** The least kbps it may take: a fixed quality's own; for custom 500, or the video's own bitrate when lower. */
  min_bitrate: number;
}

export interface ConversionStatus {
  status: ConversionState;
  /** Percent. */
  progress: number;
  quality: ConversionQuality;
  /** Target kbps of video. */
  bitrate: number;
  /** The frame the result has (or will have). */
  resolution: string;
  /** Bytes written so far; the result's size when done. */
  file_size: number;
  /** Why it failed ('erro'). */
  error: string | null;
  /** The optimised video: the same id when it replaced the original, a new one when kept beside it. */
  video_id: number | null;
  nome: string | null;
  manter_original: boolean;
  /** How a conversion that ended well differs from what was asked (the result came out larger than the original and was kept beside it); null otherwise. */
  notice: string | null;
}

export interface ConversionVideo {
  id: number;
  nome: string;
  /** The playback address with its read grant (auth_token), ready for a <video>. */
  url: string;
  formato_original: string;
  is_mp4: boolean;
  current_bitrate: number;
  largura: number;
  altura: number;
  /** bytes */
  tamanho: number;
  /** seconds */
  duracao: number;
  compatibility_status: 'compatible' | 'other';
  compatibility_message: string;
  /** It can go into a playlist as it is. */
  can_use_current: boolean;
  needs_conversion: boolean;
  compativel: Compativel;
  /** The qualities for this video: fixed ones above its own bitrate are not available (they would only make it bigger); custom goes up to its bitrate. */
  qualities: ConversionOffer[];
  /** The video's latest conversion, null when it never had one. */
  conversion: ConversionStatus | null;
}

export interface ConvertResult {
  success: true;
  message: string;
  quality_label: string;
  target_bitrate: number;
  /** The frame the result will have. */
  resolution: string;
  /** Expected size of the result, bytes (bitrate × duration); the plan must have room for it. */
  file_size: number;
  conversion_status: ConversionStatus;
}

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
  video_id: z.coerce.number({ error: msg.invalidData }).int(msg.invalidData).positive(msg.invalidData),
});

/**
 * POST /api/conversion/convert. `use_custom` (or quality 'custom') takes custom_bitrate
 * (customBitrateRange: 500 up to the plan's bitrate and the video's own, `sourceKbps`) and
 * custom_resolution (one of CONVERSION_RESOLUTIONS); the other qualities ignore them.
 * manter_original keeps the original beside the result.
 */
export function convertBody(maxKbps: number, sourceKbps = 0) {
  const range = customBitrateRange(maxKbps, sourceKbps);
  const rangeMessage = msg.conversionBitrateRange(range.max, range.min);
  return z
    .object({
      video_id: z.coerce.number({ error: msg.invalidData }).int(msg.invalidData).positive(msg.invalidData),
      quality: z.enum(CONVERSION_QUALITIES, { error: msg.conversionQualityInvalid }),
      custom_bitrate: z.union([z.number(), z.string(), z.null()], { error: rangeMessage }).optional(),
      custom_resolution: z.union([z.string(), z.null()], { error: msg.conversionResolutionInvalid }).optional(),
      use_custom: z.boolean({ error: msg.invalidData }).optional().default(false),
      manter_original: z.boolean({ error: msg.invalidData }).optional().default(false),
    })
    .transform((b, ctx) => {
      const base = { video_id: b.video_id, manter_original: b.manter_original };
      if (!b.use_custom && b.quality !== 'custom') return { ...base, quality: b.quality, custom: null };
      const raw = typeof b.custom_bitrate === 'string' ? b.custom_bitrate.trim() : b.custom_bitrate;
      const kbps = raw === '' || raw === null || raw === undefined ? NaN : Number(raw);
      if (Number.isInteger(kbps) && kbps > range.max && range.bySource) {
        ctx.addIssue({ code: 'custom', message: msg.conversionBitrateAboveSource(sourceKbps) });
        return z.NEVER;
      }
      if (!Number.isInteger(kbps) || kbps < range.min || kbps > range.max) {
        ctx.addIssue({ code: 'custom', message: rangeMessage });
        return z.NEVER;
      }
      const resolution = CONVERSION_RESOLUTIONS.find((r) => r === b.custom_resolution);
      if (!resolution) {
        ctx.addIssue({ code: 'custom', message: msg.conversionResolutionInvalid });
        return z.NEVER;
      }
      return { ...base, quality: 'custom' as const, custom: { bitrate: kbps, resolution } };
    });
}
export type ConvertBody = z.input<ReturnType<typeof convertBody>>;
export type ConvertRequest = z.output<ReturnType<typeof convertBody>>;

/** Labels, headings and help of /dashboard/conversao-videos. */
export const conversionUi = {
  title: 'Conversão de Vídeos',
  subtitle: 'Converta vídeos incompatíveis ou pesados para MP4 (H.264 + AAC) no bitrate do seu plano.',
  planLimit: (kbps: number) => `Bitrate máximo do plano: ${kbps} kbps`,
  foldersTitle: 'Pastas',
  foldersLoading: 'Carregando pastas...',
  noFolders: 'Nenhuma pasta criada. Crie pastas e envie vídeos em Gerenciar Vídeos.',
  folderVideoCount: (n: number) => `${n} vídeo(s)`,
  videosTitle: (pasta: string) => `Vídeos de ${pasta}`,
  videosTitleEmpty: 'Vídeos',
  selectFolderHint: 'Selecione uma pasta para ver os vídeos e convertê-los.',
  videosLoading: 'Carregando vídeos...',
  noVideos: 'Nenhum vídeo nesta pasta.',
  format: 'Formato',
  bitrate: 'Bitrate',
  resolution: 'Resolução',
  size: 'Tamanho',
  duration: 'Duração',
  kbps: (n: number) => (n > 0 ? `${n} kbps` : 'N/A'),
  frame: (w: number, h: number) => (w > 0 && h > 0 ? `${w}x${h}` : 'N/A'),
  compatible: 'Compatível',
  needsConversion: 'Precisa de conversão',
  optimized: 'Otimizado',
  conversionError: 'Erro na Conversão',
  queued: 'Na fila...',
  converting: (pct: number) => `Convertendo... ${pct}%`,
  progressLabel: (nome: string) => `Progresso da conversão de ${nome}`,
  keptBeside: (nome: string) => `Versão otimizada salva como ${nome}`,
  convert: 'Converter',
  play: 'Reproduzir',
  convertAgain: 'Converter de novo',
  convertVideo: (nome: string) => `Converter ${nome}`,
  playVideo: (nome: string) => `Reproduzir ${nome}`,
  dialogTitle: (nome: string) => `Converter ${nome}`,
  currentFacts: (formato: string, kbps: string, frame: string) => `Atual: ${formato.toUpperCase()}, ${kbps}, ${frame}`,
  qualityLegend: 'Qualidade',
  unavailable: 'Acima do bitrate do seu plano',
  aboveSource: (kbps: number) => `Acima do bitrate deste vídeo (${kbps} kbps): o arquivo só ficaria maior, sem melhorar a imagem`,
  suggested: 'Sugerida',
  customBitrate: 'Bitrate (kbps)',
  customBitrateHint: (max: number, min: number = CONVERSION_MIN_BITRATE, bySource = false) =>
    `De ${min} a ${max} kbps${bySource ? ' (o bitrate deste vídeo: acima dele o arquivo só ficaria maior)' : ''}`,
  customResolution: 'Resolução',
  resolutionNames: { '854x480': '480p (854x480)', '1280x720': '720p (1280x720)', '1920x1080': '1080p (1920x1080)' } satisfies Record<ConversionResolution, string>,
  keepOriginal: 'Manter o vídeo original',
  keepOriginalHint: 'Marcado: a versão convertida é salva ao lado do original, como "(otimizado)". Desmarcado: ela substitui o original depois de verificada, e as playlists continuam com o mesmo vídeo — a não ser que tenha ficado maior que ele: aí ela é salva ao lado e o original fica.',
  noUpscale: 'Um vídeo menor que a resolução escolhida mantém o próprio tamanho.',
  startConversion: 'Iniciar Conversão',
  starting: 'Iniciando...',
  cancel: 'Cancelar',
  playerTitle: (nome: string) => nome,
  helpTitle: 'Como funciona a conversão',
  help: [
    'Vídeos em outros formatos (AVI, MOV, WMV, MKV…) ou com bitrate acima do plano precisam ser convertidos antes de entrar em playlists.',
    'A conversão gera um MP4 com H.264 e AAC no bitrate escolhido, sem aumentar a resolução do vídeo original.',
    'Qualidades acima do bitrate do vídeo não são oferecidas: o arquivo ficaria maior sem melhorar a imagem. Se mesmo assim a versão convertida sair maior que o original, ela não o substitui: é salva ao lado dele, como "(otimizado)".',
    'O original só é substituído depois que o arquivo convertido é verificado; se algo falhar, ele fica como estava.',
    'Enquanto um vídeo é convertido, ele e a sua pasta não podem ser excluídos. O espaço do plano precisa comportar o arquivo convertido.',
    'Você pode fechar esta página: a conversão continua no servidor e o progresso aparece quando você voltar.',
  ],
} as const;
