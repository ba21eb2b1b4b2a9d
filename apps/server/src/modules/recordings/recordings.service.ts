import { errorText, type Recording, type RecordingState, type RecordingsResponse, type ServerErrorCode } from '@painel/contract';
import type { Auth } from '../../platform/auth.ts';
import { nowIso, type Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockPlan } from '../accounts/plan.ts';
import type { Processes } from '../engine/processes.service.ts';
import type { RecordingRow, RecordingsRepo } from './recordings.repo.ts';

/** How many recordings the list shows. */
const LIST_LIMIT = 20;

const STATE_NAMES: Record<RecordingRow['state'], RecordingState> = {
  recording: 'gravando', paused: 'pausada', finishing: 'finalizando', done: 'concluida', failed: 'falhou',
};

/** The code of a recording's notice: why it stopped early, or why it failed. */
function noticeOf(r: RecordingRow, limitMb: number): { code: ServerErrorCode; text: string } | null {
  const code: ServerErrorCode | null = r.stop_reason === 'quota' ? 'recording_quota_stopped'
    : r.stop_reason === 'disk_full' ? 'recording_disk_full'
      : (r.error as ServerErrorCode | null);
  if (!code) return null;
  return { code, text: code === 'recording_quota_stopped' ? errorText(code, { limitMb }) : errorText(code as 'recording_empty') };
}

/**
 * A recording a new broadcast continues: paused less than the gap ago, or still copying the last
 * fragments of the broadcast that just dropped.
 */
const continues = (r: RecordingRow, transmissionId: number): boolean =>
  (r.state === 'paused' && r.resume_until !== null && Date.parse(r.resume_until) > Date.now())
  || (r.state === 'recording' && r.transmission_id !== transmissionId && r.stop_reason === null);

/**
 * The API's half of recordings: the account's setting, each broadcast's choice, and the start
 * of a recording when OBS goes live (the ingest callback), which only writes rows — the worker of
 * the node runs the recorder (an engine row of kind 'recording', tied to the broadcast) and later
 * joins the parts into the library (recordings.worker.ts).
 */
export function createRecordingsService(deps: {
  db: Db; repo: RecordingsRepo; processes: Processes;
  /** The plan's storage left for the account, in bytes (a recording does not start on a full plan). */
  room: (userId: number) => Promise<{ bytes: number; limitMb: number } | null>;
  /** The resume gap (RECORDING_GAP_SECONDS; tests shorten it). */
  gapMs: number;
  /** Tells a node's worker to run its engine now: a recorder starts with its broadcast, not at the next pass. */
  wake?: (nodeId: number) => void;
  log?: (line: string) => void;
}) {
  const { db, repo, processes } = deps;
  const { gapMs } = deps;

  function view(r: RecordingRow, limitMb: number): Recording {
    const notice = noticeOf(r, limitMb);
    return {
      id: r.id, titulo: r.titulo, estado: STATE_NAMES[r.state], motivo_parada: r.stop_reason,
      aviso: notice?.text ?? null, codigo_aviso: notice?.code ?? null,
      iniciada_em: r.started_at, terminada_em: r.ended_at, tamanho: Number(r.bytes), video_id: r.video_id,
    };
  }

  return {
    config: async (auth: Auth) => ({ success: true as const, ativo: await repo.ativo(db, auth.userId) }),

    async setConfig(auth: Auth, ativo: boolean) {
      await repo.setAtivo(db, auth.userId, ativo, nowIso());
      return { success: true as const, ativo };
    },

    async list(auth: Auth): Promise<RecordingsResponse> {
      const rows = await repo.list(db, auth.userId, LIST_LIMIT);
      const open = await repo.unfinished(db, auth.userId);
      return { success: true, gravando: open.length > 0, gravacoes: rows.map((r) => view(r, auth.account.espaco)) };
    },

    /** The status's `obs_stream.recording`: a recorder of the account is on air. */
    recordingNow: (userId: number) => repo.recordingNow(db, userId),

    /** PUT /api/gravacoes/atual: records (or stops recording) the OBS broadcast on air now. */
    async setCurrent(auth: Auth, ativo: boolean): Promise<{ success: true; ativo: boolean }> {
      const t = await repo.obsOnAir(db, auth.userId);
      if (!t) throw new AppError('no_active_transmission');
      await this.choose(auth.userId, t.id, ativo, { nodeId: t.node_id, streamName: t.stream_name, titulo: t.titulo });
      return { success: true, ativo };
    },

    /**
     * `enable_recording` of POST /api/streaming/start for this broadcast (undefined: the account's
     * setting decides). A broadcast already on air starts (or stops being) recorded at once.
     */
    async choose(userId: number, transmissionId: number, gravar: boolean | undefined, live: { nodeId: number; streamName: string; titulo: string } | null): Promise<void> {
      if (gravar === undefined) return;
      await repo.setChoice(db, userId, transmissionId, gravar);
      if (!live) return;
      // chosen while on air: from what nginx still lists of the broadcast, not from its next fragment
      if (gravar) await this.onLive({ userId, transmissionId, nodeId: live.nodeId, streamName: live.streamName, titulo: live.titulo, fromStart: true });
      else await this.stopOf(userId, transmissionId);
    },

    /** Stops the recorder of a broadcast (its recording is joined into the library). */
    async stopOf(userId: number, transmissionId: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        for (const r of await repo.unfinished(tx, userId)) {
          if (r.transmission_id !== transmissionId || r.state !== 'recording') continue;
          if (r.process_id) await processes.stop(tx, userId, r.process_id);
          await repo.update(tx, r.id, { state: 'finishing', updated_at: nowIso() });
        }
      });
    },

    /**
     * OBS went live on broadcast `transmissionId` (called by the ingest callback once it accepted
     * the publish). Recorded when the broadcast's choice says so, or without a choice when the
     * account's setting is on. A recording paused less than the gap ago continues (a new part);
     * otherwise a new one starts. Never fails the publish: errors are logged.
     */
    /**
     * OBS dropped and its broadcast goes on with the standby signal (modules/fallback): the
     * recording pauses now, so the standby is not recorded, and OBS back within the gap continues it.
     */
    async onDrop(userId: number, transmissionId: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await lockPlan(tx, userId);
        const r = (await repo.unfinished(tx, userId)).find((x) => x.state === 'recording' && x.transmission_id === transmissionId);
        if (!r) return;
        if (r.process_id) await processes.stop(tx, userId, r.process_id);
        await repo.move(tx, r.id, 'recording', { state: 'paused', resume_until: new Date(Date.now() + gapMs).toISOString(), updated_at: nowIso() });
      });
    },

    async onLive(b: {
      userId: number; transmissionId: number; nodeId: number; streamName: string; titulo: string; source?: 'obs' | 'relay';
      /** The recorder begins at the broadcast's first fragment still listed, not at this publish's (a choice made on air). */
      fromStart?: boolean;
    }): Promise<void> {
      const { userId, transmissionId, nodeId, titulo } = b;
      const relay = b.source === 'relay';
      const choice = await repo.choice(db, userId, transmissionId);
      // a broadcast back within the gap continues its recording, whatever started it; a relay
      // (recorded only when chosen) continues only its own, after its source came back
      const resumable = (r: RecordingRow) => continues(r, transmissionId) && (!relay || r.transmission_id === transmissionId);
      const resumes = async () => (await repo.unfinished(db, userId)).some(resumable);
      if (!(relay ? choice === true || (await resumes()) : (choice ?? ((await repo.ativo(db, userId)) || (await resumes()))))) return;
      const room = await deps.room(userId);
      if (room && room.bytes <= 0) {
        deps.log?.(`conta ${userId}: gravação não iniciada, espaço do plano esgotado`);
        return;
      }
      const started = await db.transaction().execute(async (tx) => {
        // one decision at a time per account: two publishes never start two recordings
        await lockPlan(tx, userId);
        const open = await repo.unfinished(tx, userId);
        if (open.some((r) => r.state === 'recording' && r.transmission_id === transmissionId)) return false;
        const paused = open.find(resumable);
        // the previous broadcast's recorder may still be copying its last fragments: this one takes over
        if (paused?.state === 'recording' && paused.process_id) await processes.stop(tx, userId, paused.process_id);
        // not tied to the broadcast: the recorder drains what nginx still sends after the end (the worker stops it then)
        // its start is where the recorder begins (recorder.ts): this publish, or the broadcast's own start
        const proc = await processes.create(tx, { userId, nodeId, kind: 'recording', startAt: b.fromStart ? 0 : Date.now(), endAt: null, transmissionId: null });
        const at = nowIso();
        if (paused) {
          await repo.update(tx, paused.id, { state: 'recording', transmission_id: transmissionId, process_id: proc.id, resume_until: null, updated_at: at });
          return true;
        }
        await repo.insert(tx, {
          user_id: userId, node_id: nodeId, transmission_id: transmissionId, process_id: proc.id, stream_name: b.streamName, titulo, state: 'recording',
          stop_reason: null, error: null, resume_until: null, video_id: null, started_at: at, ended_at: null, updated_at: at,
        });
        return true;
      });
      // the recorder starts now, with the broadcast's first fragment, not at the worker's next pass
      if (started) deps.wake?.(nodeId);
    },
  };
}
export type RecordingsService = ReturnType<typeof createRecordingsService>;
