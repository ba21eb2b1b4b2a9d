import { CONVERSION_MIN_BITRATE, type ConversionResolution } from '@painel/contract';
import { icu } from '../message.ts';

/** The video conversion page (/dashboard/conversao-videos). */
const conversionTexts = {
  title: 'Conversão de Vídeos',
  subtitle: 'Converta vídeos incompatíveis ou pesados para MP4 (H.264 + AAC) no bitrate do seu plano.',
  planLimit: icu<{ kbps: number }>('Bitrate máximo do plano: {kbps} kbps'),
  noFolders: 'Nenhuma pasta criada. Crie pastas e envie vídeos em Gerenciar Vídeos.',
  folderVideoCount: icu<{ n: number }>('{n} vídeo(s)'),
  videosTitle: icu<{ folder: string }>('Vídeos de {folder}'),
  selectFolderHint: 'Selecione uma pasta para ver os vídeos e convertê-los.',
  resolution: 'Resolução',
  frame: (v: { w: number; h: number }) => (v.w > 0 && v.h > 0 ? `${v.w}x${v.h}` : 'N/A'),
  optimized: 'Otimizado',
  conversionError: 'Erro na Conversão',
  queued: 'Na fila...',
  converting: icu<{ pct: string }>('Convertendo... {pct}'),
  progressLabel: icu<{ name: string }>('Progresso da conversão de {name}'),
  keptBeside: icu<{ name: string }>('Versão otimizada salva como {name}'),
  convert: 'Converter',
  play: 'Reproduzir',
  convertAgain: 'Converter de novo',
  convertVideo: icu<{ name: string }>('Converter {name}'),
  currentFacts: (v: { format: string; kbps: string; frame: string }) => `Atual: ${v.format.toUpperCase()}, ${v.kbps}, ${v.frame}`,
  qualityLegend: 'Qualidade',
  suggested: 'Sugerida',
  customBitrate: 'Bitrate (kbps)',
  customBitrateHint: (v: { max: number; min?: number; bySource?: boolean }) =>
    `De ${v.min ?? CONVERSION_MIN_BITRATE} a ${v.max} kbps${v.bySource ? ' (o bitrate deste vídeo: acima dele o arquivo só ficaria maior)' : ''}`,
  resolutionNames: { '854x480': '480p (854x480)', '1280x720': '720p (1280x720)', '1920x1080': '1080p (1920x1080)' } satisfies Record<ConversionResolution, string>,
  keepOriginal: 'Manter o vídeo original',
  keepOriginalHint: 'Marcado: a versão convertida é salva ao lado do original, como "(otimizado)". Desmarcado: ela substitui o original depois de verificada, e as playlists continuam com o mesmo vídeo — a não ser que tenha ficado maior que ele: aí ela é salva ao lado e o original fica.',
  noUpscale: 'Um vídeo menor que a resolução escolhida mantém o próprio tamanho.',
  startConversion: 'Iniciar Conversão',
  playerTitle: (v: { name: string }) => v.name,
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

export default conversionTexts;
