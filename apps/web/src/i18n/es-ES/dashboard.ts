import type { FeatureTexts } from '../index.ts';
import { plurals } from '../plural.ts';
import { icu } from '../message.ts';

const { isOne } = plurals('es-ES');

/** The dashboard home (/dashboard). */
const dashboardTexts: FeatureTexts<'dashboard'> = {
  greeting: icu<{ name: string }>('Hola, {name}'),
  subtitle: 'Bienvenido a tu panel de streaming',
  planLabel: 'Plan',
  viewerLimitLabel: 'Límite de espectadores',
  countOfLimit: icu<{ n: number; limit: number }>('{n} de {limit}'),
  checking: 'Verificando...',
  liveConnecting: 'Conectando con la señal en vivo...',
  nowPlaying: 'Reproduciendo:',
  statsRegion: 'Resumen de la cuenta',
  statVideos: 'Total de videos',
  statViewers: 'Espectadores activos',
  noLiveHint: 'Inicia una transmisión desde OBS o con una playlist para verla aquí.',
  statusUnavailable: 'No se pudo verificar el estado de la transmisión.',
  closeVideo: 'Cerrar video',
  quickActionsTitle: 'Acciones rápidas',
  finishBroadcastHint: 'Termina la transmisión en vivo actual',
  manageBroadcast: 'Administrar transmisión',
  manageBroadcastHint: 'Lives, plataformas y programación',
  startBroadcastHint: 'Lives en YouTube, Facebook, Twitch y más',
  manageVideosHint: 'Sube y organiza tus videos',
  seeViewers: 'Ver espectadores',
  seeViewersHint: 'Audiencia en tiempo real',
  systemStatusTitle: 'Estado del sistema',
  server: 'Servidor',
  systemMedia: 'Servidor de medios',
  systemApi: 'API',
  serverOnline: 'En línea',
  serverOffline: 'Fuera de línea',
  mediaConnected: 'Conectado',
  mediaDisconnected: 'Desconectado',
  apiWorking: 'Funcionando',
  apiDown: 'No disponible',
  recentVideosTitle: 'Videos recientes',
  recentVideosFolder: icu<{ folder: string }>('Carpeta {folder}'),
  loadVideos: 'Cargar videos',
  loadVideoInPlayer: icu<{ name: string }>('Cargar {name} en el player'),
  noVideosYet: 'Todavía no hay videos subidos.',
  recentVideosFailed: 'No se pudieron cargar los videos.',
  resourceUsageTitle: 'Uso de recursos',
  bandwidthLabel: 'Bitrate de entrada',
  cpuLabel: 'CPU',
  cpuCores: (v: { n: number }) => `${v.n} ${isOne(v.n) ? 'núcleo' : 'núcleos'}`,
  memoryLabel: 'Memoria',
  diskLabel: 'Disco',
  recentActivityTitle: 'Actividad reciente',
  noActivity: 'Todavía no hay actividad registrada.',
  platformOverviewTitle: 'Plataformas',
  platformsHint: 'Registra una live en Iniciar transmisión para retransmitir a una plataforma',
  platformsReceiving: (v: { n: number }) =>
    isOne(v.n) ? '1 plataforma está recibiendo tu canal ahora' : `${v.n} plataformas están recibiendo tu canal ahora`,
  platformConnected: 'Transmitiendo',
  platformConnecting: 'Conectando...',
};

export default dashboardTexts;
