import type { FeatureTexts } from '../index.ts';
import { plurals } from '../plural.ts';
import { icu } from '../message.ts';

const { isOne } = plurals('es-ES');

/** The playlists page (/dashboard/playlists). */
const playlistsTexts: FeatureTexts<'playlists'> = {
  title: 'Administrar playlists',
  subtitle: 'Arma playlists con los videos de tu biblioteca, ordénalos y transmítelas en vivo',
  loading: 'Cargando playlists...',
  noPlaylists: 'No hay playlists creadas. Haz clic en "Nueva playlist" para empezar.',
  newPlaylist: 'Nueva playlist',
  editPlaylistTitle: 'Editar playlist',
  nameLabel: 'Nombre de la playlist',
  namePlaceholder: 'Ej.: Programación de la mañana',
  createPlaylist: 'Crear playlist',
  durationTotal: icu<{ duration: string }>('Duración total: {duration}'),
  selectPlaylistCard: icu<{ name: string }>('Seleccionar la playlist {name}'),
  editPlaylistAction: icu<{ name: string }>('Editar la playlist {name}'),
  deletePlaylistAction: icu<{ name: string }>('Eliminar la playlist {name}'),
  onAirTag: 'Al aire',
  failingTag: 'Con fallas',
  availableVideosTitle: 'Videos disponibles',
  availableVideosHint: 'Solo los videos MP4 compatibles y dentro del bitrate del plan pueden entrar en una playlist.',
  folderLabel: 'Carpeta',
  pickFolder: 'Selecciona una carpeta para ver sus videos.',
  noFolders: 'Todavía no hay carpetas. Crea carpetas y sube videos en Administrar videos.',
  availableVideosCaption: icu<{ folder: string }>('Videos disponibles de la carpeta {folder}'),
  availableColumns: ['Video', 'Duración', 'Bitrate', 'Acción'],
  addVideo: 'Agregar',
  addVideoToPlaylist: icu<{ name: string }>('Agregar {name} a la playlist'),
  videoNotCandidate: icu<{ reason: string }>('No se puede agregar: {reason}'),
  videoInPlaylist: 'En la playlist',
  selectedPlaylistTitle: 'Playlist seleccionada',
  selectedPlaylistNamed: icu<{ name: string }>('Playlist: {name}'),
  selectPlaylistHint: 'Selecciona una playlist arriba, o crea una nueva, para armar la lista de videos.',
  entriesLoading: 'Cargando videos de la playlist...',
  noEntries: 'Esta playlist no tiene videos. Agrega videos desde la lista de videos disponibles.',
  totals: (v: { n: number; duration: string }) => `${isOne(v.n) ? '1 video' : `${v.n} videos`} · ${v.duration}`,
  entriesLabel: icu<{ name: string }>('Videos de la playlist {name}, en orden de reproducción'),
  dragHint: 'Arrastra los videos desde el controlador para cambiar el orden de reproducción.',
  removeFromPlaylist: icu<{ name: string }>('Quitar {name} de la playlist'),
  discardConfirm: 'La playlist seleccionada tiene cambios sin guardar. ¿Quieres descartarlos?',
  savePlaylist: 'Guardar playlist',
  shufflePlaylist: 'Mezclar',
  transmitPlaylist: 'Transmitir playlist',
  transmitBlockedHint: 'Hay una transmisión en vivo en el canal. Finalízala para transmitir esta playlist.',
  schedulePlaylist: 'Programar',
  previewBroadcast: 'Ver',
  livePreviewTitle: icu<{ name: string }>('En vivo: {name}'),
  playoutNowPlaying: 'Reproduciendo ahora',
  playoutBetweenVideos: 'Pasando al siguiente video...',
  playoutCommercial: 'Comercial',
  playoutPlayed: (v: { n: number }) =>
    isOne(v.n)
      ? '1 video reproducido desde el inicio de la transmisión'
      : `${v.n} videos reproducidos desde el inicio de la transmisión`,
  playoutSkippedTitle: 'Archivos omitidos',
  playoutSkippedHint:
    'Estos videos se saltaron porque no se pudo reproducir el archivo. Vuelve a subirlos o quítalos de la playlist.',
  playoutSkippedAt: icu<{ when: string }>('a las {when}'),
};

export default playlistsTexts;
