import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { diskFullIn } from '../../platform/disk-full.ts';
import { AppError } from '../../platform/errors.ts';
import type { ChildFactory } from '../engine/engine.ts';
import { outputProgress } from '../engine/output-progress.ts';
import type { RecordingsRepo } from './recordings.repo.ts';

/** After its channel's last fragment, a recorder reloads the playlist this many times before it ends by itself. */
const HOLD_RELOADS = 3;
/**
 * How long a run's preparation waits for the channel's playlist: a new fragment after a run ended
 * (short: stopping the row waits for the preparation), or the first fragment of the publish it
 * records (a 2-s fragment nginx lists ~2 s after the publish, later on a loaded machine).
 */
const PLAYLIST_WAIT_MS = 3000;
const FIRST_FRAGMENT_WAIT_MS = 8000;

/** nginx reads its clock once per event loop turn: a fragment opened just after the publish may carry a time a little before it. */
const FRAGMENT_CLOCK_MARGIN_MS = 500;

/**
 * The index, in a playlist nginx wrote, of the first fragment of a publish made at `publishedAt`
 * (ms); -1 when none is listed yet. nginx names a fragment by when it was opened, read from a
 * clock it updates once per event loop turn: the new publisher's first one may carry a time up to
 * `marginMs` before the publish. Within that margin only a fragment that begins a publisher (after
 * a discontinuity, or the first of a new playlist) is taken: another is the previous broadcast's
 * last one (nginx continues the playlist), and the new one comes next.
 */
export function firstFragmentSince(playlist: string, publishedAt: number, marginMs = 0): number {
  const entries: { time: number; afterDiscontinuity: boolean }[] = [];
  let discontinuity = false;
  for (const line of playlist.split('\n').map((l) => l.trim()).filter(Boolean)) {
    if (line === '#EXT-X-DISCONTINUITY') discontinuity = true;
    if (line.startsWith('#')) continue;
    entries.push({ time: Number(/-(\d+)\.ts$/.exec(line)?.[1] ?? 0), afterDiscontinuity: discontinuity });
    discontinuity = false;
  }
  return entries.findIndex((e, k) => e.time >= publishedAt || (e.time >= publishedAt - marginMs && (e.afterDiscontinuity || k === 0)));
}

/** When each recorder's runs ended, by engine row: the worker stops a recorder whose run ended after its broadcast. */
export type RunEnds = Map<number, number>;

/** The file the recorder of a run writes; each new run first moves the last one aside as a part. */
export const CURRENT_PART = 'current.mp4';
const PART_RE = /^part-(\d+)\.mp4$/;

/** Where a recording's parts are written: on the library's file system, so the result goes in with a rename. */
export const recordingDir = (dataDir: string, id: number): string => path.join(path.resolve(dataDir), 'storage', '.recordings', String(id));

/** The parts of a recording in the order they were written (the one being written last). */
export async function partsOf(dir: string): Promise<string[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const parts = names.map((n) => ({ n, m: PART_RE.exec(n) })).filter((x) => x.m).sort((a, b) => Number(a.m![1]) - Number(b.m![1])).map((x) => x.n);
  if (names.includes(CURRENT_PART)) parts.push(CURRENT_PART);
  return parts.map((n) => path.join(dir, n));
}

/**
 * A part cut short (its recorder killed, the disk full) ends in a fragment whose bytes are not
 * all there: the file is cut back to its last whole fragment (a `moof` with its `mdat`), so it
 * plays to that point without a broken frame. Returns the bytes dropped.
 */
export async function trimToWholeFragments(file: string): Promise<number> {
  const fh = await fs.open(file, 'r+');
  try {
    const size = (await fh.stat()).size;
    const head = Buffer.alloc(16);
    let at = 0;
    /** Where the last fragment that is whole ends (its moof's start when the mdat is missing). */
    let keep = 0;
    let moofAt = -1;
    while (at + 8 <= size) {
      await fh.read(head, 0, 16, at);
      let box = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      if (box === 1) box = Number(head.readBigUInt64BE(8));
      else if (box === 0) box = size - at;
      if (box < 8 || at + box > size) break;
      if (type === 'moof') moofAt = at;
      else if (type === 'mdat') moofAt = -1;
      at += box;
      if (moofAt < 0) keep = at;
    }
    if (keep >= size) return 0;
    await fh.truncate(keep);
    return size - keep;
  } finally {
    await fh.close();
  }
}

/** Bytes the recording's parts take on disk now. */
export async function bytesOf(dir: string): Promise<number> {
  let total = 0;
  for (const p of await partsOf(dir)) total += (await fs.stat(p).catch(() => null))?.size ?? 0;
  return total;
}

/**
 * The recorder's argv. It reads the channel's HLS playlist that nginx writes on this node's disk
 * (every frame nginx received is in its fragments, whenever the recorder joins: from the first
 * fragment of the broadcast, `startIndex` 0, or from the newest one, -1, after a restart), and
 * copies it without re-encoding into a fragmented MP4 (an empty moov first, then a fragment at
 * every keyframe and at least every 2 s), so whatever ends the run — SIGKILL, a full disk —
 * leaves a file that plays up to its last complete fragment. A playlist that stops growing (the
 * broadcast ended) ends the run by itself, after the file's end is written.
 */
export function recorderArgs(p: { playlist: string; output: string; startIndex: number }): string[] {
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error',
    '-progress', 'pipe:1', '-stats_period', '1',
    '-protocol_whitelist', 'file', '-f', 'hls', '-live_start_index', String(p.startIndex), '-m3u8_hold_counters', String(HOLD_RELOADS),
    '-i', p.playlist,
    // MPEG-TS carries AAC with ADTS headers; MP4 wants them out
    '-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-bsf:a', 'aac_adtstoasc',
    '-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '2000000',
    '-y', '--', p.output,
  ];
}

/**
 * The engine's child of a 'recording' row. Before every run (the first, a restart after the
 * recorder died, a resume after a drop) the file of the previous run becomes the next part, so
 * nothing already written is overwritten; the first run of a broadcast starts at its first
 * fragment, a later one at the newest (what the previous run wrote is kept).
 */
export function recorderChild(deps: { db: Db; repo: RecordingsRepo; config: Config; runEnds: RunEnds }): ChildFactory {
  const { db, repo, config, runEnds } = deps;
  return async (row) => {
    const rec = await repo.byProcess(db, row.id);
    if (!rec) throw new AppError('not_found');
    const dir = recordingDir(config.dataDir, rec.id);
    const output = path.join(dir, CURRENT_PART);
    const playlist = path.join(path.resolve(config.dataDir), 'hls', `${rec.stream_name}.m3u8`);
    const args = recorderArgs({ playlist, output, startIndex: 0 });
    const startIndexAt = args.indexOf('-live_start_index') + 1;
    // a row that ran before (a worker restarted meanwhile: its runs leave a mark in the recording's
    // folder) continues at the newest fragment; what the earlier runs wrote is kept as parts
    const ran = path.join(dir, `.run-${row.id}`);
    let produced = !!row.started_at;
    let spawned = false;
    return {
      command: config.media.ffmpegBin,
      args,
      redact: (t) => t,
      progress: outputProgress,
      // a full disk will not pass by retrying: the recording stops and keeps what it has
      permanent: (tail) => (diskFullIn(tail) ? new AppError('recording_disk_full') : null),
      attach: () => () => void runEnds.set(row.id, Date.now()),
      async prepare() {
        await fs.mkdir(dir, { recursive: true });
        if (await fs.stat(ran).then(() => true, () => false)) produced = true;
        const st = await fs.stat(output).catch(() => null);
        if (st && st.size > 0 && spawned) produced = true;
        if (st && st.size === 0) await fs.rm(output, { force: true });
        else if (st) {
          const numbers = (await partsOf(dir)).map((p) => Number(PART_RE.exec(path.basename(p))?.[1] ?? 0));
          const next = Math.max(0, ...numbers) + 1;
          await fs.rename(output, path.join(dir, `part-${String(next).padStart(4, '0')}.mp4`));
        }
        const written = async () => (await fs.stat(playlist).catch(() => null))?.mtimeMs ?? 0;
        const until = Date.now() + (produced ? PLAYLIST_WAIT_MS : FIRST_FRAGMENT_WAIT_MS);
        if (!produced) {
          // nginx goes on with the same playlist after a drop: this broadcast begins at its first
          // fragment opened after the publish (fragment names carry the time they were opened)
          // (a part taken up later in the same broadcast, OBS back from its standby signal, at the recorder's
          // own start; a recording chosen while on air is created starting at its broadcast's start)
          const since = Math.max(rec.broadcast_started_at ? Date.parse(rec.broadcast_started_at) : 0, Date.parse(row.start_at));
          let first = -1;
          while ((first = firstFragmentSince(await fs.readFile(playlist, 'utf8').catch(() => ''), since, FRAGMENT_CLOCK_MARGIN_MS)) < 0 && Date.now() < until) {
            await new Promise((r) => setTimeout(r, 200));
          }
          if (first < 0) throw new AppError('recording_no_fragments');
          // the args are read at each spawn
          args[startIndexAt] = String(first);
        } else {
          args[startIndexAt] = '-1';
          // after a run that ended: only when new fragments came
          const since = runEnds.get(row.id) ?? 0;
          while (Date.now() < until && (await written()) <= since) await new Promise((r) => setTimeout(r, 200));
          // the last run copied everything and nothing came since: the broadcast is over (or stalled),
          // the row ends here and the worker decides (recordings.worker.ts); a rerun would copy the last fragment twice
          if ((await written()) <= since) throw new AppError('recording_no_new_fragments');
        }
        spawned = true;
        await fs.writeFile(ran, '');
      },
    };
  };
}
