import { z } from 'zod';
import {
  CONVERSION_LABELS, CONVERSION_MIN_BITRATE, convertBody, convertVideoId, conversionLabel, conversionUi, customBitrateRange, isPlaylistCandidate, msg,
  type ConversionOffer, type ConversionQuality, type ConversionQualityOption, type ConversionState, type ConversionStatus, type ConversionVideo,
  type ConvertRequest, type ConvertResult, type Video,
} from '@painel/contract';
import {
  CONVERSION_PRESETS, aboveSource, expectedBytes, fitFrame, parseFrame, presetOffer, presetOffers, type ConversionSource, type Frame,
} from '@painel/media/convert';
import type { Db, JobState } from '../../platform/db.ts';
import { ensureFreeSpace, type DiskThreshold } from '../../platform/disk-space.ts';
import { AppError, parse } from '../../platform/errors.ts';
import { busy, parseJson, type JobRow, type Jobs } from '../../platform/jobs.ts';
import type { Library, LibraryGuard, Owner } from '../library/library.ts';
import type { ConversionRepo } from './conversion.repo.ts';
import { conversionJob, type ConversionInput } from './conversion.jobs.ts';


/** The progress detail the status reads (written by the API at queueing, then by the worker). */
interface Detail {
  quality: ConversionQuality;
  bitrate: number;
  resolution: string;
  label: string;
  file_size: number;
  folder_id: number;
  manter_original: boolean;
}
/** What a finished conversion stores: the optimised video, and what the owner must know about how it ended. */
export interface ConversionResultRow {
  video_id: number;
  nome: string;
  file_size: number;
  bitrate: number;
  resolution: string;
  notice?: string | null;
}

const STATES: Record<JobState, ConversionState> = { queued: 'na_fila', running: 'em_andamento', done: 'concluida', failed: 'erro' };

export function conversionStatus(job: JobRow): ConversionStatus {
  const d = parseJson<Partial<Detail>>(job.detail, {});
  const r = parseJson<Partial<ConversionResultRow>>(job.result, {});
  return {
    status: STATES[job.state],
    progress: job.state === 'done' ? 100 : job.progress,
    quality: d.quality ?? 'custom',
    bitrate: d.bitrate ?? 0,
    resolution: r.resolution ?? d.resolution ?? '',
    file_size: r.file_size ?? d.file_size ?? 0,
    error: job.state === 'failed' ? job.error ?? msg.conversionError : null,
    video_id: r.video_id ?? null,
    nome: r.nome ?? null,
    manter_original: !!d.manter_original,
    notice: job.state === 'done' ? r.notice ?? null : null,
  };
}

const sourceOf = (v: { bitrate_video: number; largura: number; altura: number }): ConversionSource =>
  ({ kbps: v.bitrate_video, width: v.largura, height: v.altura });

/** The qualities as one video is offered them: a fixed one above the plan or above the video's own bitrate is not available; custom goes up to both. */
export function offersFor(planKbps: number, source: ConversionSource): ConversionOffer[] {
  const fixed = presetOffers(source, planKbps).map((o): ConversionOffer => ({
    quality: o.quality, label: CONVERSION_LABELS[o.quality].label, bitrate: o.kbps, resolution: `${o.frame.width}x${o.frame.height}`,
    description: CONVERSION_LABELS[o.quality].description(planKbps), available: o.refused === null,
    reason: o.refused === 'plan' ? conversionUi.unavailable : o.refused === 'source' ? conversionUi.aboveSource(source.kbps) : null,
    min_bitrate: o.kbps,
  }));
  const range = customBitrateRange(planKbps, source.kbps);
  const possible = range.min <= range.max;
  return [...fixed, {
    quality: 'custom', label: CONVERSION_LABELS.custom.label, bitrate: range.max, resolution: '',
    description: CONVERSION_LABELS.custom.description(range.max, range.min), available: possible,
    reason: possible ? null : conversionUi.unavailable, min_bitrate: range.min,
  }];
}

export function createConversionService(deps: {
  db: Db; library: Library; jobs: Jobs; repo: ConversionRepo;
  /** The server disk's minimum free space (MIN_FREE_MB) conversions are refused under; none: not checked. */
  space?: DiskThreshold;
}) {
  const { db, library, jobs, repo } = deps;

  /**
   * The bitrate and the largest frame of the request; a fixed quality above the plan, or one
   * above the video's own bitrate (it would only make the file bigger), is refused.
   */
  function target(owner: Owner, body: ConvertRequest, source: ConversionSource): { quality: ConversionQuality; kbps: number; box: Frame } {
    if (body.custom) {
      const box = parseFrame(body.custom.resolution);
      if (!box) throw new AppError('conversion_resolution_invalid');
      // convertBody has the same limit; kept here so no other caller of the service can pass it
      if (aboveSource(body.custom.bitrate, source.kbps)) throw new AppError('conversion_bitrate_above_source', { sourceKbps: source.kbps });
      return { quality: 'custom', kbps: body.custom.bitrate, box };
    }
    const quality = body.quality as keyof typeof CONVERSION_PRESETS;
    const p = CONVERSION_PRESETS[quality];
    if (!p) throw new AppError('conversion_quality_invalid');
    const refused = presetOffer(quality, source, owner.bitrate).refused;
    if (refused === 'plan') throw new AppError('conversion_quality_unavailable');
    if (refused === 'source') throw new AppError('conversion_quality_above_source', { sourceKbps: source.kbps });
    return { quality, kbps: p.kbps, box: { width: p.width, height: p.height } };
  }

  function present(owner: Owner, v: Video, job: JobRow | undefined): ConversionVideo {
    const usable = isPlaylistCandidate(v, owner.bitrate);
    return {
      id: v.id,
      nome: v.nome,
      // a <video> sends no header: the address carries the video's read grant, as on the videos page
      url: `${v.url}?${new URLSearchParams({ auth_token: v.content_token })}`,
      formato_original: v.formato_original,
      is_mp4: v.is_mp4,
      current_bitrate: v.bitrate_video,
      largura: v.largura,
      altura: v.altura,
      tamanho: v.tamanho,
      duracao: v.duracao,
      compatibility_status: v.compatibility_status === 'compatible' ? 'compatible' : 'other',
      compatibility_message: v.compatibility_message,
      compatibility_reasons: v.compatibility_reasons,
      can_use_current: usable,
      needs_conversion: !usable,
      compativel: v.compativel,
      qualities: offersFor(owner.bitrate, sourceOf(v)),
      conversion: job ? conversionStatus(job) : null,
    };
  }

  return {
    qualities(owner: Owner): ConversionQualityOption[] {
      const fixed = (Object.keys(CONVERSION_PRESETS) as (keyof typeof CONVERSION_PRESETS)[]).map((q) => {
        const p = CONVERSION_PRESETS[q];
        return {
          quality: q, label: CONVERSION_LABELS[q].label, bitrate: p.kbps, resolution: `${p.width}x${p.height}`,
          description: CONVERSION_LABELS[q].description(owner.bitrate), available: p.kbps <= owner.bitrate,
        };
      });
      const custom = CONVERSION_LABELS.custom;
      return [...fixed, {
        quality: 'custom', label: custom.label, bitrate: owner.bitrate, resolution: '', description: custom.description(owner.bitrate),
        available: owner.bitrate >= CONVERSION_MIN_BITRATE,
      }];
    },

    /** The folder's videos (newest first), each with its latest conversion. */
    async videos(owner: Owner, folderId: number): Promise<ConversionVideo[]> {
      const list = await library.videos.list(owner, folderId);
      const latest = await jobs.latestOf(owner.userId, conversionJob, list.map((v) => v.id));
      return list.map((v) => present(owner, v, latest.get(v.id)));
    },

    /** The video's latest conversion; null when it never had one. 404 when the video is not the account's. */
    async status(owner: Owner, videoId: number): Promise<ConversionStatus | null> {
      await library.videos.get(owner, videoId);
      const job = await jobs.latest(owner.userId, conversionJob, videoId);
      return job ? conversionStatus(job) : null;
    },

    /**
     * Queues the conversion of POST /api/conversion/convert's body: the video must be the
     * account's, the quality within the plan and not above the video's own bitrate, and the
     * plan must have room for the expected result (the original stays until it is verified).
     * One conversion per video at a time (409). Refused, nothing is queued.
     */
    async convert(owner: Owner, raw: unknown): Promise<ConvertResult> {
      const { row } = await library.videos.get(owner, parse(convertVideoId, raw).video_id);
      const source = sourceOf(row);
      // the custom bitrate is judged against the video too: its own bitrate is the most it may take
      const body = parse(convertBody(owner.bitrate, source.kbps), raw);
      const t = target(owner, body, source);
      const frame = fitFrame({ width: row.largura, height: row.altura }, t.box);
      const resolution = `${frame.width}x${frame.height}`;
      const size = expectedBytes(t.kbps, row.duracao);
      if (deps.space) await ensureFreeSpace(deps.space);
      const room = await library.quota.room(owner);
      if (size > room.bytes) throw new AppError('job_quota_exceeded', { limitMb: room.limitMb });
      const label = conversionLabel(t.quality, resolution, t.kbps);
      const input: ConversionInput = { accountId: owner.accountId, videoId: row.id, bitrate: t.kbps, box: t.box, manterOriginal: body.manter_original };
      const detail: Detail = {
        quality: t.quality, bitrate: t.kbps, resolution, label, file_size: 0, folder_id: row.folder_id, manter_original: body.manter_original,
      };
      const job = await jobs.enqueue(db, conversionJob, { userId: owner.userId, subjectId: row.id, input, detail: { ...detail }, maxAttempts: 2 });
      if (!job) throw busy('conversion_busy');
      return {
        success: true, message: msg.conversionStarted(label), quality_label: label, target_bitrate: t.kbps, resolution, file_size: size,
        conversion_status: conversionStatus(job),
      };
    },

    /** A video being converted, or a folder holding one, cannot be deleted: the result would have nowhere to go. */
    guard: {
      async videoInUse(userId, videoId) {
        return (await repo.active(db, userId)).some((j) => j.subject_id === videoId) ? msg.conversionInUse : null;
      },
      async folderInUse(userId, folderId) {
        const active = await repo.active(db, userId);
        return active.some((j) => parseJson<Partial<Detail>>(j.detail, {}).folder_id === folderId) ? msg.conversionFolderInUse : null;
      },
    } satisfies LibraryGuard,
  };
}
export type ConversionService = ReturnType<typeof createConversionService>;
