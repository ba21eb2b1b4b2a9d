import fsp from 'node:fs/promises';
import os from 'node:os';
import type { Tx } from '../../platform/db.ts';
import type { ServerLoadRow, ServersRepo } from './servers.repo.ts';

/** Busy and total jiffies of all CPUs, from the first line of /proc/stat; null where there is none. */
export async function cpuTimes(): Promise<{ busy: number; total: number } | null> {
  const text = await fsp.readFile('/proc/stat', 'utf8').catch(() => null);
  const line = text?.split('\n', 1)[0];
  if (!line?.startsWith('cpu ')) return null;
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice)
  const f = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = (f[3] ?? 0) + (f[4] ?? 0);
  const total = f.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
  return { busy: total - idle, total };
}

/**
 * The machine's CPU use in tenths of a percent since the previous sample (the share of jiffies
 * not idle); with no previous sample, or no /proc/stat, the 1-minute load average per core.
 */
export function cpuPermille(prev: { busy: number; total: number } | null, cur: { busy: number; total: number } | null, cores: number): number {
  if (prev && cur && cur.total > prev.total) return Math.round(((cur.busy - prev.busy) / (cur.total - prev.total)) * 1000);
  return Math.min(1000, Math.round(((os.loadavg()[0] ?? 0) / Math.max(1, cores)) * 1000));
}

/** The data directory's disk: free for the panel and total, in MB. */
export async function diskMB(dataDir: string): Promise<{ free: number; total: number }> {
  const st = await fsp.statfs(dataDir).catch(() => null);
  if (!st) return { free: 0, total: 0 };
  const mb = (blocks: number) => Math.floor((Number(blocks) * Number(st.bsize)) / (1024 * 1024));
  return { free: mb(st.bavail), total: mb(st.blocks) };
}

/** A node's load now: the CPU since `prevCpu` (sampled again here), what it runs from the database, its disk. */
export async function measureLoad(tx: Tx, repo: ServersRepo, opts: { nodeId: number; dataDir: string; prevCpu: { busy: number; total: number } | null }) {
  const cores = os.availableParallelism();
  const [cpu, counts, disk] = await Promise.all([cpuTimes(), repo.counts(tx, opts.nodeId), diskMB(opts.dataDir)]);
  const load: ServerLoadRow = {
    cpu_cores: cores, cpu_permille: Math.max(0, Math.min(1000, cpuPermille(opts.prevCpu, cpu, cores))),
    live_channels: counts.live, media_processes: counts.processes, viewers: counts.viewers,
    disk_free_mb: disk.free, disk_total_mb: disk.total,
  };
  return { load, cpu };
}
