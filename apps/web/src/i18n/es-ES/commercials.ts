import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

/** The commercials page (/dashboard/comerciais). */
const commercialsTexts: FeatureTexts<'commercials'> = {
  title: 'Tandas comerciales',
  subtitle: 'Inserta los videos de una carpeta de comerciales entre los videos de tus playlists',
  formTitle: 'Configurar tandas comerciales',
  editTitle: 'Editar tandas comerciales',
  folder: 'Carpeta de comerciales',
  quantity: 'Cantidad de comerciales',
  quantityHint: 'Videos de la carpeta que se emiten en cada tanda (1 a 10)',
  interval: 'Intervalo (videos)',
  intervalHint: 'Cada cuántos videos de la playlist entra una tanda (1 a 50)',
  viewCommercials: 'Ver comerciales',
  listTitle: 'Tandas configuradas',
  listLoading: 'Cargando configuraciones...',
  empty: 'No hay tandas comerciales configuradas.',
  columns: ['Playlist', 'Carpeta de comerciales', 'Cantidad', 'Intervalo', 'Estado', 'Acciones'],
  every: icu('{n, plural, one {cada video} other {cada # videos}}'),
  playable: icu('{n, plural, one {Se puede emitir # video} other {Se pueden emitir # videos}}'),
  nonePlayable: 'Ningún video de la carpeta se puede emitir',
  inactive: 'Inactivo',
  activate: 'Activar',
  deactivate: 'Desactivar',
  activateLabel: icu<{ playlist: string }>('Activar las tandas comerciales de la playlist {playlist}'),
  deactivateLabel: icu<{ playlist: string }>('Desactivar las tandas comerciales de la playlist {playlist}'),
  edit: 'Editar',
  editLabel: icu<{ playlist: string }>('Editar las tandas comerciales de la playlist {playlist}'),
  removeLabel: icu<{ playlist: string }>('Eliminar las tandas comerciales de la playlist {playlist}'),
  videosTitle: icu<{ folder: string }>('Comerciales de la carpeta {folder}'),
  videoColumns: ['Video', 'Duración', 'Emisión'],
  plays: 'Se emitirá',
  skipped: icu<{ reason: string }>('No se emitirá: {reason}'),
  helpTitle: 'Cómo funcionan las tandas comerciales',
  help1:
    'Cada "Intervalo" videos de la playlist, el canal emite "Cantidad de comerciales" videos de la carpeta elegida y luego vuelve a la playlist.',
  help2: 'Los comerciales rotan por la carpeta: cada tanda continúa desde el video donde se quedó la anterior.',
  help3:
    'Solo se emiten videos MP4 compatibles y dentro del bitrate del plan; usa "Ver comerciales" para revisar los videos de la carpeta.',
  help4:
    'Cada playlist tiene su propia configuración. Desactívala para transmitir la playlist sin comerciales sin perder lo que configuraste.',
};

export default commercialsTexts;
