/**
 * Whether a channel source's publish (a playout's next run, a relay reconnecting) starts its
 * stream's HLS playlist afresh. A new broadcast does. One coming back continues the playlist it
 * left (nginx adds a discontinuity), unless another broadcast (OBS) had the stream since this
 * source last wrote it: then the playlist holds the other's fragments and starts again. Once the
 * source has written it after the other left, its later runs continue it again.
 */
export function restartsHls(
  own: { id: number; started_at: string | null },
  lastOnStream: { id: number; ended_at: string | null } | undefined,
  playlistWrittenAtMs: number | null,
): boolean {
  if (!own.started_at) return true;
  if (!lastOnStream || lastOnStream.id === own.id) return false;
  if (lastOnStream.ended_at === null || playlistWrittenAtMs === null) return true;
  return playlistWrittenAtMs <= Date.parse(lastOnStream.ended_at);
}
