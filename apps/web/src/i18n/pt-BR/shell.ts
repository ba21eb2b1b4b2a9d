import { icu } from '../message.ts';

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
  // the side menu's own section for resellers and the operator (not part of the customizable menu)
  managementSection: 'Gestão',
  streamingsLink: 'Streamings',
  adminLink: 'Administração',
  // a streaming's panel entered by its reseller ('Acessar painel'): the bar on every page
  accessingAs: icu<{ name: string }>('Acessando como {name}'),
  backToReseller: 'voltar à revenda',

  // the side menu's entries by id: exactly the labels of DEFAULT_MENU (packages/contract menu.ts)
  menuLabels: {
    dashboard: 'Dashboard',
    'iniciar-transmissao': 'Iniciar Transmissão',
    'dados-conexao': 'Dados de Conexão',
    players: 'Players',
    gerenciarvideos: 'Gerenciar Vídeos',
    playlists: 'Playlists',
    agendamentos: 'Agendamentos',
    comerciais: 'Comerciais',
    downloadyoutube: 'Download YouTube',
    'migrar-videos-ftp': 'Migrar FTP',
    espectadores: 'Espectadores',
    relayrtmp: 'Relay RTMP',
    'conversao-videos': 'Conversão de Vídeos',
    'app-multiplataforma': 'App Multiplataforma',
    'app-android': 'App Android',
    configuracoes: 'Configurações',
  },
} as const;

export default shellTexts;
