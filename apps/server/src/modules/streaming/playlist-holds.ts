/**
 * Playlists the API serves as they were, for the moment a channel changes publisher.
 *
 * When OBS comes back to a channel its standby signal is on air, nginx's HLS module sets up
 * OBS's playlist from the file on disk *before* it asks the API (on_publish), and the API then
 * drops the standby, whose last, partial fragment is appended to the file after that set-up.
 * OBS's first fragment would then take the same place in the playlist as that partial one, and a
 * player that saw the partial one finds its media sequence changed under it (hls.js stops). So the
 * ingest holds the playlist as it was when OBS asked, serves it meanwhile, and writes it back once
 * the standby is gone: the standby's last fragment is never listed, nginx goes on from there.
 */
export interface PlaylistHolds {
  hold(stream: string, text: string): void;
  /** The held text of a stream, if any (a hold lasts HOLD_MS at most). */
  held(stream: string): string | undefined;
  release(stream: string): void;
}

/** A hold is a switch under way; one never released (an error half-way) goes by itself. */
const HOLD_MS = 10_000;

export function createPlaylistHolds(now: () => number = Date.now): PlaylistHolds {
  const holds = new Map<string, { text: string; until: number }>();
  return {
    hold: (stream, text) => void holds.set(stream, { text, until: now() + HOLD_MS }),
    held(stream) {
      const h = holds.get(stream);
      if (h && h.until <= now()) holds.delete(stream);
      return h && h.until > now() ? h.text : undefined;
    },
    release: (stream) => void holds.delete(stream),
  };
}
