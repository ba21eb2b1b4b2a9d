import type { FeatureTexts } from '../index.ts';

/** The shell around every signed-in page: sidebar, header, user menu and breadcrumbs. */
const shellTexts: FeatureTexts<'shell'> = {
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  collapseMenu: 'Contraer menú',
  expandMenu: 'Expandir menú',
  mainNavigation: 'Menú principal',
  menuSearchLabel: 'Buscar en el menú',
  menuSearchPlaceholder: 'Buscar...',
  menuNoResults: 'No se encontraron elementos',
  userMenu: 'Menú de usuario',
  logout: 'Cerrar sesión',
  defaultUserName: 'Usuario',
  badgeRevenda: 'Revendedor',
  badgeStreaming: 'Streaming',
  accountRevenda: 'Cuenta de revendedor',
  accountStreaming: 'Cuenta de streaming',
  breadcrumb: 'Ruta de navegación',
  breadcrumbRoot: 'Dashboard',
  online: 'En línea',
};

export default shellTexts;
