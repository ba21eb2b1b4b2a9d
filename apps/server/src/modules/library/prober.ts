import { PROBE_TIMEOUT_MS, ffprobeArgs, readProbe, type ProbeFacts } from '@painel/media/probe';
import { execCapture } from '../../platform/exec.ts';
import { AppError } from '../../platform/errors.ts';

export type Prober = (file: string, extHint?: string) => Promise<ProbeFacts | null>;

/**
 * Probes a file with ffprobe. null means "not a video" (ffprobe refused it or found no
 * picture stream); a probe that hangs past the timeout is an error of its own.
 */
export function createProber(opts: { ffprobe?: string; timeoutMs?: number } = {}): Prober {
  const bin = opts.ffprobe ?? process.env.FFPROBE_PATH ?? 'ffprobe';
  return async (file, extHint) => {
    const r = await execCapture(bin, ffprobeArgs(file), { timeoutMs: opts.timeoutMs ?? PROBE_TIMEOUT_MS });
    if (r.timedOut) throw new AppError('upload_probe_failed');
    if (r.code !== 0) return null;
    try {
      return readProbe(JSON.parse(r.stdout), extHint);
    } catch {
      return null;
    }
  };
}
