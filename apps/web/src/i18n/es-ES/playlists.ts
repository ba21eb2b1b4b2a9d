import type { FeatureTexts } from '../index.ts';
import { plurals } from '../plural.ts';

const { isOne } = plurals('es-ES');

/** The playlists page (/dashboard/playlists). */
export const playlistsTexts: FeatureTexts<'playlists'> = {
  title: 'Administrar playlists',
  subtitle: 'Arma playlists con los videos de tu biblioteca, ordénalos y transmítelas en vivo',
  loading: 'Cargando playlists...',
  noPlaylists: 'No hay playlists creadas. Haz clic en "Nueva playlist" para empezar.',
  newPlaylist: 'Nueva playlist',
  editPlaylistTitle: 'Editar playlist',
  nameLabel: 'Nombre de la playlist',
  namePlaceholder: 'Ej.: Programación de la mañana',
  createPlaylist: 'Crear playlist',
  durationTotal: (v: { duration: string }) => `Duración total: ${v.duration}`,
  selectPlaylistCard: (v: { name: string }) => `Seleccionar la playlist ${v.name}`,
  editPlaylistAction: (v: { name: string }) => `Editar la playlist ${v.name}`,
  deletePlaylistAction: (v: { name: string }) => `Eliminar la playlist ${v.name}`,
  onAirTag: 'Al aire',
  failingTag: 'Con fallas',
  availableVideosTitle: 'Videos disponibles',
  availableVideosHint: 'Solo los videos MP4 compatibles y dentro del bitrate del plan pueden entrar en una playlist.',
  folderLabel: 'Carpeta',
  pickFolder: 'Selecciona una carpeta para ver sus videos.',
  noFolders: 'Todavía no hay carpetas. Crea carpetas y sube videos en Administrar videos.',
  availableVideosCaption: (v: { folder: string }) => `Videos disponibles de la carpeta ${v.folder}`,
  availableColumns: ['Video', 'Duración', 'Bitrate', 'Acción'],
  addVideo: 'Agregar',
  addVideoToPlaylist: (v: { name: string }) => `Agregar ${v.name} a la playlist`,
  videoNotCandidate: (v: { reason: string }) => `No se puede agregar: ${v.reason}`,
  videoInPlaylist: 'En la playlist',
  selectedPlaylistTitle: 'Playlist seleccionada',
  selectedPlaylistNamed: (v: { name: string }) => `Playlist: ${v.name}`,
  selectPlaylistHint: 'Selecciona una playlist arriba, o crea una nueva, para armar la lista de videos.',
  entriesLoading: 'Cargando videos de la playlist...',
  noEntries: 'Esta playlist no tiene videos. Agrega videos desde la lista de videos disponibles.',
  totals: (v: { n: number; duration: string }) => `${isOne(v.n) ? '1 video' : `${v.n} videos`} · ${v.duration}`,
  entriesLabel: (v: { name: string }) => `Videos de la playlist ${v.name}, en orden de reproducción`,
  dragHint: 'Arrastra los videos desde el controlador para cambiar el orden de reproducción.',
  removeFromPlaylist: (v: { name: string }) => `Quitar ${v.name} de la playlist`,
  discardConfirm: 'La playlist seleccionada tiene cambios sin guardar. ¿Quieres descartarlos?',
  savePlaylist: 'Guardar playlist',
  shufflePlaylist: 'Mezclar',
  transmitPlaylist: 'Transmitir playlist',
  transmitBlockedHint: 'Hay una transmisión en vivo en el canal. Finalízala para transmitir esta playlist.',
  schedulePlaylist: 'Programar',
  previewBroadcast: 'Ver',
  livePreviewTitle: (v: { name: string }) => `En vivo: ${v.name}`,
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
  playoutSkippedAt: (v: { when: string }) => `a las ${v.when}`,
};
