import fs from 'node:fs';
import { pidsWithEnv } from '../platform/exec.ts';

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
  return pidsWithEnv(entries).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(command) && alive(pid);
    } catch {
      return false;
    }
  });
}
