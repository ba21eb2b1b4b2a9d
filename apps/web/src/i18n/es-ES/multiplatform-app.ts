import type { FeatureTexts } from '../index.ts';
import { plurals } from '../plural.ts';
import { icu } from '../message.ts';

const { isOne } = plurals('es-ES');

/** The App Multiplataforma page (/dashboard/app-multiplataforma). */
const multiplatformAppTexts: FeatureTexts<'multiplatform-app'> = {
  title: 'App multiplataforma',
  subtitle: 'Crea la app instalable de tu canal para Android, iPhone y computadora, con banners y notificaciones.',
  loadingApp: 'Cargando la app...',

  // tabs
  tabsLabel: 'Secciones de la app',
  tabPreview: 'Vista previa',
  banners: 'Banners',
  tabNotifications: 'Notificaciones',
  noAppYet: 'Crea la app en la pestaña Crear app antes de continuar.',

  // preview
  previewDescription: 'La app tal como la ven tus espectadores en el celular.',
  previewFrame: icu<{ name: string }>('Vista previa de la app {name}'),
  openApp: 'Abrir la app en una pestaña nueva',
  installTitle: 'Códigos de instalación',
  installDescription: 'Pega estos códigos en tu sitio web para que los espectadores instalen la app.',
  codeAndroid: 'Código del badge de Android',
  codeIos: 'Código del badge de iOS',
  codeQr: 'Código del QR',
  codeLink: 'Enlace directo',
  badgeAndroidAlt: 'Instalar en Android',
  badgeIosAlt: 'Agregar a la pantalla de inicio del iPhone',
  qrAlt: icu<{ name: string }>('Código QR de la app {name}'),
  qrTitle: 'Código QR',
  qrHint: 'Apunta la cámara del celular para abrir la app.',
  apkTitle: 'APK Android',
  apkDownloading: 'Descargando...',
  apkBuilding: 'Se está creando el APK Android. Esta página sigue el proceso y muestra la descarga cuando esté listo.',
  apkFailed: 'No se pudo crear el APK Android. Los detalles están en la página App Android.',
  apkNone: 'Todavía no hay ningún APK creado. Crea uno en la pestaña Configurar app.',

  // create / configure
  formDescription: 'Datos, colores e imágenes de la app. Los cambios aparecen en la app publicada en cuanto se guardan.',
  sectionInfo: 'Información',
  sectionLinks: 'Contacto y redes sociales',
  sectionLook: 'Apariencia',
  sectionContent: 'Contenido y módulos',
  nameLabel: 'Nombre de la app',
  namePlaceholder: 'Mi TV',
  emailPlaceholder: 'contacto@tusitio.com',
  whatsappPlaceholder: '573001234567',
  youtubeLabel: 'Canal de YouTube',
  modelLabel: 'Modelo de diseño',
  models: [
    { value: 1, label: 'Modelo 1', hint: 'Player arriba y las secciones en pestañas justo debajo.' },
    { value: 2, label: 'Modelo 2', hint: 'Imagen de fondo en pantalla completa, con el logo, el player y un menú de secciones.' },
  ],
  colorSplash: 'Color de la pantalla de carga',
  logoHint: 'PNG de 300x300 píxeles',
  backgroundLabel: 'Fondo',
  backgroundHint: 'JPG de 640x1136 píxeles',
  imageCurrent: 'Imagen actual',
  imageChosen: 'Imagen elegida',
  imageNone: 'Sin imagen',
  imagePick: 'Elegir imagen',
  imageNoFile: 'Ningún archivo elegido',
  progLabel: 'Texto de la programación',
  progPlaceholder: 'Los horarios y programas del canal',
  histLabel: 'Texto de la historia',
  histPlaceholder: 'La historia del canal',
  chatHint: 'Los espectadores chatean dentro de la app.',
  counterHint: 'El player muestra cuántas personas están viendo ahora.',
  save: 'Guardar configuración',
  createApk: 'Crear APK Android',

  // banners
  bannersNotice: 'Los banners se muestran en la app de forma aleatoria y cambian cada minuto.',
  bannersEmpty: 'No hay banners registrados.',
  bannerColumns: ['Nombre', 'Enlace', 'Fecha de registro', 'Impresiones', 'Clics', 'Acciones'],
  bannerNoLink: 'Sin enlace',
  bannerRemove: icu<{ name: string }>('Eliminar el banner {name}'),
  addBanner: 'Agregar banner',
  adding: 'Agregando...',
  bannerName: 'Nombre del banner',
  bannerNamePlaceholder: 'Promoción de verano',
  bannerImage: 'Imagen del banner',
  bannerImageHint: '400x60 píxeles',
  bannerLink: 'Enlace (opcional)',

  // notifications
  pushTitle: 'Enviar notificación',
  pushDescription: 'La notificación les llega a todos los que activaron las notificaciones en la app.',
  pushTitleLabel: 'Título',
  pushTitlePlaceholder: '¡Estamos en vivo!',
  pushIconHint: 'mínimo 192x192 píxeles',
  pushImage: 'Imagen (opcional)',
  pushImageHint: 'mínimo 360x180 píxeles',
  pushLink: 'Enlace al hacer clic (opcional)',
  pushMessage: 'Mensaje',
  pushMessagePlaceholder: 'Ven a vernos ahora',
  pushCounter: icu<{ n: number; max: number }>('{n}/{max}'),
  pushSend: 'Enviar notificación',
  pushSending: 'Enviando...',
  pushDelivered: (v: { sent: number }) =>
    isOne(v.sent) ? 'Recibida por 1 suscriptor.' : `Recibida por ${v.sent} suscriptores.`,
};

export default multiplatformAppTexts;
