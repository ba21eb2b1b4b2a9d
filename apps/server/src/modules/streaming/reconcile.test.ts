import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RtmpStat, StatStream } from '@painel/media/rtmp-stat';
import type { Suspension } from '@painel/contract';
import { applyReconcile, planReconcile, type OpenBroadcast } from './reconcile.ts';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const ago = (s: number) => new Date(NOW - s * 1000).toISOString();
const stream = (name: string, client: string, timeMs = 60_000): StatStream => ({
  app: 'live', name, timeMs, bytesIn: 1, bwIn: 1000, bitrateBps: 1000, publishing: true,
  publisher: { id: client, address: '1.2.3.4', publishing: true, timeMs }, players: 0, video: null, audio: null,
});
const stat = (...streams: StatStream[]): RtmpStat => ({ nginxVersion: '1', pid: 1, uptimeS: 1, bwIn: 0, streams });
const open = (id: number, name: string, client: string | null, startedS: number, suspension: Suspension = 'active'): OpenBroadcast =>
  ({ id, user_id: id, stream_name: name, client_id: client, started_at: ago(startedS), suspension });

test('a broadcast whose publisher nginx has is live; one without is ended after the grace period', () => {
  const p = planReconcile([open(1, 'a_live', '5', 60), open(2, 'b_live', '6', 60), open(3, 'c_live', '7', 3)], stat(stream('a_live', '5')), NOW, 10_000);
  assert.deepEqual(p.live.map((l) => l.id), [1]);
  assert.deepEqual(p.end, [{ id: 2, reason: 'no_signal' }]);
  assert.deepEqual(p.drop, []);
});

test('a different publisher under the same name does not keep a broadcast alive', () => {
  const p = planReconcile([open(1, 'a_live', '5', 60)], stat(stream('a_live', '9')), NOW, 10_000);
  assert.deepEqual(p.end, [{ id: 1, reason: 'no_signal' }]);
  assert.deepEqual(p.drop, ['a_live']);
});

test('after nginx came back up (restarted: no publish_done), OBS has its own grace to reconnect before its broadcast ends', () => {
  const broadcasts = [open(1, 'a_live', '5', 600)];
  const up = (s: number) => ({ since: NOW - s * 1000, graceMs: 30_000 });
  assert.deepEqual(planReconcile(broadcasts, stat(), NOW, 10_000, up(5)).end, []);
  assert.deepEqual(planReconcile(broadcasts, stat(), NOW, 10_000, up(31)).end, [{ id: 1, reason: 'no_signal' }]);
  // a broadcast that never started is not waited for
  assert.deepEqual(planReconcile([{ ...open(2, 'b_live', null, 0), started_at: null }], stat(), NOW, 10_000, up(5)).end, [{ id: 2, reason: 'no_signal' }]);
});

test('publishers without an open broadcast are dropped (after the grace period); disabled accounts end', () => {
  const p = planReconcile([open(1, 'a_live', '5', 60, 'suspended_by_operator')], stat(stream('a_live', '5'), stream('x_live', '8'), stream('y_live', '9', 2000)), NOW, 10_000);
  assert.deepEqual(p.end, [{ id: 1, reason: 'account_disabled' }]);
  assert.deepEqual(p.drop, ['a_live', 'x_live']);
});

test('applying a plan: a step that fails for one broadcast or publisher is logged, the others are still applied', async () => {
  const ended: number[] = [];
  const dropped: string[] = [];
  const peaks: number[] = [];
  const logs: string[] = [];
  const deps = {
    db: {} as never,
    repo: {
      end: async (_tx: unknown, id: number) => {
        if (id === 1) throw new Error('linha corrompida');
        ended.push(id);
        return true;
      },
      update: async (_tx: unknown, id: number) => {
        if (id === 5) throw new Error('linha corrompida');
        peaks.push(id);
      },
    } as never,
    media: {
      dropPublisher: async (name: string) => {
        if (name === 'a_live') throw new Error('nginx recusou');
        dropped.push(name);
        return true;
      },
    } as never,
    viewers: { activeByUser: async () => new Map<number, number>() } as never,
    activity: { record: async () => undefined } as never,
    log: (m: string) => logs.push(m),
  };
  const row = (id: number) => ({ ...open(id, `u${id}_live`, null, 60), titulo: `t${id}`, peak_bitrate: 0, peak_viewers: 0 });
  const n = await applyReconcile(deps, [1, 2, 5, 6].map(row), {
    end: [{ id: 1, reason: 'no_signal' }, { id: 2, reason: 'no_signal' }],
    drop: ['a_live', 'b_live'],
    live: [5, 6].map((id) => ({ id, user_id: id, stream: stream(`u${id}_live`, 'c') })),
  });
  assert.equal(n, 1);
  assert.deepEqual([ended, dropped, peaks], [[2], ['b_live'], [6]]);
  assert.equal(logs.length, 3);
  assert.ok(logs.every((l) => /linha corrompida|nginx recusou/.test(l)), logs.join('\n'));
});
