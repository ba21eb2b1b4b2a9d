import type { Tick } from './module.ts';

/**
 * The worker's duties in the order of a pass: each after the ones its `after` names and before the
 * ones its `before` names; where nothing is said, in the order given (the modules' order). Throws
 * at start on a duty named twice, a name no duty has, or a cycle, naming them.
 */
export function orderTicks(ticks: readonly Tick[]): Tick[] {
  const index = new Map<string, number>();
  ticks.forEach((t, i) => {
    if (index.has(t.name)) throw new Error(`tick declared twice: ${t.name}`);
    index.set(t.name, i);
  });
  // edges[i]: the duties that must run before duty i
  const edges = ticks.map(() => new Set<number>());
  const named = (from: string, name: string): number => {
    const i = index.get(name);
    if (i === undefined) throw new Error(`tick ${from} names an unknown tick: ${name}`);
    return i;
  };
  ticks.forEach((t, i) => {
    for (const a of t.after ?? []) edges[i]!.add(named(t.name, a));
    for (const b of t.before ?? []) edges[named(t.name, b)]!.add(i);
  });
  const done = new Set<number>();
  const order: Tick[] = [];
  while (order.length < ticks.length) {
    // the first duty (in the given order) whose predecessors all ran
    const next = ticks.findIndex((_, i) => !done.has(i) && [...edges[i]!].every((p) => done.has(p)));
    if (next < 0) {
      const left = ticks.filter((_, i) => !done.has(i)).map((t) => t.name);
      throw new Error(`ticks ordered in a cycle: ${left.join(', ')}`);
    }
    done.add(next);
    order.push(ticks[next]!);
  }
  return order;
}
