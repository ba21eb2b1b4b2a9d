import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createEventBus } from './events.ts';
import { modules } from './index.ts';
import type { ModuleContext, ModuleDefinition, Tick } from './module.ts';
import { orderTicks } from './ticks.ts';

const tick = (name: string, o: Pick<Tick, 'after' | 'before'> = {}): Tick => ({ name, ...o, run: async () => undefined });
const names = (ticks: readonly Tick[]) => ticks.map((t) => t.name);

test('duties run after what they name; where nothing is said, in the order given', () => {
  assert.deepEqual(names(orderTicks([tick('a'), tick('b'), tick('c')])), ['a', 'b', 'c']);
  assert.deepEqual(names(orderTicks([tick('sweep', { after: ['engine'] }), tick('engine'), tick('other')])), ['engine', 'sweep', 'other']);
  assert.deepEqual(names(orderTicks([tick('engine'), tick('bookings', { before: ['engine'] }), tick('x')])), ['bookings', 'engine', 'x']);
  assert.deepEqual(names(orderTicks([tick('c', { after: ['b'] }), tick('b', { after: ['a'] }), tick('a')])), ['a', 'b', 'c']);
});

test('a cycle, an unknown name or a name given twice stops the worker at start', () => {
  assert.throws(() => orderTicks([tick('a', { after: ['b'] }), tick('b', { after: ['a'] }), tick('c')]), /cycle: a, b/);
  assert.throws(() => orderTicks([tick('a', { after: ['a'] })]), /cycle: a/);
  assert.throws(() => orderTicks([tick('a', { before: ['b'] }), tick('b', { before: ['a'] })]), /cycle/);
  assert.throws(() => orderTicks([tick('a', { after: ['engine'] })]), /tick a names an unknown tick: engine/);
  assert.throws(() => orderTicks([tick('a', { before: ['nope'] })]), /unknown tick: nope/);
  assert.throws(() => orderTicks([tick('a'), tick('a')]), /tick declared twice: a/);
});

test("the panel's duties: bookings before the engine, the channel's sweep after it, then what reads nginx", () => {
  const order = names(orderTicks(modules.flatMap((m) => m.ticks ?? [])));
  const at = (n: string) => {
    assert.ok(order.includes(n), n);
    return order.indexOf(n);
  };
  assert.ok(at('viewers') < at('audience'));
  assert.ok(at('schedules') < at('engine'));
  assert.ok(at('engine') < at('channel'));
  assert.ok(at('channel') < at('ingest-reconcile'));
  assert.equal(new Set(order).size, order.length);
});

test("an event's subscribers run in the modules' order, and one that fails does not stop the others", async () => {
  const seen: string[] = [];
  const lines: string[] = [];
  const mod = (name: string, fail = false): ModuleDefinition => ({
    name,
    on: {
      'obs.live': async (_ctx, e) => {
        seen.push(`${name}:${e.transmissionId}`);
        if (fail) throw new Error('falhou');
      },
    },
  });
  const ctx = { log: (scope: string) => (line: string) => lines.push(`${scope}: ${line}`) } as unknown as ModuleContext;
  const bus = createEventBus([mod('a'), mod('b', true), { name: 'quiet' }, mod('c')], () => ctx);
  await bus.publish('obs.live', { userId: 1, transmissionId: 7, nodeId: 1, streamName: 'ana_live', titulo: 't', resumed: false });
  assert.deepEqual(seen, ['a:7', 'b:7', 'c:7']);
  assert.deepEqual(lines, ['eventos: obs.live → b: falhou']);
  await bus.publish('obs.drop', { userId: 1, transmissionId: 7, standby: false });
  assert.equal(seen.length, 3);
});
