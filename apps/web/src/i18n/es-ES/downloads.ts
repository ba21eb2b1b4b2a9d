import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

/** The YouTube download page (/dashboard/downloadyoutube). */
const downloadsTexts: FeatureTexts<'downloads'> = {
  title: 'Descargar de YouTube',
  subtitle: 'Descarga un video a partir de su enlace y guárdalo en una carpeta de tu biblioteca',
  formTitle: 'Nueva descarga',
  linkLabel: 'Enlace del video',
  linkPlaceholder: 'https://www.youtube.com/watch?v=...',
  linkChecking: 'Verificando enlace...',
  qualityNote: 'Calidad: la mejor disponible hasta 1080p, en formato MP4',
  downloadButton: 'Descargar',
  infoTitle: 'Información del video',
  infoUploader: 'Canal',
  infoViews: 'Vistas',
  infoSize: 'Tamaño estimado',
  noThumbnail: 'Sin miniatura',
  progress: 'Progreso de la descarga',
  phase: {
    downloading: 'Descargando video...',
    uploading: 'Enviando a la biblioteca...',
    processing: 'Procesando video...',
    completed: 'Descarga completada',
    error: 'Error en la descarga',
  },
  cancel: 'Cancelar descarga',
  recentTitle: 'Recientes',
  recentEmpty: 'No hay videos descargados recientemente',
  recentIn: icu<{ folder: string }>('en {folder}'),
  help: [
    'Pega el enlace de un video de YouTube: youtube.com/watch?v=…, youtu.be/…, /embed/…, /v/… o /shorts/….',
    'El enlace se verifica 2 segundos después de que dejas de escribir; el título, el canal, la duración y la miniatura aparecen justo debajo.',
    'El video se descarga en la mejor calidad hasta 1080p, en MP4, y llega a la carpeta elegida ya analizado, listo para playlists.',
    'La descarga ocupa espacio de tu plan y se interrumpe si el espacio se agota. Una descarga a la vez.',
    'Descarga solo videos propios o que tengas derecho a usar.',
  ],
};

export default downloadsTexts;
