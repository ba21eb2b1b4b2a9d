import { effectiveUserId, type AccountType } from '@painel/contract';
import type { Engine } from '../engine/engine.ts';
import { defineModule } from '../module.ts';
import { createSrtListeners, type SrtListeners } from './srt.listeners.ts';
import { createSrtRepo } from './srt.repo.ts';
import { srtRoutes } from './srt.routes.ts';
import { createSrtService, type SrtService } from './srt.service.ts';

declare module '../module.ts' {
  interface Services {
    srt: SrtService;
  }
}

/** Each worker's listeners (by its engine, which tests hold too), made on its first pass. */
const listenersOf = new WeakMap<Engine, SrtListeners>();

/**
 * SRT ingest: an account turns it on in 'Dados de Conexão' (GET/PUT /api/srt) and gets a UDP port
 * of SRT_PORT_MIN–SRT_PORT_MAX; the worker of its server runs one ffmpeg listener for it
 * (srt.listeners.ts) that pushes the encoder's picture into the node's nginx-rtmp as the channel's
 * own RTMP publish. The listeners stop with the worker's planned stop, and a crashed worker's are
 * adopted by the next one.
 */
export const srtModule = defineModule({
  name: 'srt',
  services: {
    srt: ({ store, config, services, accounts }) => createSrtService({
      db: store.db, config, serverOf: (c) => services.servers.serverOf(c), streamSecret: (tx, id) => accounts.ensureStreamSecret(tx, id),
    }),
  },
  routes: (app, { services }) => srtRoutes(app, services.srt),
  ticks: [{
    name: 'srt',
    atStart: true,
    async run(ctx, w) {
      let listeners = listenersOf.get(w.engine);
      if (!listeners) {
        const made = createSrtListeners({
          db: ctx.store.db, repo: createSrtRepo(), config: ctx.config, nodeId: w.nodeId, tag: `${ctx.config.dataDir}#${w.nodeId}`,
          ...(w.backoff ? { backoff: w.backoff } : {}), log: ctx.log('srt'),
          // the owner sees wrong-key attempts by SRT in the activity, as the RTMP ones
          onRefused: (a) => void ctx.services.activity.recordThrottled(effectiveUserId({ id: a.user_id, tipo: a.tipo as AccountType, codigo_cliente: a.codigo_cliente ?? null }), 'publish_refused', 'SRT', 60_000)
            .catch(() => {}),
        });
        listeners = made;
        listenersOf.set(w.engine, made);
        made.adoptOrphans();
      }
      await listeners.reconcile();
    },
    // the worker's planned stop ends the listeners with it (a crashed worker's are adopted instead)
    stop: async (w) => listenersOf.get(w.engine)?.stop(),
  }],
});

/** The listeners a worker runs, by its engine (tests). */
export const srtListenersOf = (engine: Engine): SrtListeners | undefined => listenersOf.get(engine);
