import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testStreamArgs } from './test-stream.ts';

test('a lavfi test broadcast in H.264/AAC over RTMP, URL after --', () => {
  const a = testStreamArgs({ url: 'rtmp://127.0.0.1:1935/live/demo_live?key=x', seconds: 5, keyframeSeconds: 2, fps: 30 });
  assert.equal(a.at(-1), 'rtmp://127.0.0.1:1935/live/demo_live?key=x');
  assert.equal(a.at(-2), '--');
  assert.ok(a.includes('-nostdin'));
  assert.equal(a[a.indexOf('-g') + 1], '60');
  assert.equal(a[a.indexOf('-t') + 1], '5');
  assert.equal(a[a.indexOf('-f', a.indexOf('-c:a')) + 1], 'flv');
});

test('runs until killed when no duration is given; refuses non-RTMP targets', () => {
  assert.ok(!testStreamArgs({ url: 'rtmp://h/live/x' }).includes('-t'));
  assert.throws(() => testStreamArgs({ url: 'file:/etc/passwd' }));
});
