import { errorSummary } from './supervisor.ts';

/**
 * Runs `step` for each item in turn; an item whose step throws is reported and the next one
 * still runs. The worker's per-row loops go through it, so one account's bad row (a corrupt
 * value, a bug its data triggers) never stops the rows of the other accounts on the node.
 */
export async function eachIsolated<T>(
  items: Iterable<T>,
  step: (item: T) => Promise<unknown>,
  failed: (item: T, reason: string) => void,
): Promise<void> {
  for (const item of items) {
    try {
      await step(item);
    } catch (e) {
      failed(item, errorSummary(e));
    }
  }
}
