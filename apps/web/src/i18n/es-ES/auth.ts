import type { FeatureTexts } from '../index.ts';

/** The login screen and the marketing panel beside it. */
const authTexts: FeatureTexts<'auth'> = {
  title: 'Bienvenido',
  subtitle: 'Ingresa tus credenciales para acceder al panel',
  emailLabel: 'Correo o usuario',
  emailPlaceholder: 'tu@correo.com o usuario',
  passwordPlaceholder: 'Escribe tu contraseña',
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',
  submit: 'Entrar al panel',
  submitting: 'Entrando...',
  help: '¿Problemas para acceder? Contáctanos',
  createAccount: 'Crear cuenta',
  forgotPassword: 'Olvidé mi contraseña',
  marketingTitle: 'Tu plataforma completa de streaming',
  marketingSubtitle: 'Transmite en vivo, organiza tus videos y sigue a tu audiencia en un solo lugar.',
  featureLiveTitle: 'Transmisiones en vivo',
  featureLiveText: 'Transmite en alta calidad desde OBS o a partir de playlists, las 24 horas del día.',
  featureAnalyticsTitle: 'Análisis de audiencia',
  featureAnalyticsText: 'Sigue a tus espectadores en tiempo real, por región y por dispositivo.',
  featureVodTitle: 'Gestión de videos bajo demanda',
  featureVodText: 'Sube, convierte y organiza tus videos en carpetas y playlists.',
  featureMultiTitle: 'Alcance multiplataforma',
  featureMultiText: 'Retransmite al mismo tiempo a redes sociales, plataformas de video y tus propios destinos RTMP.',
  languageLabel: 'Idioma',
};

export default authTexts;
