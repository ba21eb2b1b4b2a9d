import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

/** The video manager (/dashboard/gerenciarvideos). */
const videosTexts: FeatureTexts<'videos'> = {
  subtitle: 'Organiza tus videos en carpetas, sube nuevos archivos y controla el espacio usado',
  planInfoTitle: 'Información del plan',
  planStorageUsedLabel: 'Espacio usado',
  storageUsage: icu<{ pct: string }>('{pct} del almacenamiento usado'),
  noFolders: 'No hay carpetas creadas. Haz clic en "Nueva carpeta" para empezar.',
  newFolder: 'Nueva carpeta',
  folderSpaceUsed: icu<{ size: string }>('{size} usados'),
  folderUsage: icu<{ name: string; pct: string }>('Uso de la carpeta {name}: {pct} del almacenamiento'),
  folderOnServer: icu('{n, plural, one {En el servidor: # archivo} other {En el servidor: # archivos}}'),
  folderNotOnServer: 'La carpeta todavía no se creó en el servidor',
  renameFolderAction: icu<{ name: string }>('Renombrar la carpeta {name}'),
  syncFolderAction: icu<{ name: string }>('Sincronizar la carpeta {name}'),
  deleteFolderAction: icu<{ name: string }>('Eliminar la carpeta {name}'),
  deleteFolderConfirm: icu<{ name: string }>('¿Quieres eliminar la carpeta "{name}"? También se eliminarán todos sus videos.'),
  renameFolderTitle: 'Renombrar carpeta',
  folderNameLabel: 'Nombre de la carpeta',
  folderNamePlaceholder: 'Ej.: Programas',
  createFolder: 'Crear carpeta',
  folderVideos: icu<{ name: string }>('Videos de la carpeta {name}'),
  selectFolderHint: 'Selecciona una carpeta para ver sus videos.',
  noVideos: 'No hay videos en esta carpeta. Usa "Subir videos" o arrastra los archivos hasta aquí.',
  videoColName: 'Video',
  videoColActions: 'Acciones',
  bitrateAboveLimit: icu<{ limit: string }>('Supera el límite del plan ({limit})'),
  openVideoInNewTab: icu<{ name: string }>('Abrir {name} en una pestaña nueva'),
  downloadVideo: icu<{ name: string }>('Descargar {name}'),
  deleteVideo: icu<{ name: string }>('Eliminar {name}'),
  deleteVideoConfirm: icu<{ name: string }>('¿Quieres eliminar el video "{name}"?'),
  uploadFormats: 'Formatos admitidos: MP4, AVI, MOV, WMV, FLV, WebM, MKV y otros',
  dropVideos: icu<{ folder: string }>('Suelta los videos para subirlos a la carpeta {folder}'),
  uploadsLabel: 'Subidas',
  uploadProgress: icu<{ pct: string }>('Subiendo... {pct}'),
  uploadCompleted: 'Completado',
  recordingBadge: 'Grabando',
  recordingBadgeHint: 'Se está grabando una transmisión; el video aparece en esta carpeta cuando termine',
};

export default videosTexts;
