import type { FeatureTexts } from '../index.ts';
import { plurals } from '../plural.ts';

const { isOne } = plurals('es-ES');

/** The video manager (/dashboard/gerenciarvideos). */
export const videosTexts: FeatureTexts<'videos'> = {
  subtitle: 'Organiza tus videos en carpetas, sube nuevos archivos y controla el espacio usado',
  planInfoTitle: 'Información del plan',
  planStorageUsedLabel: 'Espacio usado',
  storageUsage: (v: { pct: string }) => `${v.pct} del almacenamiento usado`,
  noFolders: 'No hay carpetas creadas. Haz clic en "Nueva carpeta" para empezar.',
  newFolder: 'Nueva carpeta',
  folderSpaceUsed: (v: { size: string }) => `${v.size} usados`,
  folderUsage: (v: { name: string; pct: string }) => `Uso de la carpeta ${v.name}: ${v.pct} del almacenamiento`,
  folderOnServer: (v: { n: number }) => (isOne(v.n) ? 'En el servidor: 1 archivo' : `En el servidor: ${v.n} archivos`),
  folderNotOnServer: 'La carpeta todavía no se creó en el servidor',
  renameFolderAction: (v: { name: string }) => `Renombrar la carpeta ${v.name}`,
  syncFolderAction: (v: { name: string }) => `Sincronizar la carpeta ${v.name}`,
  deleteFolderAction: (v: { name: string }) => `Eliminar la carpeta ${v.name}`,
  deleteFolderConfirm: (v: { name: string }) => `¿Quieres eliminar la carpeta "${v.name}"? También se eliminarán todos sus videos.`,
  renameFolderTitle: 'Renombrar carpeta',
  folderNameLabel: 'Nombre de la carpeta',
  folderNamePlaceholder: 'Ej.: Programas',
  createFolder: 'Crear carpeta',
  folderVideos: (v: { name: string }) => `Videos de la carpeta ${v.name}`,
  selectFolderHint: 'Selecciona una carpeta para ver sus videos.',
  noVideos: 'No hay videos en esta carpeta. Usa "Subir videos" o arrastra los archivos hasta aquí.',
  videoColName: 'Video',
  videoColActions: 'Acciones',
  bitrateAboveLimit: (v: { limit: string }) => `Supera el límite del plan (${v.limit})`,
  openVideoInNewTab: (v: { name: string }) => `Abrir ${v.name} en una pestaña nueva`,
  downloadVideo: (v: { name: string }) => `Descargar ${v.name}`,
  deleteVideo: (v: { name: string }) => `Eliminar ${v.name}`,
  deleteVideoConfirm: (v: { name: string }) => `¿Quieres eliminar el video "${v.name}"?`,
  uploadFormats: 'Formatos admitidos: MP4, AVI, MOV, WMV, FLV, WebM, MKV y otros',
  dropVideos: (v: { folder: string }) => `Suelta los videos para subirlos a la carpeta ${v.folder}`,
  uploadsLabel: 'Subidas',
  uploadProgress: (v: { pct: string }) => `Subiendo... ${v.pct}`,
  uploadCompleted: 'Completado',
};
