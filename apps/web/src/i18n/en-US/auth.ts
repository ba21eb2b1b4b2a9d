import type { FeatureTexts } from '../index.ts';

const authTexts: FeatureTexts<'auth'> = {
  title: 'Welcome',
  subtitle: 'Sign in with your credentials to access the panel',
  emailLabel: 'Email or username',
  emailPlaceholder: 'you@email.com or username',
  passwordPlaceholder: 'Enter your password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  submit: 'Sign in to the panel',
  submitting: 'Signing in...',
  help: 'Trouble signing in? Contact us',
  createAccount: 'Create account',
  forgotPassword: 'Forgot your password?',
  marketingTitle: 'Your all-in-one streaming platform',
  marketingSubtitle: 'Go live, organize your videos, and follow your audience, all in one place.',
  featureLiveTitle: 'Live broadcasts',
  featureLiveText: 'Broadcast in high quality from OBS or from playlists, 24 hours a day.',
  featureAnalyticsTitle: 'Audience analytics',
  featureAnalyticsText: 'Follow your viewers in real time, by region and by device.',
  featureVodTitle: 'Video on demand management',
  featureVodText: 'Upload, convert, and organize your videos in folders and playlists.',
  featureMultiTitle: 'Multiplatform reach',
  featureMultiText: 'Restream at the same time to social networks, video platforms, and your own RTMP destinations.',
  languageLabel: 'Language',
};

export default authTexts;
