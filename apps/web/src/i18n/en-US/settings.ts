import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

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
  recordingSection: 'Record broadcasts',
  recordingOption: 'Record every OBS broadcast',
  recordingHint: icu('Each broadcast becomes an MP4 video in the {folder} folder, named by its title and start time, ready for playlists. It uses the plan\'s storage; if the storage runs out, the recording stops and the broadcast goes on.'),
  recordingOn: 'Broadcast recording turned on',
  recordingOff: 'Broadcast recording turned off',
  recordingSaveError: 'Could not save the broadcast recording setting',
};

export default settingsTexts;
