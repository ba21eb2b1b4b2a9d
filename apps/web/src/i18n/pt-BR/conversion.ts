import type { ConversionQuality, ConversionResolution } from '@painel/contract';
import { icu } from '../message.ts';

/** The video conversion page (/dashboard/conversao-videos). */
const conversionTexts = {
  title: 'Conversão de Vídeos',
  subtitle: 'Converta vídeos incompatíveis ou pesados para MP4 (H.264 + AAC) no bitrate do seu plano.',
  planLimit: icu<{ kbps: string }>('Bitrate máximo do plano: {kbps} kbps'),
  noFolders: 'Nenhuma pasta criada. Crie pastas e envie vídeos em Gerenciar Vídeos.',
  folderVideoCount: icu<{ n: number }>('{n} vídeo(s)'),
  videosTitle: icu<{ folder: string }>('Vídeos de {folder}'),
  selectFolderHint: 'Selecione uma pasta para ver os vídeos e convertê-los.',
  resolution: 'Resolução',
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
  currentFacts: icu<{ format: string; kbps: string; frame: string }>('Atual: {format}, {kbps}, {frame}'),
  qualityLegend: 'Qualidade',
  suggested: 'Sugerida',
  customBitrate: 'Bitrate (kbps)',
  customBitrateHint: icu<{ min: string; max: string }>('De {min} a {max} kbps'),
  customBitrateHintBySource: icu<{ min: string; max: string }>('De {min} a {max} kbps (o bitrate deste vídeo: acima dele o arquivo só ficaria maior)'),
  // the qualities as the server names them (shown as it sends them in pt-BR)
  qualityNames: { baixa: 'Baixa Qualidade', media: 'Média Qualidade', alta: 'Alta Qualidade', custom: 'Personalizada' } satisfies Record<ConversionQuality, string>,
  qualityDescriptions: {
    baixa: 'Arquivo menor, ideal para conexões lentas e celulares',
    media: 'Bom equilíbrio entre imagem e tamanho do arquivo',
    alta: 'Melhor imagem, arquivo maior',
  },
  qualityLabel: icu<{ name: string; resolution: string; kbps: string }>('{name} ({resolution}, {kbps} kbps)'),
  customDescription: icu<{ min: string; max: string }>('Bitrate de {min} a {max} kbps e resolução à sua escolha'),
  aboveThePlan: 'Acima do bitrate do seu plano',
  aboveTheSource: icu<{ kbps: string }>('Acima do bitrate deste vídeo ({kbps} kbps): o arquivo só ficaria maior, sem melhorar a imagem'),
  resolutionNames: { '854x480': '480p (854x480)', '1280x720': '720p (1280x720)', '1920x1080': '1080p (1920x1080)' } satisfies Record<ConversionResolution, string>,
  keepOriginal: 'Manter o vídeo original',
  keepOriginalHint: 'Marcado: a versão convertida é salva ao lado do original, como "(otimizado)". Desmarcado: ela substitui o original depois de verificada, e as playlists continuam com o mesmo vídeo — a não ser que tenha ficado maior que ele: aí ela é salva ao lado e o original fica.',
  noUpscale: 'Um vídeo menor que a resolução escolhida mantém o próprio tamanho.',
  startConversion: 'Iniciar Conversão',
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
