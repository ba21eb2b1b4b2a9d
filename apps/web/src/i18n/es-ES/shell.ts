import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

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
  // the side menu's own section for resellers and the operator (not part of the customizable menu)
  managementSection: 'Gestión',
  streamingsLink: 'Streamings',
  adminLink: 'Administración',
  // a streaming's panel entered by its reseller ('Acessar painel'): the bar on every page
  accessingAs: icu('Accediendo como {name}'),
  backToReseller: 'volver a la reventa',

  // the side menu's entries by id
  menuLabels: {
    dashboard: 'Dashboard',
    'iniciar-transmissao': 'Iniciar transmisión',
    'dados-conexao': 'Datos de conexión',
    players: 'Players',
    gerenciarvideos: 'Administrar videos',
    playlists: 'Playlists',
    agendamentos: 'Programación',
    comerciais: 'Tandas comerciales',
    downloadyoutube: 'Descargar de YouTube',
    'migrar-videos-ftp': 'Migración FTP',
    espectadores: 'Espectadores',
    relayrtmp: 'Relay RTMP',
    'conversao-videos': 'Conversión de videos',
    'app-multiplataforma': 'App multiplataforma',
    'app-android': 'App Android',
    configuracoes: 'Configuración',
  },
};

export default shellTexts;
