import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

/** Texts more than one feature shows; see pt-BR/common.ts. */
const common: FeatureTexts<'common'> = {
  // the application and its states
  appName: 'Panel de Streaming',
  loading: 'Cargando...',
  notAvailable: 'N/D',
  errorScreenText: 'Ocurrió un error inesperado al mostrar esta página.',
  pageFallback: 'Página',
  comingSoon: 'Esta función estará disponible pronto.',
  backToDashboard: 'Volver al Dashboard',

  // actions and their progress
  cancel: 'Cancelar',
  confirm: 'Confirmar',
  confirmTitle: 'Confirmación',
  save: 'Guardar',
  saving: 'Guardando...',
  close: 'Cerrar',
  creating: 'Creando...',
  starting: 'Iniciando...',
  cancelling: 'Cancelando...',
  refresh: 'Actualizar',
  finish: 'Finalizar',
  remove: 'Quitar',
  delete: 'Eliminar',
  copyItem: icu<{ item: string }>('Copiar {item}'),
  hideItem: icu<{ label: string }>('Ocultar {label}'),
  showItem: icu<{ label: string }>('Mostrar {label}'),
  playVideo: icu<{ name: string }>('Reproducir {name}'),
  uploadVideos: 'Subir videos',
  unsavedChanges: 'Cambios sin guardar',
  help: 'Ayuda',
  howItWorks: 'Cómo funciona',
  // the toasts: their region (Alt+T moves to it) and each one's close button
  toastRegion: 'Avisos (Alt+T)',
  dismissToast: 'Descartar aviso',

  // lists reordered by dragging (the settings menu, a playlist's videos)
  sortableRole: 'elemento reordenable',
  dragItem: icu<{ label: string }>('Arrastrar {label}'),
  dragInstructions:
    'Para mover un elemento, presiona la barra espaciadora o Enter sobre el controlador de arrastre, usa las flechas para elegir la nueva posición y vuelve a presionar la barra espaciadora o Enter para soltarlo. Presiona Esc para cancelar.',
  dragStarted: icu<{ label: string }>('Se seleccionó {label} para moverlo.'),
  dragOver: icu<{ label: string; over: string }>('{label} está sobre {over}.'),
  dragDropped: icu<{ label: string; over: string }>('Se soltó {label} en la posición de {over}.'),
  dragDroppedNowhere: icu<{ label: string }>('Se soltó {label}.'),
  dragCancelled: icu<{ label: string }>('Se canceló el movimiento de {label}.'),

  // videos and folders
  manageVideos: 'Administrar videos',
  storage: 'Almacenamiento',
  folders: 'Carpetas',
  foldersLoading: 'Cargando carpetas...',
  videos: 'Videos',
  videosLoading: 'Cargando videos...',
  videoCount: icu<{ n: number }>('{n, plural, one {# video} other {# videos}}'),
  folderEmpty: 'No hay videos en esta carpeta.',
  selectFolder: 'Selecciona una carpeta',
  destinationFolder: 'Carpeta de destino',
  format: 'Formato',
  bitrate: 'Bitrate',
  bitrateLabel: 'Bitrate máximo',
  size: 'Tamaño',
  duration: 'Duración',
  status: 'Estado',
  compatible: 'Compatible',
  needsConversion: 'Requiere conversión',
  ofTotal: icu<{ part: string; total: string }>('{part} de {total}'),
  elapsed: 'Tiempo transcurrido',

  // the channel on air
  startBroadcast: 'Iniciar transmisión',
  finishBroadcast: 'Finalizar transmisión',
  liveTypeObs: 'OBS',
  liveTypePlaylist: 'Playlist',
  liveTypeRelay: 'Relay',
  playlist: 'Playlist',
  playlists: 'Playlists',
  selectPlaylist: 'Selecciona una playlist',
  player: 'Player',
  playerFrameTitle: 'Player de la transmisión',
  externalPlayerEmptyHint: 'Elige una transmisión o un video para verlo aquí.',
  livePlayerLabel: icu<{ label: string }>('Transmisión en vivo: {label}'),
  liveBannerRegion: 'Transmisión en vivo',
  viewers: 'Espectadores',
  uptime: 'Tiempo al aire',
  viewerCounter: 'Contador de espectadores',
  playoutFailingTitle: 'La playlist no está saliendo al aire',
  playoutFailingHelp:
    'La transmisión se reinicia una y otra vez. El panel sigue intentándolo por su cuenta, cada vez con más tiempo entre intentos. Motivo:',
  active: 'Activo',
  statusError: 'Error',
  source: 'Origen',
  rtmp: 'RTMP',
  // the time zones an account can choose (the contract's TIMEZONE_LABELS, by zone)
  timezones: {
    'America/Sao_Paulo': 'São Paulo (GMT-3)',
    'America/New_York': 'Nueva York (GMT-5)',
    'Europe/London': 'Londres (GMT+0)',
    'Asia/Tokyo': 'Tokio (GMT+9)',
  },

  // the platform 'custom' of a live (a server the owner types in)
  customPlatform: 'RTMP propio',
  rtmpServer: 'Servidor RTMP',
  startDate: 'Fecha de inicio',
  zoneHint: icu<{ zone: string }>('Horarios en la zona horaria {zone}, definida en Configuración.'),

  // access data and the apps' forms (App Multiplataforma, App Android)
  username: 'Usuario',
  password: 'Contraseña',
  port: 'Puerto',
  createApp: 'Crear app',
  configureApp: 'Configurar app',
  preview: 'Vista previa',
  downloadApk: 'Descargar APK',
  apkDownloadError: 'Error al descargar el APK',
  logo: 'Logo',
  icon: 'Ícono',
  email: 'Correo electrónico',
  whatsapp: 'WhatsApp',
  site: 'Sitio web',
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  urlPlaceholder: 'https://',
  colors: 'Colores',
  textColor: 'Color del texto',
  lightMenuColor: 'Color del menú claro',
  darkMenuColor: 'Color del menú oscuro',
  chatModule: 'Módulo de chat',

  // the menu's categories (the sidebar and the settings page)
  menuCategories: {
    streaming: 'Transmisión',
    content: 'Contenido',
    analytics: 'Análisis',
    system: 'Sistema',
  },
};

export default common;
