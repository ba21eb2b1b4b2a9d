import fs from 'node:fs/promises';
import os from 'node:os';
import { PLATFORMS } from '@painel/contract';
import type { Auth } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { diskSpace } from '../../platform/disk-space.ts';
import { ping, type Db, type Dialect } from '../../platform/db.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { MediaServer } from '../media/media-server.ts';
import type { ViewersService } from '../viewers/viewers.service.ts';
import type { StreamingService } from '../streaming/streaming.service.ts';

export type UsageOf = (userId: number) => Promise<{ totalVideos: number; espacoUsadoMB: number }>;

const pct = (used: number, total: number) => (total > 0 ? Math.min(100, Math.round((used / total) * 1000) / 10) : 0);
const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** MemAvailable counts reclaimable cache as free, as `free` does; os.freemem() does not. */
async function memory(): Promise<{ used: number; total: number }> {
  const total = os.totalmem();
  const info = await fs.readFile('/proc/meminfo', 'utf8').catch(() => '');
  const avail = /MemAvailable:\s+(\d+) kB/.exec(info);
  return { total, used: total - (avail ? Number(avail[1]) * 1024 : os.freemem()) };
}

export function createDashboardService(deps: {
  db: Db; dialect: Dialect; config: Config; usage: UsageOf; viewers: ViewersService; streaming: StreamingService;
  activity: ActivityService; media: MediaServer; startedAt: number;
  playlists: (userId: number) => Promise<number>;
  timezoneOf: (userId: number) => Promise<string>;
  /** Whether the account's media server reports (modules/servers). */
  serverOf: (codigo: number | null) => Promise<{ codigo: number; online: boolean }>;
}) {
  const { db, config, viewers, streaming, media } = deps;

  async function stats(auth: Auth) {
    const [usage, ativos, playlists] = await Promise.all([deps.usage(auth.userId), viewers.active(auth.userId), deps.playlists(auth.userId)]);
    return {
      success: true,
      totalVideos: usage.totalVideos,
      totalPlaylists: playlists,
      espectadoresAtivos: ativos,
      espacoUsado: usage.espacoUsadoMB,
      totalEspaco: auth.account.espaco,
    };
  }

  async function system() {
    const [dbOk, probe, svc] = await Promise.all([
      ping(db),
      media.probe(),
      media.service().catch(() => undefined),
    ]);
    return {
      api: { status: 'online' as const, uptime_segundos: Math.floor((Date.now() - deps.startedAt) / 1000) },
      banco: { status: dbOk ? ('online' as const) : ('offline' as const), tipo: deps.dialect },
      servidor_midia: {
        status: probe === 'ok' ? ('online' as const) : ('offline' as const),
        estado: svc?.state ?? 'desconhecido',
        reinicios: svc?.restarts ?? 0,
        desde: svc?.changed_at ?? null,
        ultimo_erro: svc?.last_error ?? null,
        verificado_em: svc?.heartbeat_at ?? null,
      },
    };
  }

  return {
    stats,
    async overview(auth: Auth) {
      const [s, sistema, status, mem, disk, free, atividade, history, servidor] = await Promise.all([
        stats(auth), system(), streaming.status(auth), memory(), fs.statfs(config.dataDir).catch(() => null), diskSpace(config),
        deps.timezoneOf(auth.userId).then((tz) => deps.activity.recent(auth.userId, tz, 10)), streaming.transmissions(auth, 50),
        deps.serverOf(auth.account.codigo_servidor),
      ]);
      const cores = os.cpus().length || 1;
      const load = os.loadavg()[0] ?? 0;
      const diskTotal = disk ? disk.blocks * disk.bsize : 0;
      const diskUsed = disk ? (disk.blocks - disk.bfree) * disk.bsize : 0;
      const kbps = status.obs_stream.bitrate;
      const usedBy = new Map<string, number>();
      for (const t of history.transmissions) for (const p of t.platform_ids) usedBy.set(p, (usedBy.get(p) ?? 0) + 1);
      return {
        success: true,
        sistema,
        recursos: {
          cpu: { percentual: pct(load, cores), nucleos: cores, carga_1m: Math.round(load * 100) / 100 },
          memoria: { usada_mb: mb(mem.used), total_mb: mb(mem.total), percentual: pct(mem.used, mem.total) },
          disco: {
            usado_mb: mb(diskUsed), total_mb: mb(diskTotal), percentual: pct(diskUsed, diskTotal),
            // the same figures the uploads, downloads and conversions are refused by
            livre_mb: free?.freeMb ?? 0, minimo_livre_mb: config.minFreeMb, abaixo_do_minimo: free?.belowMinimum ?? false,
          },
          armazenamento: { usado_mb: s.espacoUsado, total_mb: s.totalEspaco, percentual: pct(s.espacoUsado, s.totalEspaco) },
          banda: { atual_kbps: kbps, limite_kbps: auth.account.bitrate, percentual: pct(kbps, auth.account.bitrate) },
          espectadores: { ativos: s.espectadoresAtivos, limite: auth.account.espectadores, percentual: pct(s.espectadoresAtivos, auth.account.espectadores) },
        },
        atividade_recente: atividade,
        transmissoes_recentes: history.transmissions.slice(0, 5),
        // what each platform really receives now: the observed state of the restreams
        plataformas: PLATFORMS.map((p) => ({
          ...p, transmissoes: usedBy.get(p.id) ?? 0, estado: status.platforms.find((x) => x.id === p.id)?.status ?? 'disconnected',
        })),
        // a server that stopped reporting: the account's broadcasts and files wait for it (nothing starts elsewhere)
        servidor,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
