import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

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
  // the side menu's own section for resellers and the operator (not part of the customizable menu)
  managementSection: 'Management',
  streamingsLink: 'Streamings',
  adminLink: 'Administration',
  // a streaming's panel entered by its reseller ('Acessar painel'): the bar on every page
  accessingAs: icu('Viewing the panel as {name}'),
  backToReseller: 'back to your reseller panel',

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
