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
};

export default shellTexts;
