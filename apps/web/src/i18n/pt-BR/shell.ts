/** The shell around every signed-in page: sidebar, header, user menu and breadcrumbs. */
const shellTexts = {
  openMenu: 'Abrir menu',
  closeMenu: 'Fechar menu',
  collapseMenu: 'Recolher menu',
  expandMenu: 'Expandir menu',
  mainNavigation: 'Menu principal',
  menuSearchLabel: 'Buscar no menu',
  menuSearchPlaceholder: 'Buscar...',
  menuNoResults: 'Nenhum item encontrado',
  userMenu: 'Menu do usuário',
  logout: 'Sair',
  defaultUserName: 'Usuário',
  badgeRevenda: 'Revenda',
  badgeStreaming: 'Streaming',
  accountRevenda: 'Conta de Revenda',
  accountStreaming: 'Conta de Streaming',
  breadcrumb: 'Navegação estrutural',
  breadcrumbRoot: 'Dashboard',
  online: 'Online',
} as const;

export default shellTexts;
