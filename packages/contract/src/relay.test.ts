import assert from 'node:assert/strict';
import { test } from 'node:test';
import { msg } from './messages.ts';
import { inferRelayType, relayStartBody, relayValidateBody } from './relay.ts';

test('the type an address implies: .m3u8 anywhere is HLS, rtmp at the start is RTMP', () => {
  assert.equal(inferRelayType('https://cdn.exemplo.com/live/index.m3u8'), 'm3u8');
  assert.equal(inferRelayType('  HTTPS://cdn.exemplo.com/x.M3U8?token=1 '), 'm3u8');
  assert.equal(inferRelayType('rtmp://origem.exemplo.com/app/stream'), 'rtmp');
  assert.equal(inferRelayType('rtmps://origem.exemplo.com/app/stream'), 'rtmp');
  assert.equal(inferRelayType('rtmp://origem.exemplo.com/app/stream.m3u8'), 'm3u8');
  assert.equal(inferRelayType('https://exemplo.com/video.mp4'), null);
  assert.equal(inferRelayType(''), null);
});

test('start body: the address is required, the type optional and one of the two', () => {
  const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
  assert.equal(first(relayStartBody.safeParse({})), msg.relayUrlRequired);
  assert.equal(first(relayStartBody.safeParse({ relay_url: '  ' })), msg.relayUrlRequired);
  assert.equal(first(relayStartBody.safeParse({ relay_url: 'rtmp://a/b', relay_type: 'srt' })), msg.relayUrlForm);
  assert.deepEqual(relayStartBody.parse({ relay_url: ' rtmp://a/b ', server_id: 3 }), { relay_url: 'rtmp://a/b', server_id: 3 });
  assert.deepEqual(relayValidateBody.parse({}), { url: '' });
});
