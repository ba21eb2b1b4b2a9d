import type { FeatureTexts } from '../index.ts';

const shellTexts: FeatureTexts<'shell'> = {
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  collapseMenu: 'Collapse menu',
  expandMenu: 'Expand menu',
  mainNavigation: 'Main menu',
  menuSearchLabel: 'Search the menu',
  menuSearchPlaceholder: 'Search...',
  menuNoResults: 'No items found',
  userMenu: 'User menu',
  logout: 'Sign out',
  defaultUserName: 'User',
  badgeRevenda: 'Reseller',
  badgeStreaming: 'Streaming',
  accountRevenda: 'Reseller account',
  accountStreaming: 'Streaming account',
  breadcrumb: 'Breadcrumb',
  breadcrumbRoot: 'Dashboard',
  online: 'Online',

  // the side menu's entries by id
  menuLabels: {
    dashboard: 'Dashboard',
    'iniciar-transmissao': 'Go Live',
    'dados-conexao': 'Connection details',
    players: 'Players',
    gerenciarvideos: 'Manage videos',
    playlists: 'Playlists',
    agendamentos: 'Schedules',
    comerciais: 'Commercial breaks',
    downloadyoutube: 'YouTube download',
    'migrar-videos-ftp': 'FTP migration',
    espectadores: 'Viewers',
    relayrtmp: 'RTMP relay',
    'conversao-videos': 'Video conversion',
    'app-multiplataforma': 'Multiplatform app',
    'app-android': 'Android app',
    configuracoes: 'Settings',
  },
};

export default shellTexts;
