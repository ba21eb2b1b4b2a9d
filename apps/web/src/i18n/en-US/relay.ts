import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

const relay: FeatureTexts<'relay'> = {
  title: 'RTMP/M3U8 Relay',
  subtitle: 'Rebroadcast an external live stream on your channel, over RTMP or HLS (M3U8).',
  formTitle: 'Set up Relay',
  formDescription: 'Enter the address of the source stream. The type is detected from the address.',
  urlLabel: 'Source stream URL',
  urlPlaceholder: 'rtmp://server/app/stream or https://server/playlist.m3u8',
  typeLabel: 'Type',
  typeM3u8: 'M3U8 (HLS)',
  recordLabel: 'Record this relay',
  recordHint: icu('The relay is recorded without re-encoding into the library folder {folder}, from its start until it is turned off.'),
  validating: 'Checking the URL...',
  activate: 'Turn on Relay',
  activating: 'Turning on...',
  deactivate: 'Turn off Relay',
  deactivating: 'Turning off...',
  stopConfirm: 'Turn off the relay? Your channel will stop showing the source stream.',
  statusTitle: 'Relay status',
  stateLabels: {
    starting: 'Connecting to the source...',
    live: 'On air',
    reconnecting: 'Reconnecting...',
    failing: 'Failing: the relay keeps restarting and is still retrying',
    held: 'Waiting for OBS',
  },
  startedAtLabel: 'Turned on at',
  inactive: 'No relay is on. Set up the source below to rebroadcast it on your channel.',
  errorTitle: 'The relay stopped with an error',
  helpTitle: 'How Relay works',
  help: [
    'The relay pulls the source stream and publishes it on your channel: the player, the dashboard, and the lives to platforms all show it.',
    'It accepts rtmp:// (or rtmps://) addresses and HLS playlists on https:// ending in .m3u8. The video must be H.264; the audio is converted to AAC.',
    'If the source drops, the relay tries to reconnect on its own; after 60 minutes without a response it is turned off.',
    'While OBS is broadcasting on the channel, the relay waits and resumes when OBS stops. Turning on the relay ends the playlist on air (or the previous relay), and starting a playlist ends the relay.',
  ],
};

export default relay;
