import type { FeatureTexts } from '../index.ts';
import { icu } from '../message.ts';

const connectionDataTexts: FeatureTexts<'connection-data'> = {
  title: 'Connection details',
  subtitle: 'Use these details in OBS and in your FTP client',
  ftpTitle: 'FTP access',
  ftpDescription: 'Upload videos with FileZilla or another FTP client',
  ftpHost: 'Host',
  ftpHostItem: 'FTP host',
  ftpUserItem: 'FTP username',
  ftpPasswordItem: 'FTP password',
  ftpPortItem: 'FTP port',
  hiddenValue: icu('{item} hidden'),
  streamTitle: 'Live broadcast (RTMP)',
  streamDescription: 'Server and key for OBS, plus the HLS URL of your broadcast',
  streamKey: 'Stream key',
  streamKeyHint: 'Do not share your key: anyone who has it can broadcast on your channel.',
  hlsUrl: 'HLS URL',
  regenerateKey: 'Generate new key',
  regenerateKeyConfirm: 'Generate a new stream key? The current key will stop working and any broadcast in progress will be cut off. Then update the key in OBS.',
  helpRtmp: 'RTMP server: the address OBS or another encoder uses to send your broadcast.',
  helpStreamKey: 'Stream key: identifies your channel; use the full key exactly as shown above.',
  helpHls: 'HLS URL: the address for watching the broadcast in players and apps.',
  helpFormats: 'Supported formats: MP4, AVI, MOV, WMV, FLV, WebM, MKV.',
  helpSizeLimit: icu('Size limit set by your plan: {size} of storage.'),
  obsTitle: 'How to set up OBS',
  obsStep1: 'In OBS, open Settings → Stream.',
  obsStep2: 'Under Service, choose Custom...',
  obsStep3: 'Under Server, paste the RTMP server.',
  obsStep4: 'Under Stream Key, paste the full key and click OK.',
  obsStep5: 'Click Start Streaming: the panel shows LIVE within a few seconds.',
};

export default connectionDataTexts;
