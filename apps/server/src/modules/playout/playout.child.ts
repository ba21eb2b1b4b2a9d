import fs from 'node:fs';
import path from 'node:path';
import { isPlaylistCandidate, msg } from '@painel/contract';
import { concatList, playableFacts, playoutArgs, probeArgs, slotName, SLOTS, type PlayableFacts } from '@painel/media/playout';
import type { Config } from '../../platform/config.ts';
import { nowIso, type Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { execCapture } from '../../platform/exec.ts';
import type { ChildFactory } from '../engine/engine.ts';
import { outputProgress } from '../engine/output-progress.ts';
import { channelPublishUrl, hidePublishTokens } from '../channel/sources.ts';
import type { Library } from '../library/library.ts';
import { ownerOfAccount } from '../library/library.ts';
import type { AccountRow } from '../accounts/accounts.repo.ts';
import { START, next, type Cursor, type Entry, type PlanInputs, type Source } from './plan.ts';
import type { PlayoutRepo } from './playout.repo.ts';

export const parseCursor = (json: string): Cursor => {
  try {
    return { ...START, ...(JSON.parse(json) as Partial<Cursor>) };
  } catch {
    return START;
  }
};

interface Planned {
  item: Entry & { commercial: boolean };
  file: string;
  facts: PlayableFacts;
  before: Cursor;
  after: Cursor;
}
type Plan = Planned | { end: 'empty' | 'broken' };

/**
 * What ffprobe said about a file, by path and identity (inode, size, mtime): a looping
 * playlist probes each video once, not once per pass. Shared by every channel of the worker.
 */
const known = new Map<string, PlayableFacts>();
const KNOWN_MAX = 10_000;

const POLL_MS = 250;
const SAVE_EVERY_MS = 5000;
const CHECK_EDITS_MS = 1000;
/** A slot due this soon is left as it is: ffmpeg may be opening it. */
const DUE_MARGIN_S = 1;
/** Slots kept linked after the one on air. */
const AHEAD = 2;

/**
 * The worker's playout of one playlist broadcast. One ffmpeg per channel reads a looping
 * concat list of slots; this side points each slot at the next video just before it is
 * due (a hard link, so a video deleted while on air still plays to its end), sees which slot
 * ffmpeg has open through /proc, and records every video it plays or skips. Each video is
 * checked with ffprobe first: a missing or broken file is skipped and reported, never
 * handed to ffmpeg. Videos whose codec set-up differs from the session's end it at that
 * point, and the next run starts with them (a player sees one discontinuity there).
 */
export function playoutChild(deps: {
  db: Db; repo: PlayoutRepo; config: Config; library: Library;
  accountOf: (userId: number) => Promise<AccountRow | undefined>;
  ffprobeBin?: string;
  log?: (m: string) => void;
}): ChildFactory {
  const { db, repo, config, library } = deps;
  const log = deps.log ?? ((m: string) => console.log(`[playout] ${m}`));
  const ffprobe = deps.ffprobeBin ?? process.env.FFPROBE_PATH ?? 'ffprobe';

  async function facts(file: string): Promise<PlayableFacts | null> {
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (!st?.isFile()) return null;
    const key = `${file}|${st.ino}|${st.size}|${st.mtimeMs}`;
    const seen = known.get(key);
    if (seen) return seen;
    const r = await execCapture(ffprobe, probeArgs(file), { timeoutMs: 15_000 });
    const f = r.code === 0 ? playableFacts(r.stdout) : null;
    if (f) {
      if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value!);
      known.set(key, f);
    }
    return f;
  }

  return async (row) => {
    const po0 = await repo.byProcess(db, row.id);
    if (!po0) throw new AppError('playlist_not_found');
    const account = await deps.accountOf(row.user_id);
    if (!account) throw new AppError('not_found');
    const owner = ownerOfAccount(account);
    const dir = path.join(config.dataDir, 'playout', String(row.id));
    const list = path.join(dir, 'list.ffconcat');
    const destination = channelPublishUrl(config, account.usuario, 'playout', row.id);
    const playlistIds = [po0.playlist_id, po0.ending_playlist_id].filter((x): x is number => x !== null);
    const files = new Map<number, string>();

    async function source(playlistId: number | null): Promise<Source | null> {
      if (playlistId === null) return null;
      const entries = await repo.entries(db, playlistId);
      for (const e of entries) files.set(e.videoId, library.storage.filePath(owner.login, e.pasta, e.arquivo));
      const ads = await repo.commercialsOf(db, playlistId);
      let commercials: Source['commercials'] = null;
      if (ads) {
        const videos = (await repo.folderVideos(db, ads.folder_id))
          .filter((v) => isPlaylistCandidate(library.videos.present(v, v.pasta, owner), owner.bitrate));
        for (const v of videos) files.set(v.id, library.storage.filePath(owner.login, v.pasta, v.arquivo));
        commercials = { every: ads.intervalo, count: ads.quantidade, videos: videos.map((v) => ({ videoId: v.id, nome: v.nome })) };
      }
      return { entries: entries.map((e) => ({ videoId: e.videoId, nome: e.nome })), commercials };
    }

    async function inputs(): Promise<PlanInputs> {
      const po = await repo.byProcess(db, row.id);
      return {
        main: (await source(po?.playlist_id ?? null)) ?? { entries: [], commercials: null },
        ending: await source(po?.ending_playlist_id ?? null),
        loop: po ? po.loop === 1 : true,
        shuffleSeed: po?.shuffle ? row.id : null,
      };
    }

    /** The next playable video from `from`; missing or broken files are skipped and recorded. */
    async function plan(from: Cursor): Promise<Plan> {
      const inp = await inputs();
      const distinct = new Set([...inp.main.entries, ...(inp.ending?.entries ?? [])].map((e) => e.videoId)).size;
      const ads = (inp.main.commercials?.videos.length ?? 0) + (inp.ending?.commercials?.videos.length ?? 0);
      let c = from;
      for (let tries = 0; tries <= distinct + ads + 1; tries++) {
        const step = next(c, inp);
        if ('end' in step) return { end: 'empty' };
        const file = files.get(step.item.videoId);
        const f = file ? await facts(file) : null;
        if (file && f) return { item: step.item, file, facts: f, before: c, after: step.after };
        const reason = file && fs.existsSync(file) ? msg.playoutBrokenFile : msg.playoutMissingFile;
        log(`${row.id}: "${step.item.nome}" ignorado (${reason})`);
        await repo.addPlay(db, { process_id: row.id, video_id: step.item.videoId, nome: step.item.nome, comercial: step.item.commercial, skipped: reason, at: nowIso() });
        c = step.after;
      }
      return { end: distinct ? 'broken' : 'empty' };
    }

    // one run of ffmpeg
    let slots = new Map<number, Planned>();
    let linked = -1;
    let open = -1;
    let format = '';
    let boundary: Planned | null = null;
    let itemStart = 0;
    let inpoint = 0;
    let version = '';
    let busy: Promise<void> = Promise.resolve();

    const slotPath = (k: number) => path.join(dir, slotName(k));
    function link(k: number, p: Planned): void {
      const to = slotPath(k);
      const tmp = `${to}.tmp`;
      fs.rmSync(tmp, { force: true });
      try {
        fs.linkSync(p.file, tmp);
      } catch {
        fs.symlinkSync(p.file, tmp); // another file system: a link to the name still plays
      }
      fs.renameSync(tmp, to);
      slots.set(k, p);
      linked = Math.max(linked, k);
    }

    /**
     * Up to `count` playable videos after `from` in this run's format; `stop` is the first one of
     * another format (the run ends before it). Fewer when nothing playable follows.
     */
    async function following(from: Cursor, count: number): Promise<{ fresh: Planned[]; stop: Planned | null }> {
      const fresh: Planned[] = [];
      for (let at = from; fresh.length < count;) {
        const p = await plan(at);
        if ('end' in p) break; // nothing playable after this one: the run ends with it
        if (p.facts.format !== format) return { fresh, stop: p };
        fresh.push(p);
        at = p.after;
      }
      return { fresh, stop: null };
    }

    /** Keeps the next AHEAD slots pointed at what comes after the video on air. */
    async function ahead(): Promise<void> {
      const last = slots.get(linked);
      const want = Math.max(open, 0) + AHEAD - linked;
      if (boundary || !last || want <= 0) return;
      const { fresh, stop } = await following(last.after, want);
      for (const p of fresh) link(linked + 1, p);
      boundary = stop;
    }

    /** The last slot that stays as it is: the one on air, and the next one too when it is due now. */
    function keepFrom(): number {
      const cur = slots.get(open)!;
      const dueIn = cur.facts.duration - inpointOf(open) - (Date.now() - itemStart) / 1000;
      return dueIn < DUE_MARGIN_S ? open + 1 : open;
    }

    /**
     * Planned slots that are not due yet follow an edited playlist or library. Everything is
     * planned (and probed) first, then each slot is replaced in one rename: a slot is never
     * missing while ffmpeg may open it, so an edit never ends the run by accident. False when
     * ffmpeg moved on while this was planning: the next check plans again.
     */
    async function replan(): Promise<boolean> {
      if (!slots.get(open)) return true;
      const keep = keepFrom();
      const base = slots.get(keep);
      if (!base) return true; // the run ends after the video on air (a new format follows): nothing to change
      const at = open;
      const { fresh, stop } = await following(base.after, at + AHEAD - keep);
      if (open !== at || keepFrom() !== keep) return false;
      const before = linked;
      linked = keep;
      boundary = stop;
      fresh.forEach((p, i) => link(keep + 1 + i, p));
      // slots planned before the edit and not planned now: the run ends there (a new format) or ahead() refills them
      for (let k = linked + 1; k <= before; k++) {
        slots.delete(k);
        fs.rmSync(slotPath(k), { force: true });
      }
      await ahead();
      return true;
    }

    const inpointOf = (k: number) => (k === 0 ? inpoint : 0);

    async function onOpen(k: number): Promise<void> {
      const p = slots.get(k);
      if (!p) return;
      open = k;
      itemStart = Date.now();
      for (const old of [...slots.keys()]) {
        if (old < k) {
          slots.delete(old);
          if (old + SLOTS > linked) fs.rmSync(slotPath(old), { force: true });
        }
      }
      const at = nowIso();
      await repo.videoStarted(db, row.id, {
        cursor: JSON.stringify(p.before), current_video_id: p.item.videoId, current_name: p.item.nome,
        current_commercial: p.item.commercial ? 1 : 0, current_started_at: at, current_offset: inpointOf(k),
      });
      await repo.addPlay(db, { process_id: row.id, video_id: p.item.videoId, nome: p.item.nome, comercial: p.item.commercial, skipped: null, at });
      await ahead();
    }

    /** Which slot ffmpeg reads now, from its open files. */
    function openSlot(pid: number): number | null {
      let names: string[];
      try {
        names = fs.readdirSync(`/proc/${pid}/fd`);
      } catch {
        return null;
      }
      for (const fd of names) {
        let target = '';
        try {
          target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          continue;
        }
        if (path.dirname(target) !== dir) continue;
        const m = /^slot-(\d+)\.mp4$/.exec(path.basename(target));
        if (!m) continue;
        const i = Number(m[1]);
        // the planned slot with that name, the earliest not yet passed
        const k = [...slots.keys()].filter((x) => x >= open && ((x % SLOTS) + SLOTS) % SLOTS === i).sort((a, b) => a - b)[0];
        if (k !== undefined) return k;
      }
      return null;
    }

    /** Where the next run starts: the video on air from where it was, or the one after it. */
    async function saveResume(): Promise<void> {
      const cur = slots.get(open);
      if (!cur) return;
      const at = inpointOf(open) + (Date.now() - itemStart) / 1000;
      if (at >= cur.facts.duration - 1.5) {
        await repo.update(db, row.id, { cursor: JSON.stringify(cur.after), current_video_id: null, current_offset: 0 });
      } else {
        await repo.update(db, row.id, { current_offset: at });
      }
    }

    async function prepare(): Promise<void> {
      await busy;
      const po = await repo.byProcess(db, row.id);
      if (!po) throw new AppError('playlist_not_found');
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      slots = new Map();
      linked = -1;
      open = -1;
      boundary = null;
      const first = await plan(parseCursor(po.cursor));
      if ('end' in first) throw new AppError(first.end === 'broken' ? 'playlist_all_broken' : 'playlist_empty');
      const same = first.item.videoId === po.current_video_id && first.item.commercial === (po.current_commercial === 1);
      inpoint = same && po.current_offset > 1 && po.current_offset < first.facts.duration - 2 ? po.current_offset : 0;
      format = first.facts.format;
      link(0, first);
      fs.writeFileSync(list, concatList(inpoint));
      version = await repo.version(db, playlistIds);
      await ahead();
    }

    const serial = (f: () => Promise<void>) => {
      busy = busy.then(f).catch((e: Error) => log(`${row.id}: ${e.message}`));
      return busy;
    };

    return {
      command: config.media.ffmpegBin,
      args: playoutArgs({ list, destination, localHost: config.media.rtmpLocalHost }),
      redact: hidePublishTokens,
      progress: outputProgress,
      permanent: () => null,
      // the list ran out or the next slot was left empty on purpose (a video of another format
      // follows): ffmpeg ended the stream cleanly and the next run continues the broadcast
      planned: (code) => code === 0,
      prepare,
      attach: (pid) => {
        let lastSave = Date.now();
        let lastCheck = Date.now();
        const timer = setInterval(() => {
          void serial(async () => {
            const k = openSlot(pid);
            if (k !== null && k !== open) await onOpen(k);
            // the next slots, again when planning them failed (the database away for a moment)
            await ahead();
            if (Date.now() - lastCheck >= CHECK_EDITS_MS) {
              lastCheck = Date.now();
              const v = await repo.version(db, playlistIds);
              if (v !== version && (await replan())) version = v;
            }
            if (open >= 0 && Date.now() - lastSave >= SAVE_EVERY_MS) {
              lastSave = Date.now();
              await repo.update(db, row.id, { current_offset: inpointOf(open) + (Date.now() - itemStart) / 1000 });
            }
          });
        }, POLL_MS);
        return () => {
          clearInterval(timer);
          void serial(saveResume);
        };
      },
    };
  };
}
