import { errorSummary } from '../platform/supervisor.ts';
import type { EventBus, EventHandlers, EventName, Events, ModuleContext, ModuleDefinition } from './module.ts';

/**
 * The in-process events of the modules (module.ts, Events): the subscribers of each event are the
 * modules whose definition lists it in `on`, in the modules' order. A handler that throws is
 * logged with its module's name and the next one runs; publish never rejects.
 */
export function createEventBus(defs: readonly ModuleDefinition[], ctx: () => ModuleContext): EventBus {
  const log = (line: string) => ctx().log('eventos')(line);
  return {
    async publish<K extends EventName>(name: K, e: Events[K]): Promise<void> {
      for (const d of defs) {
        const handler = (d.on as EventHandlers | undefined)?.[name] as ((c: ModuleContext, e: Events[K]) => Promise<void>) | undefined;
        if (!handler) continue;
        try {
          await handler(ctx(), e);
        } catch (err) {
          log(`${name} → ${d.name}: ${errorSummary(err)}`);
        }
      }
    },
  };
}
