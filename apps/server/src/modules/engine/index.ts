import { defineModule } from '../module.ts';
import { createProcessesRepo } from './processes.repo.ts';
import { createProcesses, type Processes } from './processes.service.ts';

declare module '../module.ts' {
  interface Services {
    processes: Processes;
  }
}

/**
 * The media engine: rows with a desired state (the API writes them through `processes`) and
 * the worker's supervised children (engine.ts), whose kinds the playout, lives and relay
 * modules declare. The worker reconciles its node's rows every pass.
 */
export const engineModule = defineModule({
  name: 'engine',
  services: { processes: () => createProcesses({ repo: createProcessesRepo() }) },
  ticks: [{ name: 'engine', run: (_ctx, w) => w.engine.reconcile() }],
});
