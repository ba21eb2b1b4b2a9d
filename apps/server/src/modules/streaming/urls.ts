import { LIVE_APPLICATION, streamNameOf } from '@painel/contract';
import type { Config } from '../../platform/config.ts';

/** Where a server is reached from outside: what its worker registers, and what its accounts' addresses are made of. */
export interface ServerAddresses {
  /** The host name OBS and FTP clients use (PUBLIC_HOST). */
  host: string;
  /** The panel's address on that server (PUBLIC_URL, or http://host:PORT). */
  public_url: string;
  rtmp_port: number;
  ftp_port: number;
  /** nginx's fragment port; 0: the API serves HLS. */
  hls_port: number;
}

/** A server's addresses with the HLS edge its players use (null: the server itself). */
export interface ChannelServer extends ServerAddresses {
  edge_url?: string | null;
}

/** The addresses this server serves, from its own configuration. */
export function addressesOf(config: Config): ServerAddresses {
  const host = config.publicHost === '0.0.0.0' ? 'localhost' : config.publicHost;
  return {
    // behind a TLS proxy the panel, its player pages and playlists are reached at PUBLIC_URL
    host, public_url: config.publicUrl ?? `http://${host}:${config.port}`,
    rtmp_port: config.rtmpPort, ftp_port: config.ftpPort, hls_port: config.media.hlsPort,
  };
}

/**
 * The addresses an account's channel is reached at, as shown to the owner and put in embeds:
 * always its own server's (the account's `codigo_servidor`, whichever server answers), and
 * its players' HLS through that server's edge when the operator gave it one.
 */
export function channelUrls(server: ChannelServer, login: string) {
  const streamName = streamNameOf(login);
  const web = server.public_url;
  const hlsBase = server.edge_url ? server.edge_url.replace(/\/+$/, '') : web;
  return {
    host: server.host,
    streamName,
    /** What OBS calls "Servidor": the RTMP address with the application. */
    rtmpServer: `rtmp://${server.host}:${server.rtmp_port}/${LIVE_APPLICATION}`,
    rtmpStream: `rtmp://${server.host}:${server.rtmp_port}/${LIVE_APPLICATION}/${streamName}`,
    hlsUrl: `${hlsBase}/hls/${streamName}.m3u8`,
    ftpPort: server.ftp_port,
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
