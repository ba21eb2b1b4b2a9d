/** The install badges the panel draws for the owner's site (…/badge-android.svg, …/badge-ios.svg). */
export const WEBAPP_BADGES = {
  android: { small: 'Instalar no', big: 'Android', label: 'Instalar no Android' },
  ios: { small: 'Adicionar à Tela de Início', big: 'no iPhone', label: 'Adicionar à Tela de Início no iPhone' },
} as const;
