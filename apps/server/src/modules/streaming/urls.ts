import { LIVE_APPLICATION, streamNameOf } from '@painel/contract';
import type { Config } from '../../platform/config.ts';

/** The addresses an account's channel is reached at, as shown to the owner and put in embeds. */
export function channelUrls(config: Config, login: string) {
  const host = config.publicHost === '0.0.0.0' ? 'localhost' : config.publicHost;
  const streamName = streamNameOf(login);
  // behind a TLS proxy the panel, its player pages and playlists are reached at PUBLIC_URL
  const web = config.publicUrl ?? `http://${host}:${config.port}`;
  return {
    host,
    streamName,
    /** What OBS calls "Servidor": the RTMP address with the application. */
    rtmpServer: `rtmp://${host}:${config.rtmpPort}/${LIVE_APPLICATION}`,
    rtmpStream: `rtmp://${host}:${config.rtmpPort}/${LIVE_APPLICATION}/${streamName}`,
    hlsUrl: `${web}/hls/${streamName}.m3u8`,
    web,
  };
}

export const formatUptime = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

export const secondsSince = (iso: string | null, now = Date.now()): number =>
  iso ? Math.max(0, Math.floor((now - Date.parse(iso)) / 1000)) : 0;
