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
