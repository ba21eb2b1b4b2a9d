import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

/** The App Android page (/dashboard/app-android). */
const androidAppTexts: FeatureTexts<'android-app'> = {
  title: 'App Android',
  subtitle: 'Crea la app Android de tu canal: un APK firmado que abre tu app con la transmisión en vivo',
  loading: 'Cargando apps...',

  // tabs
  tabsLabel: 'Secciones de App Android',
  apps: 'Apps creadas',
  tabCreateAgain: 'Crear nueva',

  // apps tab
  appsDescription: 'Cada creación genera un APK firmado, que se puede descargar cuando el estado sea Completado.',
  appsCaption: 'Apps Android creadas',
  columns: ['Fecha', 'Estado', 'Acciones'],
  statusLabels: { done: 'Completado', error: 'Error', building: 'En curso' },
  building: 'Se está generando el APK; esta lista se actualiza sola.',
  downloadItem: icu<{ date: string }>('Descargar el APK del {date}'),
  removeItem: icu<{ date: string }>('Eliminar la app del {date}'),
  emptyTitle: 'No hay apps creadas',
  emptyText: 'Crea la app Android de tu canal: elige el nombre, el tema y las imágenes, y el APK se genera en instantes.',
  previewDescription: 'Así se abre la app en el celular.',
  previewFrame: 'Vista previa de la app Android',
  previewOpen: 'Abrir en una pestaña nueva',

  // create tab
  createDescription: 'Los datos y las imágenes de la app. Las imágenes se revisan antes de enviarlas.',
  nameLabel: 'Nombre del canal de TV',
  namePlaceholder: 'Ej.: TV Mi Ciudad',
  nameCounter: icu<{ n: number; max: number }>('{n}/{max} caracteres'),
  descriptionLabel: 'Descripción',
  descriptionPlaceholder: 'Una breve descripción de tu canal de TV',
  versionLabel: 'Versión',
  themeLabel: 'Tema',
  themes: ['Azul', 'Verde', 'Rosa', 'Rojo'],
  logoHint: 'PNG de exactamente 300x300 píxeles',
  iconHint: 'PNG de exactamente 144x144 píxeles',
  backgroundLabel: 'Fondo',
  backgroundHint: 'JPG de exactamente 640x1136 píxeles',
  chosenFile: icu<{ name: string; width: number; height: number }>('{name} ({width}x{height})'),
  creating: 'Creando app...',

  // configure tab
  configureDescription:
    'Contactos, colores y la pantalla de inicio de la app. Los cambios se aplican a la app ya instalada, sin generar otro APK.',
  emailPlaceholder: 'contacto@tutv.com',
  whatsappPlaceholder: 'Ej.: 573001234567',
  startScreenLegend: 'Pantalla de inicio',
  startScreenLogo: 'Logo y botón de reproducir',
  chatHint: 'Los espectadores chatean dentro de la app',
  newLogoLabel: 'Nuevo logo (opcional)',
  newBackgroundLabel: 'Nuevo fondo (opcional)',
  currentImage: icu<{ label: string }>('{label} actual'),
  configure: 'Actualizar configuración',
  configuring: 'Actualizando...',
  help: [
    'El APK se genera y se firma en el servidor; la lista muestra En curso hasta que esté listo.',
    'La app abre la página de tu canal con la transmisión en vivo, el logo, los colores y los contactos.',
    'Los cambios en Configurar app aparecen en la app ya instalada la próxima vez que se abra.',
    'El nombre, el ícono y el tema quedan dentro del APK: para cambiarlos, crea una app nueva (con una versión mayor, para actualizar la que ya está instalada).',
  ],
};

export default androidAppTexts;
