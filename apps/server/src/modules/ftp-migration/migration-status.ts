import type { MigrationStatus } from '@painel/contract';
import { parseJson, type JobRow } from '../../platform/jobs.ts';
import { toMb } from '../../platform/units.ts';

/** What the migration job writes as it goes (the job row's `detail`); also what a retried job resumes from. */
export interface MigrationDetail {
  total: number;
  /** Files processed, in order: the first `completed` files are done (migrated or refused). */
  completed: number;
  migrated: number;
  video_ids: number[];
  errors: string[];
  total_bytes: number;
  done_bytes: number;
  /** Epoch ms of the first attempt's start. */
  started_at: number;
  current: string | null;
}

/** The job's result: the videos that arrived and, when it stopped early, why. */
export interface MigrationResult {
  video_ids: number[];
  migrated: number;
  failed: number;
  stopped: 'quota' | null;
}

const IDLE: MigrationStatus = {
  success: true, id: null, migrating: false, status: 'idle', completed: 0, total: 0, migrated: 0, total_size: 0, transferred_size: 0,
  progress: 0, uptime: 0, estimated_remaining: null, errors: [], current: null,
};

/**
 * The status call's answer from the account's latest migration job. A job being cancelled
 * already reads as idle: its worker stops it within a second or two and its row goes.
 *
 * completed: every file was tried and at least one arrived (refused files are listed in
 * errors). error: the job failed (server unreachable, login refused), was stopped by the
 * plan's storage, or not one file arrived.
 */
export function migrationStatusOf(job: JobRow | undefined, now: number): MigrationStatus {
  if (!job || job.cancel) return IDLE;
  const d = parseJson<Partial<MigrationDetail>>(job.detail, {});
  const result = parseJson<Partial<MigrationResult> | null>(job.result, null);
  const migrating = job.state === 'queued' || job.state === 'running';
  const total = d.total ?? 0;
  const completed = d.completed ?? 0;
  const migrated = d.migrated ?? 0;
  const errors = [...(d.errors ?? []), ...(job.error ? [job.error] : [])];
  const failed = job.state === 'failed' || result?.stopped != null || (total > 0 && migrated === 0);
  const startedAt = d.started_at ?? Date.parse(job.created_at);
  const endedAt = migrating ? now : Date.parse(job.finished_at ?? job.updated_at);
  const elapsedS = Math.max(0, (endedAt - startedAt) / 1000);
  const totalBytes = d.total_bytes ?? 0;
  const doneBytes = Math.min(d.done_bytes ?? 0, totalBytes || Infinity);
  return {
    success: true,
    id: job.id,
    migrating,
    status: migrating ? 'migrating' : failed ? 'error' : 'completed',
    completed,
    total,
    migrated,
    total_size: toMb(totalBytes),
    transferred_size: toMb(doneBytes),
    progress: migrating ? job.progress : job.state === 'done' ? 100 : job.progress,
    uptime: Math.round(elapsedS),
    estimated_remaining: migrating ? remainingMinutes({ elapsedS, totalBytes, doneBytes, total, completed }) : 0,
    errors,
    current: migrating ? (d.current ?? null) : null,
  };
}

/** Minutes left at the rate so far: by bytes when the sizes are known, else by files; null until there is a rate. */
export function remainingMinutes(p: { elapsedS: number; totalBytes: number; doneBytes: number; total: number; completed: number }): number | null {
  if (p.elapsedS <= 0) return null;
  let seconds: number;
  if (p.totalBytes > 0 && p.doneBytes > 0) seconds = ((p.totalBytes - p.doneBytes) * p.elapsedS) / p.doneBytes;
  else if (p.completed > 0) seconds = ((p.total - p.completed) * p.elapsedS) / p.completed;
  else return null;
  // a tenth of a minute: the page tells "less than a minute" from "about one"
  return Math.max(0, Math.ceil(seconds / 6) / 10);
}
