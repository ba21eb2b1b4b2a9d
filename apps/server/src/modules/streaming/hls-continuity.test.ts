import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { restartsHls } from './hls-continuity.ts';

describe('HLS continuity of a channel source', () => {
  const playout = { id: 7, started_at: '2026-11-26T10:00:00.000Z' };
  const obs = { id: 9, ended_at: '2026-11-26T10:05:00.000Z' };
  const at = (iso: string) => Date.parse(iso);

  test('a broadcast publishing for the first time starts a new playlist', () => {
    assert.equal(restartsHls({ id: 7, started_at: null }, undefined, null), true);
  });

  test('its next run continues the playlist while nothing else had the stream', () => {
    assert.equal(restartsHls(playout, { id: 7, ended_at: null }, at('2026-11-26T10:03:00.000Z')), false);
    assert.equal(restartsHls(playout, undefined, at('2026-11-26T10:03:00.000Z')), false);
  });

  test('coming back after OBS had the stream, the playlist OBS wrote is started again', () => {
    assert.equal(restartsHls(playout, obs, at('2026-11-26T10:04:59.000Z')), true);
    assert.equal(restartsHls(playout, { id: 9, ended_at: null }, at('2026-11-26T10:04:59.000Z')), true);
  });

  test('once the playout wrote the playlist after OBS left, its later runs continue it (no gap for the players)', () => {
    assert.equal(restartsHls(playout, obs, at('2026-11-26T10:05:30.000Z')), false);
  });
});
