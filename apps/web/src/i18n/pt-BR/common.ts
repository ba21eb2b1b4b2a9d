import type { MenuCategory, TIMEZONES } from '@painel/contract';
import { icu } from '../message.ts';

/**
 * Texts more than one feature shows, each the same text with the same meaning. The login page
 * loads this file too (app name, loading state, error screen), so a text of one feature belongs in
 * that feature's file instead.
 */
const common = {
  // the application and its states
  appName: 'Painel de Streaming',
  loading: 'Carregando...',
  notAvailable: 'N/A',
  errorScreenText: 'Ocorreu um erro inesperado ao exibir esta página.',
  pageFallback: 'Página',
  comingSoon: 'Esta funcionalidade estará disponível em breve.',
  backToDashboard: 'Voltar ao Dashboard',

  // actions and their progress
  cancel: 'Cancelar',
  confirm: 'Confirmar',
  confirmTitle: 'Confirmação',
  save: 'Salvar',
  saving: 'Salvando...',
  close: 'Fechar',
  creating: 'Criando...',
  starting: 'Iniciando...',
  cancelling: 'Cancelando...',
  refresh: 'Atualizar',
  finish: 'Finalizar',
  remove: 'Remover',
  delete: 'Excluir',
  copyItem: icu<{ item: string }>('Copiar {item}'),
  hideItem: icu<{ label: string }>('Ocultar {label}'),
  showItem: icu<{ label: string }>('Mostrar {label}'),
  playVideo: icu<{ name: string }>('Reproduzir {name}'),
  uploadVideos: 'Enviar vídeos',
  unsavedChanges: 'Alterações não salvas',
  help: 'Ajuda',
  howItWorks: 'Como funciona',
  // the toasts: their region (Alt+T moves to it) and each one's close button
  toastRegion: 'Avisos (Alt+T)',
  dismissToast: 'Dispensar aviso',

  // lists reordered by dragging (the settings menu, a playlist's videos)
  sortableRole: 'item reordenável',
  dragItem: icu<{ label: string }>('Arrastar {label}'),
  dragInstructions: 'Para mover um item, pressione espaço ou Enter na alça de arrastar, use as setas para escolher a nova posição e pressione espaço ou Enter novamente para soltar. Pressione Esc para cancelar.',
  dragStarted: icu<{ label: string }>('{label} selecionado para mover.'),
  dragOver: icu<{ label: string; over: string }>('{label} está sobre {over}.'),
  dragDropped: icu<{ label: string; over: string }>('{label} solto na posição de {over}.'),
  dragDroppedNowhere: icu<{ label: string }>('{label} solto.'),
  dragCancelled: icu<{ label: string }>('Movimento de {label} cancelado.'),

  // videos and folders
  manageVideos: 'Gerenciar Vídeos',
  storage: 'Armazenamento',
  folders: 'Pastas',
  foldersLoading: 'Carregando pastas...',
  videos: 'Vídeos',
  videosLoading: 'Carregando vídeos...',
  videoCount: icu<{ n: number }>('{n, plural, one {# vídeo} other {# vídeos}}'),
  folderEmpty: 'Nenhum vídeo nesta pasta.',
  selectFolder: 'Selecione uma pasta',
  destinationFolder: 'Pasta de destino',
  format: 'Formato',
  bitrate: 'Bitrate',
  bitrateLabel: 'Bitrate máximo',
  size: 'Tamanho',
  duration: 'Duração',
  status: 'Status',
  compatible: 'Compatível',
  needsConversion: 'Precisa de conversão',
  ofTotal: icu<{ part: string; total: string }>('{part} de {total}'),
  elapsed: 'Tempo decorrido',

  // the channel on air
  startBroadcast: 'Iniciar Transmissão',
  finishBroadcast: 'Finalizar Transmissão',
  liveTypeObs: 'OBS',
  liveTypePlaylist: 'Playlist',
  liveTypeRelay: 'Relay',
  playlist: 'Playlist',
  playlists: 'Playlists',
  selectPlaylist: 'Selecione uma playlist',
  player: 'Player',
  playerFrameTitle: 'Player da transmissão',
  externalPlayerEmptyHint: 'Escolha uma transmissão ou um vídeo para exibir aqui.',
  livePlayerLabel: icu<{ label: string }>('Transmissão ao vivo: {label}'),
  liveBannerRegion: 'Transmissão ao vivo',
  viewers: 'Espectadores',
  uptime: 'Tempo no ar',
  viewerCounter: 'Contador de espectadores',
  playoutFailingTitle: 'A playlist não está indo ao ar',
  playoutFailingHelp: 'A transmissão reinicia sem parar. O painel continua tentando sozinho, com intervalos cada vez maiores. Motivo:',
  active: 'Ativo',
  statusError: 'Erro',
  source: 'Origem',
  rtmp: 'RTMP',
  // the time zones an account can choose (the contract's TIMEZONE_LABELS, by zone)
  timezones: {
    'America/Sao_Paulo': 'São Paulo (GMT-3)',
    'America/New_York': 'Nova York (GMT-5)',
    'Europe/London': 'Londres (GMT+0)',
    'Asia/Tokyo': 'Tóquio (GMT+9)',
  } as Record<(typeof TIMEZONES)[number], string>,

  // the platform 'custom' of a live (a server the owner types in)
  customPlatform: 'RTMP Próprio',
  rtmpServer: 'Servidor RTMP',
  startDate: 'Data de início',
  zoneHint: icu<{ zone: string }>('Horários no fuso {zone}, definido nas Configurações.'),

  // access data and the apps' forms (App Multiplataforma, App Android)
  username: 'Usuário',
  password: 'Senha',
  port: 'Porta',
  createApp: 'Criar App',
  configureApp: 'Configurar App',
  preview: 'Pré-visualização',
  downloadApk: 'Baixar APK',
  apkDownloadError: 'Erro ao baixar o APK',
  logo: 'Logo',
  icon: 'Ícone',
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  site: 'Site',
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  urlPlaceholder: 'https://',
  colors: 'Cores',
  textColor: 'Cor do texto',
  lightMenuColor: 'Cor do menu claro',
  darkMenuColor: 'Cor do menu escuro',
  chatModule: 'Módulo de chat',

  // the menu's categories (the sidebar and the settings page)
  menuCategories: {
    streaming: 'Transmissão',
    content: 'Conteúdo',
    analytics: 'Análise',
    system: 'Sistema',
  } satisfies Record<MenuCategory, string>,
} as const;

export default common;
