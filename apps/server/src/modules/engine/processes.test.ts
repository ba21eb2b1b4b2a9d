import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AppError } from '../../platform/errors.ts';
import { startHarness, type Harness } from '../../testing/harness.ts';

/**
 * The engine's processes service owns every transition of `media_processes`: what suspension,
 * a move and the channel ask of it, and the start guards other modules register.
 */
describe('engine: the transitions of the processes service', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const rows = (userId: number) => h.core.store.db.selectFrom('media_processes')
    .select(['id', 'kind', 'desired', 'state', 'held', 'node_id', 'end_at']).where('user_id', '=', userId).orderBy('id').execute();

  test('stop all of an account, restore the parked ones, move them to another node', async () => {
    const { processes } = h.core.services;
    const db = h.core.store.db;
    const a = await h.createAccount();
    const b = await h.createAccount();
    const mk = (userId: number, kind: 'restream' | 'playout', held = false) =>
      processes.create(db, { userId, nodeId: 1, kind, startAt: Date.now(), endAt: null, held });
    const r1 = await mk(a.id, 'restream');
    const r2 = await mk(a.id, 'playout', true);
    const done = await mk(a.id, 'restream');
    await processes.stop(db, a.id, done.id);
    const other = await mk(b.id, 'restream');

    const parked = await db.transaction().execute((tx) => processes.stopAll(tx, a.id));
    assert.deepEqual(parked, [r1.id, r2.id]);
    assert.ok((await rows(a.id)).every((r) => r.desired === 'stopped' && r.state === 'finished'));
    assert.equal((await rows(b.id))[0]!.desired, 'running', "another account's rows are not touched");

    await db.transaction().execute((tx) => processes.rehome(tx, a.id, 2));
    await processes.restore(db, a.id, parked);
    const back = await rows(a.id);
    assert.deepEqual(back.map((r) => [r.id, r.desired, r.state, r.node_id]), [
      [r1.id, 'running', 'starting', 2], [r2.id, 'running', 'held', 2], [done.id, 'stopped', 'finished', 2],
    ]);
    assert.equal((await rows(b.id))[0]!.node_id, 1);
    assert.equal(other.node_id, 1);
  });

  test('hold and release the rows of some kinds, with the end time of one kind', async () => {
    const { processes } = h.core.services;
    const db = h.core.store.db;
    const a = await h.createAccount();
    const play = await processes.create(db, { userId: a.id, nodeId: 1, kind: 'playout', startAt: Date.now(), endAt: null });
    const rest = await processes.create(db, { userId: a.id, nodeId: 1, kind: 'restream', startAt: Date.now(), endAt: null });
    const slate = await processes.create(db, { userId: a.id, nodeId: 1, kind: 'reserva', startAt: Date.now(), endAt: null });
    await processes.hold(db, a.id, ['playout', 'reserva'], true, { kind: 'reserva', at: null });
    const held = Object.fromEntries((await rows(a.id)).map((r) => [r.id, r.held]));
    assert.deepEqual(held, { [play.id]: 1, [rest.id]: 0, [slate.id]: 1 });
    const until = new Date(Date.now() + 60_000).toISOString();
    await processes.hold(db, a.id, ['playout', 'reserva'], false, { kind: 'reserva', at: until });
    const released = await rows(a.id);
    assert.ok(released.every((r) => r.held === 0));
    assert.equal(released.find((r) => r.id === slate.id)!.end_at, until);
    assert.equal(released.find((r) => r.id === play.id)!.end_at, null);
  });

  test("a registered start guard refuses the account's new rows, and the refusal names it", async () => {
    const { processes } = h.core.services;
    const db = h.core.store.db;
    const a = await h.createAccount();
    const b = await h.createAccount();
    processes.addStartGuard(async (_tx, userId) => (userId === a.id ? new AppError('account_moving') : null));
    await assert.rejects(processes.create(db, { userId: a.id, nodeId: 1, kind: 'restream', startAt: Date.now(), endAt: null }),
      (e: AppError) => e.code === 'account_moving');
    assert.equal((await processes.refusal(db, a.id))?.code, 'account_moving');
    assert.equal(await processes.refusal(db, b.id), null);
    assert.equal((await processes.create(db, { userId: b.id, nodeId: 1, kind: 'restream', startAt: Date.now(), endAt: null })).user_id, b.id);
  });
});
