export const MENU_CATEGORIES = ['streaming', 'content', 'analytics', 'system'] as const;
export type MenuCategory = (typeof MENU_CATEGORIES)[number];

export const MENU_ICONS = [
  'Home', 'Radio', 'Wifi', 'PlayCircle', 'FileVideo', 'List', 'Calendar', 'Megaphone',
  'Youtube', 'Server', 'Users', 'ArrowLeftRight', 'Settings', 'Smartphone',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

export interface MenuItem {
  id: string;
  label: string;
  path: string;
  icon: string;
  visible: boolean;
  order: number;
  category: MenuCategory;
}

/** The shell's default menu, in the specification's order 0 to 15; the server answers it, labels included, in the settings' menu_items. */
export const DEFAULT_MENU: readonly MenuItem[] = [
  { id: 'dashboard', label: 'Dashboard', path: '/dashboard', icon: 'Home', category: 'system' },
  { id: 'iniciar-transmissao', label: 'Iniciar Transmissão', path: '/dashboard/iniciar-transmissao', icon: 'Radio', category: 'streaming' },
  { id: 'dados-conexao', label: 'Dados de Conexão', path: '/dashboard/dados-conexao', icon: 'Wifi', category: 'streaming' },
  { id: 'players', label: 'Players', path: '/dashboard/players', icon: 'PlayCircle', category: 'streaming' },
  { id: 'gerenciarvideos', label: 'Gerenciar Vídeos', path: '/dashboard/gerenciarvideos', icon: 'FileVideo', category: 'content' },
  { id: 'playlists', label: 'Playlists', path: '/dashboard/playlists', icon: 'List', category: 'content' },
  { id: 'agendamentos', label: 'Agendamentos', path: '/dashboard/agendamentos', icon: 'Calendar', category: 'content' },
  { id: 'comerciais', label: 'Comerciais', path: '/dashboard/comerciais', icon: 'Megaphone', category: 'content' },
  { id: 'downloadyoutube', label: 'Download YouTube', path: '/dashboard/downloadyoutube', icon: 'Youtube', category: 'content' },
  { id: 'migrar-videos-ftp', label: 'Migrar FTP', path: '/dashboard/migrar-videos-ftp', icon: 'Server', category: 'content' },
  { id: 'espectadores', label: 'Espectadores', path: '/dashboard/espectadores', icon: 'Users', category: 'analytics' },
  { id: 'relayrtmp', label: 'Relay RTMP', path: '/dashboard/relayrtmp', icon: 'ArrowLeftRight', category: 'streaming' },
  { id: 'conversao-videos', label: 'Conversão de Vídeos', path: '/dashboard/conversao-videos', icon: 'FileVideo', category: 'content' },
  { id: 'app-multiplataforma', label: 'App Multiplataforma', path: '/dashboard/app-multiplataforma', icon: 'Smartphone', category: 'content' },
  { id: 'app-android', label: 'App Android', path: '/dashboard/app-android', icon: 'Smartphone', category: 'content' },
  { id: 'configuracoes', label: 'Configurações', path: '/dashboard/configuracoes', icon: 'Settings', category: 'system' },
].map((item, order) => ({ ...item, visible: true, order }) as MenuItem);

/**
 * Applies a stored order and visibility to the catalogue. Labels, paths, icons and
 * categories always come from the catalogue, so a stored menu can never point elsewhere;
 * entries the stored menu lacks (added in a later version) keep their default place after it.
 */
export function mergeMenu(stored: readonly Pick<MenuItem, 'id' | 'visible' | 'order'>[]): MenuItem[] {
  const byId = new Map(stored.map((s) => [s.id, s]));
  const base = stored.length;
  return DEFAULT_MENU.map((item) => {
    const s = byId.get(item.id);
    return s ? { ...item, visible: s.visible, order: s.order } : { ...item, order: base + item.order };
  })
    .sort((a, b) => a.order - b.order)
    .map((item, order) => ({ ...item, order }));
}
