import type { DownloadPhase } from '@painel/contract';
import { icu } from '../message.ts';

/** The YouTube download page (/dashboard/downloadyoutube). */
const downloadsTexts = {
  title: 'Download do YouTube',
  subtitle: 'Baixe um vídeo a partir do link e guarde-o numa pasta da sua biblioteca',
  formTitle: 'Novo download',
  linkLabel: 'Link do vídeo',
  linkPlaceholder: 'https://www.youtube.com/watch?v=...',
  linkChecking: 'Verificando link...',
  qualityNote: 'Qualidade: melhor disponível até 1080p, formato MP4',
  downloadButton: 'Baixar',
  infoTitle: 'Informações do vídeo',
  infoUploader: 'Canal',
  infoViews: 'Visualizações',
  infoSize: 'Tamanho estimado',
  noThumbnail: 'Sem miniatura',
  progress: 'Progresso do download',
  phase: {
    downloading: 'Baixando vídeo...',
    uploading: 'Enviando para a biblioteca...',
    processing: 'Processando vídeo...',
    completed: 'Download concluído',
    error: 'Erro no download',
  } satisfies Record<DownloadPhase, string>,
  cancel: 'Cancelar download',
  recentTitle: 'Recentes',
  recentEmpty: 'Nenhum vídeo baixado recentemente',
  recentIn: icu<{ folder: string }>('em {folder}'),
  help: [
    'Cole o link de um vídeo do YouTube: youtube.com/watch?v=…, youtu.be/…, /embed/…, /v/… ou /shorts/….',
    'O link é verificado 2 segundos depois que você para de digitar; o título, o canal, a duração e a miniatura aparecem logo abaixo.',
    'O vídeo é baixado na melhor qualidade até 1080p, em MP4, e entra na pasta escolhida já analisado, pronto para playlists.',
    'O download ocupa espaço do seu plano e é interrompido se o espaço acabar. Um download por vez.',
    'Baixe somente vídeos seus ou que você tem o direito de usar.',
  ],
} as const;

export default downloadsTexts;
