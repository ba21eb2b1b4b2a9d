import type { FeatureTexts } from '../index.ts';

const settingsTexts: FeatureTexts<'settings'> = {
  title: 'Settings',
  subtitle: 'Customize the panel to your preferences',
  loading: 'Loading settings...',
  generalSection: 'General settings',
  autoRefreshOption: 'Auto refresh',
  autoRefreshHint: 'Refresh the panel’s data periodically',
  sidebarCollapsedOption: 'Collapsed sidebar',
  sidebarCollapsedHint: 'Open the panel with the sidebar collapsed',
  refreshIntervalLabel: 'Refresh interval (seconds)',
  menuSection: 'Menu customization',
  menuSectionHint: 'Drag items to reorder the menu and use the eye icon to show or hide them.',
  summaryTotal: 'Total',
  summaryVisible: 'Visible',
  summaryHidden: 'Hidden',
  summaryCategories: 'Categories',
  restoreDefault: 'Restore defaults',
  hiddenTag: 'Hidden',
  regionalSection: 'Regional settings',
  languageLabel: 'Language',
  timezoneLabel: 'Time zone',
};

export default settingsTexts;
