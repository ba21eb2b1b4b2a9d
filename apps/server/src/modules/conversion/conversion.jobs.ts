import { z } from 'zod';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { msg, type Video } from '@painel/contract';
import { conversionCommand, conversionVerified, createProgressReader, expectedBytes, resultMayReplace } from '@painel/media/convert';
import type { ProbeFacts } from '@painel/media/probe';
import { diskFullIn } from '../../platform/disk-full.ts';
import { diskFullError, ensureReserve } from '../../platform/disk-space.ts';
import { AppError } from '../../platform/errors.ts';
import { runChild } from '../../platform/exec.ts';
import type { JobContext, JobHandler } from '../../platform/jobs.ts';
import { ownerOfAccount, type Owner } from '../library/owner.ts';
import type { ConversionResultRow } from './conversion.service.ts';
import { defineJob, type Core } from '../module.ts';

/** A conversion that runs this much slower than real time has hung (the least is for short videos). */
const TIMEOUT = { minMs: 30 * 60_000, perSecondMs: 10_000 };

const stemOf = (nome: string) => {
  const dot = nome.lastIndexOf('.');
  return dot > 0 ? nome.slice(0, dot) : nome;
};

/** What the API queues for the worker: the job's whole brief (the video is its subject too). */
export const conversionInput = z.object({
  accountId: z.number().int().positive(),
  videoId: z.number().int().positive(),
  bitrate: z.number().int().positive(),
  box: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }),
  manterOriginal: z.boolean(),
});
export type ConversionInput = z.infer<typeof conversionInput>;

/**
 * The worker's conversion of one video: ffmpeg to an MP4 in the job's directory (the plan's
 * room checked as it grows), a probe of the result, and only then the library: the original
 * replaced (same id) or kept beside the new one. A result larger than the original although it
 * aimed no higher never replaces it: it is kept beside it, the job's result saying so (no room
 * for it there: discarded, the job failing with why). Whatever fails before that leaves the
 * original as it was; the job's directory, with the partial file, goes with the job. A full
 * disk (or the server disk's reserve, see ensureReserve) fails it with `disk_full`.
 */
function conversionHandler(deps: { core: Core; ffmpegBin: string; log: (m: string) => void }): JobHandler<ConversionInput> {
  const { library, accounts } = deps.core;

  /** ffmpeg from the library file to `output`, reporting progress; throws the reason it did not finish. */
  async function encode(ctx: JobContext, owner: Owner, src: string, output: string, kbps: number, box: { width: number; height: number }, durationS: number) {
    const reservation = await library.quota.open(owner, expectedBytes(kbps, durationS));
    // the job's own stop, or the plan running out of room while the file grows
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    if (ctx.signal.aborted) stop.abort();
    let refused: unknown = null;
    let growing: Promise<void> | null = null;
    let lookedAt = 0;
    const read = createProgressReader(durationS);
    try {
      const { cmd, args } = conversionCommand(deps.ffmpegBin, { input: src, output, videoKbps: kbps, box });
      ctx.report({ file_size: 0 }, 0);
      const run = await runChild(cmd, args, {
        signal: stop.signal,
        env: ctx.env,
        timeoutMs: Math.max(TIMEOUT.minMs, durationS * TIMEOUT.perSecondMs),
        onSpawn: (pid) => ctx.setPid(pid),
        onLine: (line) => {
          const t = read(line);
          if (!t) return;
          ctx.report({ file_size: t.bytes }, Math.min(99, t.percent));
          if (refused || growing) return;
          // the server disk's reserve, at most once a second; the plan's room as the file passes it
          const look = Date.now() - lookedAt >= 1000;
          if (!look && !reservation.needs(t.bytes)) return;
          if (look) lookedAt = Date.now();
          growing = (look ? ensureReserve(deps.core.config) : Promise.resolve())
            .then(() => (reservation.needs(t.bytes) ? reservation.ensure(t.bytes) : undefined)).catch((e: unknown) => {
            refused = e;
            stop.abort();
          }).finally(() => {
            growing = null;
          });
        },
      });
      ctx.setPid(null);
      await growing;
      if (ctx.signal.aborted) throw new Error(String(ctx.signal.reason));
      if (refused) throw refused;
      if (run.timedOut) throw new AppError('conversion_timed_out');
      if (run.code !== 0) {
        deps.log(`conversão ${ctx.job.id}: ffmpeg terminou com ${run.code}: ${run.tail.slice(-5).join(' | ')}`);
        throw new AppError(diskFullIn(run.tail) ? 'disk_full' : 'conversion_failed');
      }
    } catch (e) {
      // the disk looked at while the partial file still fills it; the file goes before the
      // reservation is released, so that write finds room on a full disk
      const told = await diskFullError(e, deps.core.config);
      await fsp.rm(output, { force: true });
      throw told;
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
      // the library asks the plan again when the file goes in
      await reservation.release().catch(() => undefined);
    }
  }

  // a full disk, met by ffmpeg, the library or the database, fails the job with disk_full
  return (ctx) => convert(ctx).catch(async (e: unknown) => {
    throw await diskFullError(e, deps.core.config);
  });

  async function convert(ctx: JobContext<ConversionInput>): Promise<ConversionResultRow> {
    const { input } = ctx;
    const account = await accounts.byId(input.accountId);
    const owner = account ? ownerOfAccount(account) : null;
    if (!owner || owner.userId !== ctx.job.user_id) throw new AppError('video_not_found');
    // deleted since it was queued: 404 'Vídeo não encontrado', nothing else happens
    const { row, folder } = await library.videos.get(owner, input.videoId);
    const src = await library.storage.realFile(owner.login, library.storage.filePath(owner.login, folder, row.arquivo));
    if (!src) throw new AppError('conversion_failed');
    // the row holds the source's probe, made when its file went in (a new file means a new probe)
    const source = { durationS: row.duracao, audioCodec: row.codec_audio };

    const output = path.join(ctx.workdir, 'convertido.mp4');
    await encode(ctx, owner, src.path, output, input.bitrate, input.box, source.durationS);
    // checked on the library's own probe of the result, before it touches anything
    const verify = (facts: ProbeFacts | null) => {
      if (!conversionVerified(facts, source)) throw new AppError('conversion_verify_failed');
    };

    const larger = !resultMayReplace({
      resultBytes: (await fsp.stat(output)).size, sourceBytes: Number(row.tamanho), targetKbps: input.bitrate, sourceKbps: row.bitrate_video,
    });
    const beside = async () => {
      await library.videos.get(owner, row.id); // the original was deleted meanwhile: no orphan copy
      return library.videos.importFile(owner, row.folder_id, output, `${stemOf(row.nome)} (otimizado).mp4`, { otimizado: true, verify });
    };

    let video: Video;
    let notice: string | null = null;
    if (input.manterOriginal) {
      video = await beside();
      if (larger) notice = msg.conversionLargerThanOriginal(video.nome);
    } else if (larger) {
      // asked to replace, but the original is the better file: both stay, and the owner is told
      try {
        video = await beside();
      } catch (e) {
        if (e instanceof AppError && e.status === 413) throw new AppError('conversion_larger_no_room');
        throw e;
      }
      notice = msg.conversionLargerKeptBeside(video.nome);
    } else {
      video = await library.videos.replaceFile(owner, row.id, output, {
        nome: `${stemOf(row.nome)}.mp4`, otimizado: true, expectArquivo: row.arquivo, verify,
      });
    }
    ctx.report({ file_size: video.tamanho }, 100);
    const result: ConversionResultRow = {
      video_id: video.id, nome: video.nome, file_size: video.tamanho, bitrate: video.bitrate_video, resolution: `${video.largura}x${video.altura}`, notice,
    };
    if (notice) deps.log(`conversão ${ctx.job.id}: resultado maior que o original (${row.tamanho} bytes); salvo ao lado como vídeo ${video.id}`);
    return result;
  }
}

/** Conversions: a few at once per worker (CONVERSION_SLOTS), each an ffmpeg using a core or more. */
export const conversionJob = defineJob({
  kind: 'conversion', input: conversionInput, slots: 1,
  handler: (ctx) => conversionHandler({ core: ctx, ffmpegBin: ctx.config.media.ffmpegBin, log: ctx.log('conversão') }),
});
