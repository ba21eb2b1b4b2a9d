import type { PlayerType } from '@painel/contract';

export const PLAYER_IFRAME_PATH = '/api/player-port/iframe';

export interface PlayerSource {
  login: string;
  /** a live stream name ({login}_live), a video path, or a playlist code: one of them */
  stream?: string | undefined;
  vod?: string | undefined;
  playlist?: string | number | undefined;
  player?: PlayerType | undefined;
  contador?: boolean | undefined;
  compartilhamento?: boolean | undefined;
  /** The owner's preview grant (lib/owner-preview.ts): only the panel's own previews carry it, never an embed code. */
  previa?: string | undefined;
}

/**
 * The player iframe address: login plus stream, vod or playlist, and the player,
 * contador and compartilhamento flags. `base` is the address the server gave (player_url);
 * without one the iframe is served by this panel's own origin. Null when it cannot be built.
 */
export function buildPlayerUrl(source: PlayerSource, base?: string | null): string | null {
  if (!source.login) return null;
  try {
    const url = new URL(base || PLAYER_IFRAME_PATH, window.location.origin);
    const q = url.searchParams;
    q.set('login', source.login);
    for (const k of ['stream', 'vod', 'playlist'] as const) q.delete(k);
    if (source.vod) q.set('vod', source.vod);
    else if (source.playlist !== undefined && source.playlist !== '') q.set('playlist', String(source.playlist));
    else if (source.stream) q.set('stream', source.stream);
    if (source.player) q.set('player', source.player);
    if (source.contador !== undefined) q.set('contador', String(source.contador));
    if (source.compartilhamento !== undefined) q.set('compartilhamento', String(source.compartilhamento));
    if (source.previa) q.set('previa', source.previa);
    else q.delete('previa');
    return url.toString();
  } catch {
    return null;
  }
}

