import type { FeatureTexts } from '../index.ts';
import { plurals } from '../plural.ts';
import { icu } from '../message.ts';

const { isOne } = plurals('en-US');

const multiplatformAppTexts: FeatureTexts<'multiplatform-app'> = {
  title: 'Multiplatform app',
  subtitle: 'Create your channel’s installable app for Android, iPhone, and desktop, with banners and notifications.',
  loadingApp: 'Loading app...',

  // tabs
  tabsLabel: 'App sections',
  tabPreview: 'Preview',
  banners: 'Banners',
  tabNotifications: 'Notifications',
  noAppYet: 'Create the app in the Create app tab before you continue.',

  // preview
  previewDescription: 'The app as your viewers see it on their phones.',
  previewFrame: icu<{ name: string }>('Preview of the {name} app'),
  openApp: 'Open the app in a new tab',
  installTitle: 'Install codes',
  installDescription: 'Paste these codes on your website so viewers can install the app.',
  codeAndroid: 'Android badge code',
  codeIos: 'iOS badge code',
  codeQr: 'QR code',
  codeLink: 'Direct link',
  badgeAndroidAlt: 'Install on Android',
  badgeIosAlt: 'Add to Home Screen on iPhone',
  qrAlt: icu<{ name: string }>('QR code for the {name} app'),
  qrTitle: 'QR code',
  qrHint: 'Point your phone’s camera at it to open the app.',
  apkTitle: 'Android APK',
  apkDownloading: 'Downloading...',
  apkBuilding: 'The Android APK is being built. This page follows the build and shows the download when it is ready.',
  apkFailed: 'The Android APK could not be built. The details are on the Android app page.',
  apkNone: 'No APK built yet. Build one in the Configure app tab.',

  // create / configure
  formDescription: 'The app’s details, colors, and images. Changes show up in the published app as soon as you save.',
  sectionInfo: 'Details',
  sectionLinks: 'Contact and social media',
  sectionLook: 'Appearance',
  sectionContent: 'Content and modules',
  nameLabel: 'App name',
  namePlaceholder: 'My TV',
  emailPlaceholder: 'contact@yoursite.com',
  whatsappPlaceholder: '15551234567',
  youtubeLabel: 'YouTube channel',
  modelLabel: 'Layout',
  models: [
    { value: 1, label: 'Layout 1', hint: 'Player at the top with the sections in tabs right below.' },
    { value: 2, label: 'Layout 2', hint: 'Full-screen background image with the logo, the player, and a section menu.' },
  ],
  colorSplash: 'Splash screen color',
  logoHint: 'PNG, 300x300 pixels',
  backgroundLabel: 'Background',
  backgroundHint: 'JPG, 640x1136 pixels',
  imageCurrent: 'Current image',
  imageChosen: 'Chosen image',
  imageNone: 'No image',
  imagePick: 'Choose image',
  imageNoFile: 'No file chosen',
  progLabel: 'Schedule text',
  progPlaceholder: 'Your channel’s shows and air times',
  histLabel: 'About text',
  histPlaceholder: 'Your channel’s story',
  chatHint: 'Viewers chat inside the app.',
  counterHint: 'The player shows how many people are watching now.',
  save: 'Save settings',
  createApk: 'Build Android APK',

  // banners
  bannersNotice: 'Banners are shown in the app in random order, rotating every minute.',
  bannersEmpty: 'No banners added.',
  bannerColumns: ['Name', 'Link', 'Date added', 'Impressions', 'Clicks', 'Actions'],
  bannerNoLink: 'No link',
  bannerRemove: icu<{ name: string }>('Remove banner {name}'),
  addBanner: 'Add banner',
  adding: 'Adding...',
  bannerName: 'Banner name',
  bannerNamePlaceholder: 'Summer sale',
  bannerImage: 'Banner image',
  bannerImageHint: '400x60 pixels',
  bannerLink: 'Link (optional)',

  // notifications
  pushTitle: 'Send notification',
  pushDescription: 'The notification reaches everyone who turned on notifications in the app.',
  pushTitleLabel: 'Title',
  pushTitlePlaceholder: 'We’re live!',
  pushIconHint: 'at least 192x192 pixels',
  pushImage: 'Image (optional)',
  pushImageHint: 'at least 360x180 pixels',
  pushLink: 'Link on click (optional)',
  pushMessage: 'Message',
  pushMessagePlaceholder: 'Come watch now',
  pushCounter: icu<{ n: number; max: number }>('{n}/{max}'),
  pushSend: 'Send notification',
  pushSending: 'Sending...',
  pushDelivered: (v: { sent: number }) =>
    isOne(v.sent) ? 'Received by 1 subscriber.' : `Received by ${v.sent} subscribers.`,
};

export default multiplatformAppTexts;
