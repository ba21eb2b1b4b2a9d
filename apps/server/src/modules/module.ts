import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../platform/config.ts';
import type { Sealer } from '../platform/crypto.ts';
import type { OpenDb, Tx } from '../platform/db.ts';
import { defineJob as defineKind, type JobDefinition, type JobHandler, type Jobs } from '../platform/jobs.ts';
import type { OutboundGuard } from '../platform/outbound-guard.ts';
import type { ReadCache } from '../platform/read-cache.ts';
import type { Supervisor, SupervisorOptions } from '../platform/supervisor.ts';
import type { AccountsService } from './accounts/accounts.service.ts';
import type { ChildFactory, Engine } from './engine/engine.ts';
import type { ChildKind } from './engine/engine.table.ts';
import type { HealthProbe } from './health/health.routes.ts';
import type { Library } from './library/library.ts';
import type { MediaServer } from './media/media-server.ts';

/**
 * The shape every module is written to. A module exports one definition (its `index.ts`)
 * saying what it provides and where each part runs:
 *   services  built on first use, in every process (API, worker, command line)
 *   guards    registered when a process opens the core (every process): the library's, the engine's
 *   on        handlers of in-process events other modules publish (`Events`), in every process
 *   routes    the HTTP API (the API process)
 *   jobs      finite jobs of the queue (the worker)
 *   children  kinds of supervised media processes of the engine (the worker)
 *   ticks     periodic duties (the worker), each saying which ones it runs after or before
 *   accountFiles  the files it keeps for an account under DATA_DIR (deletion, move, backup)
 * The entry points (api.ts, worker.ts) only collect these lists; nothing here imports them.
 */

/** What every process opens: configuration, database, secrets, the job queue, the outbound guard. */
export interface Core {
  config: Config;
  store: OpenDb;
  accounts: AccountsService;
  library: Library;
  /** Seals the secrets kept for a customer (FTP password, platform stream keys). */
  sealer: Sealer;
  /** The queue of finite jobs (download, FTP migration, conversion, sync, app builds) the worker runs. */
  jobs: Jobs;
  /** The one gate for every address the panel connects to on a customer's behalf. */
  guard: OutboundGuard;
}

/** Settings a process opens the core with (tests inject clocks here). */
export interface CoreOptions {
  /** The clock of the login throttle's windows. */
  loginClock?: () => number;
  /** A module's log lines; default stdout with the module's tag. */
  log?: (scope: string, line: string) => void;
}

/**
 * Every module's services, by name. Each module adds its own with declaration merging
 * (`declare module '../module.ts' { interface Services { playlists: PlaylistsService } }`),
 * so the container is typed without a list of all modules here.
 */
export interface Services {}

/**
 * What happened, published by the module it happened in; the modules that react subscribe in their
 * definition (`on: { 'obs.live': … }`), so the publisher imports none of them. Handlers run in the
 * modules' order, one after the other, each on its own: one that fails is logged and the next runs.
 */
export interface Events {
  /**
   * OBS (or an encoder over SRT) went live on this node's nginx (on_publish accepted it): a new
   * broadcast, or the same one coming back (`resumed`) after a drop or from its standby. Published
   * before the publish is answered; a handler never refuses it.
   */
  'obs.live': { userId: number; transmissionId: number; nodeId: number; streamName: string; titulo: string; resumed: boolean };
  /**
   * OBS's encoder left (on_publish_done of the publisher that opened the broadcast): `standby` when
   * the broadcast goes on with its standby signal (published before the standby takes the channel),
   * else the broadcast ended.
   */
  'obs.drop': { userId: number; transmissionId: number; standby: boolean };
  /** A relay's run published its broadcast (each run: its source came back). */
  'relay.live': { userId: number; transmissionId: number; nodeId: number; streamName: string; titulo: string };
}
export type EventName = keyof Events;
export type EventHandlers = { [K in EventName]?: (ctx: ModuleContext, e: Events[K]) => Promise<void> };
export interface EventBus {
  /** Runs every subscriber of `name` (modules' order); resolves once all ran, never rejects. */
  publish<K extends EventName>(name: K, e: Events[K]): Promise<void>;
}

export interface ModuleContext extends Core {
  /** The other modules' services, each built the first time it is read. */
  services: Services;
  /** The modules' in-process events (see Events). */
  events: EventBus;
  /** Every module's declared account files (see AccountFileSet). */
  accountFiles: readonly AccountFileSet[];
  options: CoreOptions;
  /** A log line function tagged with a scope ('playout', 'jobs'). */
  log(scope: string): (line: string) => void;
}

/** What the API process adds for routes. */
export interface ApiContext {
  /** The per-account reuse of read answers. */
  readCache: ReadCache;
  /** Extra health probes and the health answer's reuse (tests). */
  probes?: Record<string, HealthProbe>;
  healthCacheMs?: number;
}

/** What the worker process adds for its duties. */
export interface WorkerContext {
  nodeId: number;
  /** This worker's view of nginx-rtmp (its control port is chosen at start). */
  media: MediaServer;
  nginx: Supervisor;
  engine: Engine;
  /** Where nginx's callbacks and the channel's publishes reach the API. */
  apiUrl: string;
  /** Media children's timings (tests shorten them). */
  ioTimeoutSeconds?: number;
  backoff?: SupervisorOptions['backoff'];
}

/**
 * A duty of the worker, run in its loop (every 2 s) at most once per `everyMs`. Within a pass the
 * duties run in the order their `after` and `before` give (modules' order where they say nothing);
 * a name no duty has, or a cycle, stops the worker at start (modules/ticks.ts).
 */
export interface Tick {
  name: string;
  /** Duties that run before this one in a pass (names of other ticks). */
  after?: readonly string[];
  /** Duties that run after this one in a pass. */
  before?: readonly string[];
  everyMs?: number;
  /** Only while nginx runs (it reads or changes what nginx has). */
  needsNginx?: boolean;
  /** Also run once as the worker starts, before its first pass. */
  atStart?: boolean;
  /** What the duty started stops with the worker's planned stop (before the engine and nginx stop). */
  stop?(worker: WorkerContext): Promise<void>;
  run(ctx: ModuleContext, worker: WorkerContext): Promise<void>;
}

/**
 * Files a module keeps for an account under DATA_DIR, declared in its definition so that no
 * one lists them by hand: deleting an account removes every set, moving it carries the
 * 'carried' sets (and deletes all of them from the old server), and a backup takes the folders
 * of the 'carried' sets whole.
 */
export interface AccountFileSet {
  /** What they are, as the docs and the move's log name them ('library', 'logos'…). */
  name: string;
  /** The top-level DATA_DIR folder they are under. */
  root: string;
  /**
   * 'carried': the customer's own (videos, logos, apps): moved with the account, in every backup.
   * 'local': belongs to the server it was made on — made again there from the database (HLS
   * fragments, playout folders, the standby slate) or finished there (a recording's parts):
   * removed with the account, never moved nor backed up.
   */
  kind: 'carried' | 'local';
  /** The account's files and folders (absolute paths), read in `tx` before its rows go. */
  of(ctx: ModuleContext, tx: Tx, account: { id: number; usuario: string }): Promise<string[]>;
}

type ServiceFactories = { [K in keyof Services]?: (ctx: ModuleContext) => Services[K] };

export interface ModuleDefinition {
  name: string;
  services?: ServiceFactories;
  guards?: (ctx: ModuleContext) => void;
  on?: EventHandlers;
  routes?: (app: FastifyInstance, ctx: ModuleContext, api: ApiContext) => void;
  // each kind's input type stays with its definition (the API enqueues with it); the runner checks
  // every input against its kind's schema, so the list itself needs no input type
  jobs?: readonly JobDefinition<string, any, ModuleContext>[];
  /** The engine's child kinds it owns (each also added to `ChildKinds` in engine.table.ts by the module). */
  children?: Partial<Record<ChildKind, (ctx: ModuleContext, worker: WorkerContext) => ChildFactory>>;
  ticks?: readonly Tick[];
  accountFiles?: readonly AccountFileSet[];
}

export const defineModule = (d: ModuleDefinition): ModuleDefinition => d;

/** A job kind whose handler gets the module context. */
export function defineJob<K extends string, S extends z.ZodType>(d: {
  kind: K; input: S; slots: number; keepMs?: number; handler: (ctx: ModuleContext) => JobHandler<z.output<S>>;
}): JobDefinition<K, z.output<S>, ModuleContext> {
  return defineKind(d);
}
