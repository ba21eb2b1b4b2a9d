import { HLS_FRAGMENT_NAME } from './nginx-config.ts';

/**
 * nginx names each fragment by the time it was opened (`hls_fragment_naming system`: epoch
 * milliseconds after the last dash). A broadcast's playlist lists only fragments opened after it
 * started; anything older is the end of a previous broadcast and is dropped (the media sequence
 * moves on by as many), so a player joining a new broadcast never replays the last one.
 * Returns null when no fragment of this broadcast is listed yet.
 */
export function playlistSince(text: string, sinceMs: number): string | null {
  const lines = text.split('\n');
  const out: string[] = [];
  let pending: string[] = [];
  let dropped = 0;
  let kept = 0;
  for (const line of lines) {
    const uri = line.trim();
    if (!uri) continue;
    if (uri.startsWith('#EXTINF') || uri.startsWith('#EXT-X-DISCONTINUITY') || uri.startsWith('#EXT-X-PROGRAM-DATE-TIME')) {
      pending.push(uri);
      continue;
    }
    if (uri.startsWith('#')) {
      out.push(uri);
      continue;
    }
    const m = /-(\d{12,})\.ts$/.exec(uri);
    if (m && Number(m[1]) < sinceMs) dropped++;
    else {
      out.push(...pending, uri);
      kept++;
    }
    pending = [];
  }
  if (!kept) return null;
  const text2 = out.map((l) => {
    const seq = /^#EXT-X-MEDIA-SEQUENCE:(\d+)$/.exec(l);
    return seq && dropped ? `#EXT-X-MEDIA-SEQUENCE:${Number(seq[1]) + dropped}` : l;
  });
  return `${text2.join('\n')}\n`;
}

/**
 * The playlist with each fragment listed at `base` (an absolute address ending in `/hls/`)
 * instead of next to the playlist: players that loaded it from the API fetch the fragments
 * from the media node's own HTTP server. Only names nginx writes are touched.
 */
export function withFragmentBase(text: string, base: string): string {
  return text.split('\n').map((l) => (HLS_FRAGMENT_NAME.test(l) ? base + l : l)).join('\n');
}

/** The fragment names a playlist lists. */
export function listedFragments(text: string): string[] {
  return text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
}

export interface HlsFile {
  name: string;
  mtimeMs: number;
}

/** A fragment no playlist lists any more is kept this long for a player that read the playlist just before. */
export const FRAGMENT_GRACE_MS = 60_000;
/** A playlist nginx has not rewritten for this long belongs to a broadcast that is over. */
export const PLAYLIST_LEFTOVER_MS = 5 * 60_000;

/**
 * What to delete from the HLS directory. Pure: nginx's own cleanup is off because it goes by
 * age alone and removed fragments (and the playlist) that players still needed when keyframes
 * are far apart. Here a fragment goes only once its stream's playlist no longer lists it, and a
 * playlist only once nginx has stopped writing it.
 */
export function hlsLeftovers(files: HlsFile[], playlists: ReadonlyMap<string, string>, now: number): string[] {
  const listed = new Set<string>();
  for (const text of playlists.values()) for (const n of listedFragments(text)) listed.add(n);
  return files.filter((f) => {
    const age = now - f.mtimeMs;
    if (f.name.endsWith('.ts')) return !listed.has(f.name) && age > FRAGMENT_GRACE_MS;
    return age > PLAYLIST_LEFTOVER_MS;
  }).map((f) => f.name);
}
