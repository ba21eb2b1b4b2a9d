import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

/** The video conversion page (/dashboard/conversao-videos). */
const conversionTexts: FeatureTexts<'conversion'> = {
  title: 'Conversión de videos',
  subtitle: 'Convierte videos incompatibles o pesados a MP4 (H.264 + AAC) con el bitrate de tu plan.',
  planLimit: icu('Bitrate máximo del plan: {kbps} kbps'),
  noFolders: 'No hay carpetas creadas. Crea carpetas y sube videos en Administrar videos.',
  folderVideoCount: icu('{n, plural, one {# video} other {# videos}}'),
  videosTitle: icu<{ folder: string }>('Videos de {folder}'),
  selectFolderHint: 'Selecciona una carpeta para ver sus videos y convertirlos.',
  resolution: 'Resolución',
  optimized: 'Optimizado',
  conversionError: 'Error en la conversión',
  queued: 'En cola...',
  converting: icu<{ pct: string }>('Convirtiendo... {pct}'),
  progressLabel: icu<{ name: string }>('Progreso de la conversión de {name}'),
  keptBeside: icu<{ name: string }>('Versión optimizada guardada como {name}'),
  convert: 'Convertir',
  play: 'Reproducir',
  convertAgain: 'Convertir de nuevo',
  convertVideo: icu<{ name: string }>('Convertir {name}'),
  currentFacts: icu('Actual: {format}, {kbps}, {frame}'),
  qualityLegend: 'Calidad',
  suggested: 'Sugerida',
  customBitrate: 'Bitrate (kbps)',
  customBitrateHint: icu('De {min} a {max} kbps'),
  customBitrateHintBySource: icu('De {min} a {max} kbps (el bitrate de este video: por encima de él, el archivo solo sería más pesado)'),
  qualityNames: { baixa: 'Calidad baja', media: 'Calidad media', alta: 'Calidad alta', custom: 'Personalizada' },
  qualityDescriptions: {
    baixa: 'Archivo más liviano, ideal para conexiones lentas y celulares',
    media: 'Buen equilibrio entre imagen y tamaño del archivo',
    alta: 'Mejor imagen, archivo más pesado',
  },
  qualityLabel: icu('{name} ({resolution}, {kbps} kbps)'),
  customDescription: icu('Bitrate de {min} a {max} kbps y la resolución que elijas'),
  aboveThePlan: 'Supera el bitrate de tu plan',
  aboveTheSource: icu('Supera el bitrate de este video ({kbps} kbps): el archivo solo sería más pesado, sin mejorar la imagen'),
  resolutionNames: { '854x480': '480p (854x480)', '1280x720': '720p (1280x720)', '1920x1080': '1080p (1920x1080)' },
  keepOriginal: 'Conservar el video original',
  keepOriginalHint:
    'Marcado: la versión convertida se guarda junto al original, como "(otimizado)". Desmarcado: reemplaza al original después de verificarla, y las playlists siguen con el mismo video, salvo que haya quedado más pesada que él: en ese caso se guarda junto al original y este se conserva.',
  noUpscale: 'Un video más pequeño que la resolución elegida conserva su propio tamaño.',
  startConversion: 'Iniciar conversión',
  helpTitle: 'Cómo funciona la conversión',
  help: [
    'Los videos en otros formatos (AVI, MOV, WMV, MKV…) o con un bitrate superior al del plan deben convertirse antes de entrar en playlists.',
    'La conversión genera un MP4 con H.264 y AAC en el bitrate elegido, sin aumentar la resolución del video original.',
    'No se ofrecen calidades por encima del bitrate del video: el archivo sería más pesado sin mejorar la imagen. Si aun así la versión convertida resulta más pesada que el original, no lo reemplaza: se guarda junto a él, como "(otimizado)".',
    'El original solo se reemplaza después de verificar el archivo convertido; si algo falla, queda como estaba.',
    'Mientras se convierte un video, ni él ni su carpeta se pueden eliminar. El espacio del plan debe alcanzar para el archivo convertido.',
    'Puedes cerrar esta página: la conversión continúa en el servidor y verás el progreso cuando vuelvas.',
  ],
};

export default conversionTexts;
