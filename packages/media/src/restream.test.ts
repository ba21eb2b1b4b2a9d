import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyExit, createOutputGrowth, restreamArgs } from './restream.ts';

const DEST = 'rtmp://a.rtmp.youtube.com/live2/abcd-1234';

test('restream argv: copy, no re-encode, protocol allow-lists, the destination after --', () => {
  const a = restreamArgs({ source: 'rtmp://127.0.0.1:1935/live/anatv_live', destination: DEST, ioTimeoutSeconds: 5 });
  assert.deepEqual(a.slice(a.indexOf('-c'), a.indexOf('-c') + 2), ['-c', 'copy']);
  assert.ok(!a.some((x) => /^-(c:v|vcodec|b:v|s|r|filter|vf)$/.test(x)), 'nada é recodificado');
  assert.deepEqual(a.slice(-2), ['--', DEST]);
  assert.equal(a[a.indexOf('-i') + 1], 'rtmp://127.0.0.1:1935/live/anatv_live');
  // one allow-list before the input, one before the output
  const lists = a.flatMap((x, i) => (x === '-protocol_whitelist' ? [a[i + 1]] : []));
  assert.deepEqual(lists, ['rtmp,tcp', 'rtmp,rtmps,tcp,tls']);
  assert.equal(a.filter((x) => x === '-rw_timeout').length, 2);
  assert.equal(a[a.indexOf('-rw_timeout') + 1], '5000000');
  assert.deepEqual(a.slice(a.indexOf('-progress'), a.indexOf('-progress') + 2), ['-progress', 'pipe:1']);
});

test('restream argv refuses what ffmpeg should never open', () => {
  assert.throws(() => restreamArgs({ source: 'file:///etc/passwd', destination: DEST }));
  assert.throws(() => restreamArgs({ source: 'rtmp://127.0.0.1/live/x', destination: 'file:///tmp/x.flv' }));
  assert.throws(() => restreamArgs({ source: 'rtmp://127.0.0.1/live/x', destination: '-y' }));
});

test('output growth: only a larger total_size past the header proves bytes flow', () => {
  const g = createOutputGrowth();
  assert.equal(g.grew('frame=10'), false);
  assert.equal(g.grew('total_size=563'), false); // header and metadata
  assert.equal(g.grew('total_size=138160'), true);
  assert.equal(g.grew('total_size=138160'), false); // stuck
  assert.equal(g.grew('total_size=187341'), true);
  assert.equal(g.bytes(), 187341);
});

test('exit classification: a publish turned down is refused; lost or refused connections are not', () => {
  assert.equal(classifyExit([`${DEST}: Input/output error`], DEST, false), 'refused');
  assert.equal(classifyExit(['[rtmp @ 0x1] Server error: Authentication failed', `${DEST}: Unknown error`], DEST, false), 'refused');
  assert.equal(classifyExit([`${DEST}: Input/output error`], DEST, true), 'network'); // it was flowing: a drop
  assert.equal(classifyExit(['[tcp @ 0x1] Connection to tcp://1.2.3.4:1935 failed: Connection refused', `${DEST}: Connection refused`], DEST, false), 'network');
  assert.equal(classifyExit(['[rtmp @ 0x1] Cannot open connection tcp://x', `${DEST}: Input/output error`], DEST, false), 'network');
  assert.equal(classifyExit(['rtmp://127.0.0.1:1935/live/x_live: Input/output error'], DEST, false), 'network'); // the source
  assert.equal(classifyExit([], DEST, false), 'network');
});
