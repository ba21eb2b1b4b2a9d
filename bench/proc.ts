import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second, the unit of the CPU times in /proc. */
export const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** /proc/<pid>/stat after the command name (which may hold spaces and parentheses), from field 3 on. */
export function statFields(pid: number): string[] | null {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime in clock ticks (fields 14 and 15), or null when the process is gone or a zombie. */
export function cpuTicks(pid: number): number | null {
  const f = statFields(pid);
  if (!f || f[0] === 'Z') return null;
  return Number(f[11]) + Number(f[12]);
}

/** The reference's ffmpeg processes: added as they start, all killed (and their pipes drained) at once. */
export function referenceProcesses() {
  const children = new Map<ChildProcess, Promise<void>>();
  return {
    add(c: ChildProcess): void {
      children.set(c, new Promise<void>((r) => c.once('close', () => r())));
    },
    async killAll(): Promise<void> {
      await Promise.all([...children].map(async ([c, closed]) => {
        if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
        await closed;
        children.delete(c);
      }));
    },
  };
}

/** Ctrl-C or a kill runs the benchmark's clean-up (processes, the stack, temp files) before exiting. */
export function cleanupOnSignal(cleanup: () => Promise<unknown>): void {
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      console.error(`\n${sig}: encerrando`);
      void cleanup().finally(() => process.exit(130));
    });
  }
}
