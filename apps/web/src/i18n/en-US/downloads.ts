import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

const downloadsTexts: FeatureTexts<'downloads'> = {
  title: 'YouTube download',
  subtitle: 'Download a video from its link and keep it in a folder of your library',
  formTitle: 'New download',
  linkLabel: 'Video link',
  linkPlaceholder: 'https://www.youtube.com/watch?v=...',
  linkChecking: 'Checking link...',
  qualityNote: 'Quality: best available up to 1080p, MP4 format',
  downloadButton: 'Download',
  infoTitle: 'Video details',
  infoUploader: 'Channel',
  infoViews: 'Views',
  infoSize: 'Estimated size',
  noThumbnail: 'No thumbnail',
  progress: 'Download progress',
  phase: {
    downloading: 'Downloading video...',
    uploading: 'Adding to the library...',
    processing: 'Processing video...',
    completed: 'Download complete',
    error: 'Download error',
  },
  cancel: 'Cancel download',
  recentTitle: 'Recent',
  recentEmpty: 'No recently downloaded videos',
  recentIn: icu<{ folder: string }>('in {folder}'),
  help: [
    'Paste the link of a YouTube video: youtube.com/watch?v=…, youtu.be/…, /embed/…, /v/…, or /shorts/….',
    'The link is checked 2 seconds after you stop typing; the title, channel, duration, and thumbnail show up right below.',
    'The video is downloaded in the best quality up to 1080p, as MP4, and lands in the chosen folder already analyzed, ready for playlists.',
    'The download uses your plan’s storage and stops if you run out of space. One download at a time.',
    'Download only videos that are yours or that you have the right to use.',
  ],
};

export default downloadsTexts;
