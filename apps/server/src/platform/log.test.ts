import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactUrl } from './log.ts';

test('redactUrl keeps what is not a secret', () => {
  assert.equal(redactUrl('/api/videos?folder_id=3'), '/api/videos?folder_id=3');
  assert.equal(redactUrl('/x?KEY=a&b=2&auth%5Ftoken=z'), '/x?KEY=[oculto]&b=2&auth%5Ftoken=[oculto]');
  assert.equal(redactUrl('/api/rtmp/hook/abc/publish_done'), '/api/rtmp/hook/[oculto]/publish_done');
  // the owner's preview grant: whoever reads the log must not be able to watch uncounted
  assert.equal(redactUrl('/hls/ana_live.m3u8?previa=1712345678.abc-_'), '/hls/ana_live.m3u8?previa=[oculto]');
});
