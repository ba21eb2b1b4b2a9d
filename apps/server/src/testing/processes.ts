import fs from 'node:fs';

/** Running, not gone and not a zombie waiting for a parent that died. */
export function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Live processes whose command line names `command` and whose environment holds every one of
 * `entries` (`NAME=value`): how a test finds the children a worker tagged (PAINEL_ENGINE,
 * PAINEL_PROCESS, PAINEL_JOBS), even after that worker died.
 */
export function processesWithEnv(command: string, entries: string[]): number[] {
  const out: number[] = [];
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const env = fs.readFileSync(`/proc/${e}/environ`, 'utf8').split('\0');
      if (entries.every((x) => env.includes(x)) && fs.readFileSync(`/proc/${e}/cmdline`, 'utf8').includes(command) && alive(Number(e))) out.push(Number(e));
    } catch {
      /* gone, or not ours */
    }
  }
  return out;
}
