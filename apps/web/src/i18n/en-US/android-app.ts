import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

const androidAppTexts: FeatureTexts<'android-app'> = {
  title: 'Android app',
  subtitle: 'Create your channel’s Android app: a signed APK that opens your app with the live broadcast',
  loading: 'Loading apps...',

  // tabs
  tabsLabel: 'Android app sections',
  apps: 'Created apps',
  tabCreateAgain: 'Create new',

  // apps tab
  appsDescription: 'Each build produces a signed APK, available for download once the status is Completed.',
  appsCaption: 'Created Android apps',
  columns: ['Date', 'Status', 'Actions'],
  statusLabels: { done: 'Done', error: 'Error', building: 'In progress' },
  building: 'The APK is being built; this list updates on its own.',
  downloadItem: icu<{ date: string }>('Download APK from {date}'),
  removeItem: icu<{ date: string }>('Remove app from {date}'),
  emptyTitle: 'No apps created',
  emptyText: 'Create your channel’s Android app: choose the name, theme, and images, and the APK is built in moments.',
  previewDescription: 'This is how the app opens on a phone.',
  previewFrame: 'Android app preview',
  previewOpen: 'Open in new tab',

  // create tab
  createDescription: 'The app’s details and images. Images are checked before they are uploaded.',
  nameLabel: 'Channel name',
  namePlaceholder: 'E.g., My City TV',
  nameCounter: icu<{ n: number; max: number }>('{n}/{max} characters'),
  descriptionLabel: 'Description',
  descriptionPlaceholder: 'A short description of your channel',
  versionLabel: 'Version',
  themeLabel: 'Theme',
  themes: ['Blue', 'Green', 'Pink', 'Red'],
  logoHint: 'PNG, exactly 300x300 pixels',
  iconHint: 'PNG, exactly 144x144 pixels',
  backgroundLabel: 'Background',
  backgroundHint: 'JPG, exactly 640x1136 pixels',
  chosenFile: icu<{ name: string; width: number; height: number }>('{name} ({width}x{height})'),
  creating: 'Creating app...',

  // configure tab
  configureDescription: 'The app’s contacts, colors, and start screen. Changes apply to the installed app without building a new APK.',
  emailPlaceholder: 'contact@yourtv.com',
  whatsappPlaceholder: 'E.g., 15551234567',
  startScreenLegend: 'Start screen',
  startScreenLogo: 'Logo and play button',
  chatHint: 'Viewers chat inside the app',
  newLogoLabel: 'New logo (optional)',
  newBackgroundLabel: 'New background (optional)',
  currentImage: icu('{label} (current)'),
  configure: 'Update settings',
  configuring: 'Updating...',
  help: [
    'The APK is built and signed on the server; the list shows In progress until it is ready.',
    'The app opens your channel’s page with the live broadcast, logo, colors, and contacts.',
    'Changes made in Configure app show up in the installed app the next time it opens.',
    'The name, icon, and theme are built into the APK: to change them, create a new app (with a higher version, so it updates the installed one).',
  ],
};

export default androidAppTexts;
