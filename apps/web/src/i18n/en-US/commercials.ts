import type { FeatureTexts } from '../index.ts';
import { plurals } from '../plural.ts';
import { icu } from '../message.ts';

const { isOne } = plurals('en-US');

const commercialsTexts: FeatureTexts<'commercials'> = {
  title: 'Commercial breaks',
  subtitle: 'Insert the videos of a commercials folder between the videos of your playlists',
  formTitle: 'Set up commercial breaks',
  editTitle: 'Edit commercial break settings',
  folder: 'Commercials folder',
  quantity: 'Commercials per break',
  quantityHint: 'Videos from the folder played in each break (1 to 10)',
  interval: 'Interval (videos)',
  intervalHint: 'How many playlist videos play before each break (1 to 50)',
  viewCommercials: 'View commercials',
  listTitle: 'Commercial break settings',
  listLoading: 'Loading settings...',
  empty: 'No commercial break settings yet.',
  columns: ['Playlist', 'Commercials folder', 'Quantity', 'Interval', 'Status', 'Actions'],
  every: (v: { n: number }) => (isOne(v.n) ? 'every video' : `every ${v.n} videos`),
  playable: (v: { n: number }) => (isOne(v.n) ? '1 video can be played' : `${v.n} videos can be played`),
  nonePlayable: 'No video in the folder can be played',
  inactive: 'Inactive',
  activate: 'Turn on',
  deactivate: 'Turn off',
  activateLabel: icu<{ playlist: string }>('Turn on commercial breaks for playlist {playlist}'),
  deactivateLabel: icu<{ playlist: string }>('Turn off commercial breaks for playlist {playlist}'),
  edit: 'Edit',
  editLabel: icu<{ playlist: string }>('Edit commercial breaks for playlist {playlist}'),
  removeLabel: icu<{ playlist: string }>('Delete commercial breaks for playlist {playlist}'),
  videosTitle: icu<{ folder: string }>('Commercials in folder {folder}'),
  videoColumns: ['Video', 'Duration', 'Playback'],
  plays: 'Will play',
  skipped: icu<{ reason: string }>('Will not play: {reason}'),
  helpTitle: 'How commercial breaks work',
  help1: 'After every "Interval" playlist videos, the channel plays "Commercials per break" videos from the chosen folder, then goes back to the playlist.',
  help2: 'Commercials rotate through the folder: each break picks up from the video where the previous one stopped.',
  help3: 'Only compatible MP4 videos within the plan’s bitrate are played; use "View commercials" to check the videos in the folder.',
  help4: 'Each playlist has one setting. Turn it off to broadcast the playlist without commercials and keep what you set up.',
};

export default commercialsTexts;
