/**
 * What the playout plays next. Pure: given where the broadcast is (a Cursor, stored with the
 * playout) and what the playlists hold right now, it names the next video and where the
 * broadcast is after it. Read fresh before every video, so an edited playlist, a changed
 * commercial break or a new order takes effect from the next video on.
 */
export interface Entry {
  videoId: number;
  nome: string;
}

export interface Source {
  entries: Entry[];
  /** A break of `count` videos of the folder after every `every` videos, rotating through `videos`. */
  commercials: { every: number; count: number; videos: Entry[] } | null;
}

export interface PlanInputs {
  main: Source;
  /** Plays once the main playlist has played through (then loops); null: the main one loops or ends. */
  ending: Source | null;
  loop: boolean;
  /** Seed of the shuffled order (a new order every loop, the same after a restart); null plays in order. */
  shuffleSeed: number | null;
}

export interface Cursor {
  phase: 'main' | 'ending';
  /** Position of the next entry in this loop's order. */
  index: number;
  loop: number;
  /** The last playlist entry played: after an edit, the next one is whatever follows it in the new order. */
  last: number | null;
  /** Playlist videos since the last break. */
  since: number;
  /** Commercials still due in the current break. */
  breakLeft: number;
  /** Rotation through the commercials folder. */
  rotation: number;
}

export type Step =
  | { item: Entry & { commercial: boolean }; after: Cursor }
  | { end: 'empty' | 'finished' };

export const START: Cursor = { phase: 'main', index: 0, loop: 0, last: null, since: 0, breakLeft: 0, rotation: 0 };

/** mulberry32: small, fast and good enough to shuffle a playlist reproducibly. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function orderOf(entries: Entry[], loop: number, seed: number | null): Entry[] {
  if (seed === null) return entries;
  const out = [...entries];
  const r = random(seed * 7919 + loop);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function next(c: Cursor, inp: PlanInputs): Step {
  const source = c.phase === 'main' ? inp.main : inp.ending;
  const ads = source?.commercials;
  if (c.breakLeft > 0 && ads && ads.videos.length) {
    const ad = ads.videos[c.rotation % ads.videos.length]!;
    return { item: { ...ad, commercial: true }, after: { ...c, breakLeft: c.breakLeft - 1, rotation: c.rotation + 1 } };
  }
  let phase = c.phase;
  let loop = c.loop;
  let src = source;
  let list = src ? orderOf(src.entries, loop, inp.shuffleSeed) : [];
  const at = c.last === null ? -1 : list.findIndex((e) => e.videoId === c.last);
  let index = at >= 0 ? at + 1 : c.index;
  if (index >= list.length) {
    // this pass is over: loop it, hand over to the ending playlist, or end
    if (phase === 'main' && inp.ending && inp.ending.entries.length) {
      phase = 'ending';
      loop = 0;
      src = inp.ending;
      list = orderOf(src.entries, loop, inp.shuffleSeed);
    } else if (phase === 'ending' || inp.loop) {
      loop += 1;
      list = src ? orderOf(src.entries, loop, inp.shuffleSeed) : [];
    } else if (list.length) {
      return { end: 'finished' };
    }
    index = 0;
  }
  if (!list.length) return { end: phase === 'main' && c.last === null ? 'empty' : 'finished' };
  const item = list[index]!;
  const since = (phase === c.phase ? c.since : 0) + 1;
  const due = src?.commercials && src.commercials.videos.length && since >= src.commercials.every ? src.commercials.count : 0;
  return {
    item: { ...item, commercial: false },
    after: { phase, index: index + 1, loop, last: item.videoId, since: due ? 0 : since, breakLeft: due, rotation: c.rotation },
  };
}
