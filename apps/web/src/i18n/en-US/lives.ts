import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

const livesTexts: FeatureTexts<'lives'> = {
  subtitle: 'Restream your channel to YouTube, Facebook, Twitch, or any RTMP server, now or at a scheduled time',
  warning: 'You do not need to keep this page open: lives run on the server, start and end on their own at the times you set, and reconnect if the destination drops. Each live lasts up to 24 hours.',
  activeBroadcastTitle: 'Active broadcast',
  activeBroadcastNone: 'Your channel is not on air. Start broadcasting in OBS so the lives have something to restream.',
  tableTitle: 'Lives',
  empty: 'No lives added yet.',
  columns: ['Live', 'Start', 'End', 'Duration', 'Status', 'Actions'],
  finishLabel: icu<{ name: string }>('End live {name}'),
  removeLabel: icu<{ name: string }>('Remove live {name}'),
  stateLabels: {
    live: 'Streaming',
    scheduled: 'Scheduled',
    starting: 'Connecting...',
    reconnecting: 'Reconnecting...',
    failing: 'Failing',
    error: 'Error',
    finished: 'Ended',
  },
  registerLive: 'Add live',
  missingFields: icu<{ fields: string }>('Still to fill in: {fields}'),
  platform: 'Platform',
  key: 'Stream key',
  keyHint: 'The key is stored securely and shown masked in the table.',
  sourceHls: 'HTTP/M3U8',
  startNow: 'Start now',
  end: 'End date',
  help1: 'Choose the platform and the RTMP server is filled in for you. Copy the stream key from the platform (YouTube Studio, Facebook Live Producer, Twitch) and paste it here.',
  help2: 'The source is your own channel: what OBS sends to the panel is passed on to the platform without re-encoding, at the same quality.',
  help3: 'Status: Streaming while the platform is receiving; Connecting or Reconnecting while the panel tries to reach it; Error when it rejects the key.',
  help4: 'A scheduled live starts and ends on its own at the times you set, even with the browser closed.',
};

export default livesTexts;
