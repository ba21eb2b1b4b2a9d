import { z } from 'zod';
import { PLATFORMS, PLATFORM_STATES, transmissionRecordSchema } from './streaming.ts';

const platformIds = PLATFORMS.map((p) => p.id) as [(typeof PLATFORMS)[number]['id'], ...(typeof PLATFORMS)[number]['id'][]];

/** GET /api/dashboard/stats; sizes in MB. */
export const dashboardStatsSchema = z.object({
  success: z.literal(true),
  totalVideos: z.number(),
  totalPlaylists: z.number(),
  espectadoresAtivos: z.number(),
  espacoUsado: z.number(),
  /** The plan's storage. */
  totalEspaco: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

const ONLINE = ['online', 'offline'] as const;
const usage = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, percentual: z.number() });

/** An event of the account: `descricao` in Portuguese; `tipo` and `detalhe` for a client that words it in another language. */
export const activityItemSchema = z.object({ tipo: z.string(), descricao: z.string(), detalhe: z.string(), data: z.string() });
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** A platform of the catalogue, how many recent broadcasts used it and what it receives now. */
export const platformUseSchema = z.object({
  id: z.enum(platformIds),
  nome: z.string(),
  rtmp_base_url: z.string(),
  transmissoes: z.number(),
  estado: z.enum(PLATFORM_STATES),
});
export type PlatformUse = z.infer<typeof platformUseSchema>;

/** GET /api/dashboard/overview: the system's state, the resources, recent activity and broadcasts, the platforms' use. */
export const dashboardOverviewSchema = z.object({
  success: z.literal(true),
  sistema: z.object({
    api: z.object({ status: z.literal('online'), uptime_segundos: z.number() }),
    banco: z.object({ status: z.enum(ONLINE), tipo: z.string() }),
    servidor_midia: z.object({
      status: z.enum(ONLINE),
      estado: z.string(),
      reinicios: z.number(),
      desde: z.string().nullable(),
      ultimo_erro: z.string().nullable(),
      verificado_em: z.string().nullable(),
    }),
  }),
  recursos: z.object({
    cpu: usage({ nucleos: z.number(), carga_1m: z.number() }),
    memoria: usage({ usada_mb: z.number(), total_mb: z.number() }),
    /** The data directory's disk; `abaixo_do_minimo` when its free MB are under MIN_FREE_MB (`minimo_livre_mb`, 0: check off), which refuses new media. */
    disco: usage({
      usado_mb: z.number(), total_mb: z.number(), livre_mb: z.number(), minimo_livre_mb: z.number(), abaixo_do_minimo: z.boolean(),
    }),
    armazenamento: usage({ usado_mb: z.number(), total_mb: z.number() }),
    banda: usage({ atual_kbps: z.number(), limite_kbps: z.number() }),
    espectadores: usage({ ativos: z.number(), limite: z.number() }),
  }),
  atividade_recente: z.array(activityItemSchema),
  transmissoes_recentes: z.array(transmissionRecordSchema),
  plataformas: z.array(platformUseSchema),
  /** The account's media server and whether it reports (offline: its broadcasts and files are unavailable until it is back). */
  servidor: z.object({ codigo: z.number(), online: z.boolean() }),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

export const COMPONENT_STATES = ['ok', 'down', 'unknown'] as const;
export type ComponentState = (typeof COMPONENT_STATES)[number];

/**
 * GET /api/health, public; answered with 503 and the same body when a component is down.
 * details only go to a panel session or a local caller.
 */
export const healthResponseSchema = z.object({
  ok: z.boolean(),
  components: z.record(z.string(), z.enum(COMPONENT_STATES)),
  details: z.record(z.string(), z.unknown()).optional(),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
