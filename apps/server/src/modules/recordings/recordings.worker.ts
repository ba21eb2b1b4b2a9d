import fs from 'node:fs/promises';
import path from 'node:path';
import { RECORDINGS_FOLDER, VIDEO_NAME_MAX, effectiveUserId } from '@painel/contract';
import type { Config } from '../../platform/config.ts';
import { isDatabaseUnavailable, nowIso, type Db } from '../../platform/db.ts';
import { ensureReserve } from '../../platform/disk-space.ts';
import { isDiskFull } from '../../platform/disk-full.ts';
import { AppError } from '../../platform/errors.ts';
import { execCapture } from '../../platform/exec.ts';
import { eachIsolated } from '../../platform/isolate.ts';
import { formatZoned } from '../../platform/zoned-time.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { Processes } from '../engine/processes.service.ts';
import { ownerOfAccount, type Library, type Owner } from '../library/library.ts';
import type { Prober } from '../library/prober.ts';
import type { Reservation } from '../library/quota.ts';
import { bytesOf, partsOf, recordingDir, trimToWholeFragments, type RunEnds } from './recorder.ts';
import type { RecordingRow, RecordingsRepo } from './recordings.repo.ts';

const MB = 1024 * 1024;
/** Room kept ahead of what is written: at least this much, and twice what one pass wrote. */
const HEADROOM_BYTES = 2 * MB;
/** A recorder that ended while its broadcast goes on is replaced at most this often. */
const RETAKE_MS = 10_000;
/** The most a recorder drains after its broadcast ended. */
const DRAIN_MAX_MS = 20_000;
/** Joining the parts is a copy of the bytes: generous, and still an end. */
const JOIN_TIMEOUT_MS = 30 * 60_000;

type NodeRecording = Awaited<ReturnType<RecordingsRepo['ofNode']>>[number];

/** `Culto de domingo 26-11-2026 10h07.mp4`: the title and the start in the account's zone, a valid library name. */
export function recordingName(titulo: string, startedAt: string, timeZone: string): string {
  const when = formatZoned(startedAt, timeZone).replace(/\//g, '-').replace(':', 'h');
  const clean = titulo.replace(/[/\\]/g, '-').replace(/\s+/g, ' ').trim().slice(0, VIDEO_NAME_MAX - when.length - 6).trim();
  return `${clean || 'Gravação'} ${when}.mp4`;
}

/**
 * The worker's half of recordings, run every pass for the node's recordings:
 * - while one records, its bytes count against the plan (a reservation like an upload's, grown
 *   ahead of what is written); when the plan or the server's disk has no more room the recorder
 *   is stopped — the live goes on — and what was written is kept;
 * - when its recorder ends (the broadcast dropped) it waits the resume gap (RECORDING_GAP_SECONDS) for the
 *   broadcast to come back (the ingest callback continues it), then the parts are joined with
 *   the concat demuxer (`-c copy`, faststart) and the MP4 goes into 'Gravações' through the
 *   library's own import (probe, quota, row), and the working folder goes.
 */
export function createRecordingsWorker(deps: {
  db: Db; repo: RecordingsRepo; config: Config; library: Library; accounts: AccountsService; processes: Processes;
  activity: ActivityService; probe: Prober; nodeId: number; log: (line: string) => void;
  /** When each recorder's runs ended (recorder.ts). */
  runEnds: RunEnds;
  /** The resume gap (RECORDING_GAP_SECONDS; tests shorten it). */
  gapMs: number;
}) {
  const { db, repo, config, library, log } = deps;
  const { gapMs } = deps;
  const reservations = new Map<number, { res: Reservation; bytes: number }>();
  const joining = new Set<number>();
  const ffmpeg = config.media.ffmpegBin;
  const ffprobeBin = process.env.FFPROBE_PATH ?? 'ffprobe';

  async function ownerOf(r: RecordingRow): Promise<Owner | null> {
    const account = await deps.accounts.byLogin(r.stream_name.replace(/_live$/, ''));
    return account && effectiveUserId(account) === r.user_id ? ownerOfAccount(account) : null;
  }

  async function release(id: number): Promise<void> {
    const held = reservations.get(id);
    reservations.delete(id);
    await held?.res.release().catch(() => undefined);
  }

  /** The plan or the disk has no room left: the recorder stops, the broadcast goes on. */
  async function stopEarly(r: NodeRecording, reason: 'quota' | 'disk_full', owner: Owner): Promise<void> {
    const moved = await db.transaction().execute(async (tx) => {
      if (r.process_id) await deps.processes.stop(tx, r.user_id, r.process_id);
      return repo.move(tx, r.id, 'recording', { state: 'finishing', stop_reason: reason, updated_at: nowIso() });
    });
    if (!moved) return;
    log(`gravação ${r.id}: parada (${reason === 'quota' ? 'espaço do plano' : 'disco cheio'}); a transmissão continua`);
    await deps.activity.record(r.user_id, reason === 'quota' ? 'recording_quota' : 'recording_disk_full', String(owner.espaco));
  }

  async function watch(r: NodeRecording): Promise<void> {
    const owner = await ownerOf(r);
    if (!owner) return;
    const dir = recordingDir(config.dataDir, r.id);
    const bytes = await bytesOf(dir);
    if (bytes !== Number(r.bytes)) await repo.update(db, r.id, { bytes });
    let held = reservations.get(r.id);
    try {
      await ensureReserve(config);
      if (!held) {
        held = { res: await library.quota.open(owner, 0), bytes };
        reservations.set(r.id, held);
      }
      const grown = Math.max(0, bytes - held.bytes);
      held.bytes = bytes;
      await held.res.ensure(bytes + Math.max(HEADROOM_BYTES, 2 * grown));
    } catch (e) {
      if (e instanceof AppError && e.status === 413) return stopEarly(r, 'quota', owner);
      if ((e instanceof AppError && e.code === 'disk_full') || isDiskFull(e)) return stopEarly(r, 'disk_full', owner);
      throw e;
    }
  }

  /** Runs ffmpeg to its end (an argv array); the last error lines on failure. */
  async function ffmpegRun(args: string[]): Promise<void> {
    const r = await execCapture(ffmpeg, ['-nostdin', '-hide_banner', '-loglevel', 'error', ...args], { timeoutMs: JOIN_TIMEOUT_MS });
    if (r.code !== 0) throw Object.assign(new Error(r.stderr.trim().split('\n').slice(-3).join(' | ') || `ffmpeg ${r.code}`), { stderr: r.stderr });
  }

  /** When a part's first frame is (ffprobe's start_time; 0 when unknown). */
  async function startOf(file: string): Promise<number> {
    const r = await execCapture(ffprobeBin, ['-v', 'error', '-show_entries', 'format=start_time', '-of', 'csv=p=0', file], { timeoutMs: 30_000 });
    const t = Number(r.stdout.trim());
    return Number.isFinite(t) && t > 0 ? t : 0;
  }

  async function fail(r: RecordingRow, code: 'recording_empty' | 'recording_not_saved', dir: string): Promise<void> {
    await repo.move(db, r.id, 'finishing', { state: 'failed', error: code, ended_at: nowIso(), updated_at: nowIso() });
    await release(r.id);
    await fs.rm(dir, { recursive: true, force: true });
  }

  /** Joins the parts into one MP4 and puts it in the library ('Gravações'); idempotent, so another worker may redo it. */
  async function join(r: NodeRecording): Promise<void> {
    const dir = recordingDir(config.dataDir, r.id);
    const owner = await ownerOf(r);
    if (!owner) return fail(r, 'recording_not_saved', dir);
    // what plays: a part killed before its first fragment has nothing
    const parts: { file: string; start: number }[] = [];
    for (const p of await partsOf(dir)) {
      const cut = await trimToWholeFragments(p);
      if (cut) log(`gravação ${r.id}: ${path.basename(p)} terminava num fragmento incompleto (${cut} bytes deixados de fora)`);
      const facts = await deps.probe(p, 'mp4').catch(() => null);
      if (facts && facts.durationS >= 1) parts.push({ file: p, start: await startOf(p) });
    }
    if (!parts.length) {
      log(`gravação ${r.id}: nenhuma imagem gravada`);
      return fail(r, 'recording_empty', dir);
    }
    const list = path.join(dir, 'parts.txt');
    // a part of a resumed broadcast starts where nginx's timestamps were (they go on across a
    // drop): each part is taken from its own start, so the next one follows it without a hole
    await fs.writeFile(list, parts.map((p) => `file '${p.file.replace(/'/g, `'\\''`)}'\n${p.start > 0 ? `inpoint ${p.start}\n` : ''}`).join(''));
    const joined = path.join(dir, 'joined.mp4');
    try {
      await ffmpegRun(['-f', 'concat', '-safe', '0', '-i', list, '-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-movflags', '+faststart', '-y', joined]);
    } catch (e) {
      log(`gravação ${r.id}: partes não unidas: ${(e as Error).message}`);
      if (isDiskFull(e) || /No space left/i.test(String((e as { stderr?: string }).stderr ?? ''))) return; // tried again when the disk has room
      return fail(r, 'recording_not_saved', dir);
    }
    const folder = (await library.folders.byName(owner, RECORDINGS_FOLDER))
      ?? (await library.folders.create(owner, RECORDINGS_FOLDER).catch(async (e: unknown) => {
        const again = await library.folders.byName(owner, RECORDINGS_FOLDER);
        if (again) return again;
        throw e;
      }));
    const nome = recordingName(r.titulo, r.started_at, await repo.timeZone(db, r.user_id));
    const size = (await fs.stat(joined)).size;
    // the recording's reservation gives way to the import's own, for the real size
    await release(r.id);
    let video;
    try {
      video = await library.videos.importFile(owner, folder.id, joined, nome);
    } catch (e) {
      if (!(e instanceof AppError && e.status === 413)) throw e;
      // the last seconds went past the plan: what fits is kept, cut at a fragment
      const room = await library.quota.room(owner);
      if (room.bytes < MB) return fail(r, 'recording_not_saved', dir);
      const cut = path.join(dir, 'cut.mp4');
      await ffmpegRun(['-i', joined, '-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-fs', String(Math.floor(room.bytes * 0.9)), '-movflags', '+faststart', '-y', cut]);
      video = await library.videos.importFile(owner, folder.id, cut, nome);
    }
    const at = nowIso();
    await repo.move(db, r.id, 'finishing', { state: 'done', video_id: video.id, bytes: size, ended_at: at, updated_at: at });
    await fs.rm(dir, { recursive: true, force: true });
    await deps.activity.record(r.user_id, 'recording_saved', video.nome);
    log(`gravação ${r.id}: salva em ${RECORDINGS_FOLDER} como "${video.nome}"`);
  }

  async function step(r: NodeRecording, now: number): Promise<void> {
    if (r.state === 'recording') {
      if (r.process_desired === 'running') {
        await watch(r);
        if (r.transmission_status !== 'ended' && r.transmission_status !== null) return;
        // the broadcast is over: the recorder still copies nginx's last fragments and ends by itself
        // once the playlist stops growing; then (or after DRAIN_MAX_MS) its row is stopped
        const endedAt = r.transmission_ended_at ? Date.parse(r.transmission_ended_at) : now;
        const runEnded = r.process_id !== null && (deps.runEnds.get(r.process_id) ?? 0) > endedAt;
        if (!runEnded && now - endedAt < DRAIN_MAX_MS) return;
        if (r.process_id) {
          const id = r.process_id;
          await db.transaction().execute((tx) => deps.processes.stop(tx, r.user_id, id));
        }
        return;
      }
      // the recorder's row ended: its broadcast ended, it failed, or the disk filled up
      const diskFull = r.process_state === 'error' && r.process_error_code === 'recording_disk_full';
      if (diskFull) {
        const owner = await ownerOf(r);
        if (await repo.move(db, r.id, 'recording', { state: 'finishing', stop_reason: 'disk_full', updated_at: nowIso() }) && owner) {
          await deps.activity.record(r.user_id, 'recording_disk_full', String(owner.espaco));
        }
        return;
      }
      if (r.transmission_status === 'live' && r.process_state === 'error' && !r.stop_reason) {
        // the recorder ended while its broadcast goes on (OBS stalled for a moment): a new one continues
        // the recording (at most one every RETAKE_MS, for a recorder that keeps failing)
        if (now - Date.parse(r.updated_at) < RETAKE_MS) return;
        await db.transaction().execute(async (tx) => {
          const proc = await deps.processes.create(tx, { userId: r.user_id, nodeId: r.node_id, kind: 'recording', startAt: now, endAt: null, transmissionId: null });
          await repo.update(tx, r.id, { process_id: proc.id, updated_at: nowIso() });
        });
        return;
      }
      await repo.move(db, r.id, 'recording', { state: 'paused', resume_until: new Date(now + gapMs).toISOString(), updated_at: nowIso() });
      return;
    }
    if (r.state === 'paused') {
      if (r.resume_until && Date.parse(r.resume_until) <= now) await repo.move(db, r.id, 'paused', { state: 'finishing', updated_at: nowIso() });
      return;
    }
    // finishing: once its recorder is gone (it writes the last fragment as it stops)
    if (r.process_desired === 'running' || r.process_pid !== null || joining.has(r.id)) return;
    joining.add(r.id);
    void join(r)
      .catch((e: unknown) => {
        if (!isDatabaseUnavailable(e)) log(`gravação ${r.id}: ${(e as Error).message}`);
      })
      .finally(() => joining.delete(r.id));
  }

  return {
    async pass(now = Date.now()): Promise<void> {
      const rows = await repo.ofNode(db, deps.nodeId);
      await eachIsolated(rows, (r) => step(r, now), (r, why) => log(`gravação ${r.id}: ${why}`));
      // reservations of recordings no longer recording
      const recording = new Set(rows.filter((r) => r.state === 'recording').map((r) => r.id));
      for (const id of [...reservations.keys()]) if (!recording.has(id) && !rows.some((r) => r.id === id)) await release(id);
    },
    /** Joins still under way (tests wait for them). */
    busy: (): number => joining.size,
  };
}
export type RecordingsWorker = ReturnType<typeof createRecordingsWorker>;
