import { execFile } from 'node:child_process';

export interface ExecResult {
  code: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/**
 * Runs a short-lived tool (ffprobe) and collects its output. Always an argv array, never a
 * shell; killed with SIGKILL past the timeout so a hostile file cannot hold a request.
 * Long-running media children belong to the supervisor, not here.
 */
export function execCapture(cmd: string, args: string[], opts: { timeoutMs: number; maxBytes?: number }): Promise<ExecResult> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { timeout: opts.timeoutMs, killSignal: 'SIGKILL', maxBuffer: opts.maxBytes ?? 4 * 1024 * 1024, windowsHide: true },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { killed?: boolean; code?: number | string }) | null;
        const code = e ? (typeof e.code === 'number' ? e.code : -1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr), timedOut: !!e?.killed });
      },
    );
  });
}
