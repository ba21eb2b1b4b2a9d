import type { FeatureTexts } from '../index.ts';
import { plurals } from '../plural.ts';
import { icu } from '../message.ts';

const { count } = plurals('es-ES');

/** The FTP migration page (/dashboard/migrar-videos-ftp). */
const ftpMigrationTexts: FeatureTexts<'ftp-migration'> = {
  title: 'Migración FTP de videos',
  subtitle: 'Trae los videos de otro servidor FTP a las carpetas de tu panel',
  connectTitle: 'Conectarse al servidor FTP',
  connectDescription: 'Los datos de acceso del servidor donde están los videos hoy',
  ipLabel: 'Servidor (IP o dirección)',
  ipPlaceholder: 'ftp.ejemplo.com',
  connect: 'Conectar',
  connecting: 'Conectando...',
  passwordNote:
    'La contraseña queda solo en la memoria del panel mientras navegas y, cifrada, hasta que termine la migración; después no se guarda.',
  browserTitle: 'Archivos en el servidor',
  connectedTo: icu<{ host: string; user: string }>('Conectado a {host} como {user}'),
  disconnect: 'Desconectar',
  breadcrumb: 'Ruta',
  root: 'Raíz',
  up: 'Carpeta superior',
  emptyDirectory: 'Esta carpeta está vacía',
  columnName: 'Nombre',
  openDirectory: icu<{ name: string }>('Abrir la carpeta {name}'),
  selectFile: icu<{ name: string }>('Seleccionar {name}'),
  selectVisible: 'Seleccionar los videos de esta carpeta',
  notAVideo: 'No es un video',
  scan: 'Buscar videos en las subcarpetas',
  scanning: 'Buscando...',
  selectionTitle: 'Archivos seleccionados',
  selectionEmpty: 'Marca los videos en el explorador de al lado o búscalos en las subcarpetas',
  selectionSummary: (v: { n: number; size: string }) => `${count(v.n, 'archivo', 'archivos')}, ${v.size}`,
  removeFromSelection: icu<{ name: string }>('Quitar {name} de la selección'),
  clearSelection: 'Limpiar selección',
  migrate: 'Migrar videos',
  scanTitle: 'Videos encontrados',
  scanSummary: (v: { videos: number; dirs: number }) =>
    `${count(v.videos, 'video', 'videos')} en ${count(v.dirs, 'carpeta revisada', 'carpetas revisadas')}`,
  selectAll: 'Marcar todos',
  selectNone: 'Desmarcar todos',
  addToSelection: icu<{ n: number }>('Agregar {n} a la selección'),
  progressTitle: 'Migración de videos',
  progressLabel: 'Progreso de la migración',
  stateMigrating: 'Migrando...',
  stateCompleted: 'Migración completada',
  stateError: 'Migración con errores',
  filesDone: (v: { done: number; total: number }) => `${v.done} de ${count(v.total, 'archivo', 'archivos')}`,
  migratedCount: (v: { n: number }) => `${count(v.n, 'video', 'videos')} en la carpeta`,
  remainingLabel: 'Tiempo restante',
  remainingMinutes: (v: { n: number }) => (v.n < 1 ? 'menos de 1 min' : `~${Math.round(v.n)} min`),
  remainingUnknown: 'calculando...',
  currentFile: icu<{ name: string }>('Transfiriendo: {name}'),
  errorsTitle: 'Errores',
  cancelMigration: 'Cancelar migración',
  showProgress: 'Ver la migración en curso',
  help: [
    'Solo se pueden marcar archivos de video: MP4, AVI, MOV, WMV, FLV, WebM y MKV.',
    'Cada archivo se analiza como una subida: lo que no sea video se rechaza y aparece en los errores, sin detener los demás.',
    'El espacio del plan se controla a medida que llegan los archivos; cuando se agota, los archivos restantes no se migran.',
    'La migración continúa en el servidor aunque cierres esta página; vuelve aquí para seguirla.',
  ],
};

export default ftpMigrationTexts;
