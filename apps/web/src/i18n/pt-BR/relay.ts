import type { RelayState } from '@painel/contract';
import { icu } from '../message.ts';

/** The Relay page (/dashboard/relayrtmp). */
const relay = {
  title: 'Relay RTMP/M3U8',
  subtitle: 'Retransmita no seu canal uma transmissão ao vivo externa, em RTMP ou em HLS (M3U8).',
  formTitle: 'Configurar Relay',
  formDescription: 'Informe o endereço da transmissão de origem. O tipo é identificado pelo endereço.',
  urlLabel: 'URL da transmissão de origem',
  urlPlaceholder: 'rtmp://servidor/app/stream ou https://servidor/playlist.m3u8',
  typeLabel: 'Tipo',
  typeM3u8: 'M3U8 (HLS)',
  recordLabel: 'Gravar este relay',
  recordHint: icu<{ folder: string }>('O relay é gravado sem recodificar na pasta {folder} da biblioteca, do início até ser desativado.'),
  validating: 'Verificando a URL...',
  activate: 'Ativar Relay',
  activating: 'Ativando...',
  deactivate: 'Desativar Relay',
  deactivating: 'Desativando...',
  stopConfirm: 'Deseja desativar o relay? O canal deixa de exibir a transmissão de origem.',
  statusTitle: 'Status do Relay',
  stateLabels: {
    starting: 'Conectando à fonte...',
    live: 'No ar',
    reconnecting: 'Reconectando...',
    failing: 'Falhando: o relay reinicia sem parar e continua tentando',
    held: 'Aguardando o OBS',
  } as Record<RelayState, string>,
  startedAtLabel: 'Ativado em',
  inactive: 'Nenhum relay ativo. Configure a origem abaixo para retransmiti-la no seu canal.',
  errorTitle: 'O relay parou com erro',
  helpTitle: 'Como funciona o Relay',
  help: [
    'O relay busca a transmissão de origem e a publica no seu canal: o player, o dashboard e as lives para plataformas passam a exibi-la.',
    'Aceita endereços rtmp:// (ou rtmps://) e playlists HLS em https:// terminadas em .m3u8. O vídeo precisa estar em H.264; o áudio é convertido para AAC.',
    'Se a origem cair, o relay tenta reconectar sozinho; depois de 60 minutos sem resposta ele é desativado.',
    'Enquanto o OBS transmite no canal, o relay aguarda e volta quando o OBS parar. Ativar o relay encerra a playlist no ar (ou o relay anterior), e iniciar uma playlist encerra o relay.',
  ],
} as const;

export default relay;
