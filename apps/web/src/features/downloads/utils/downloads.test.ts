import assert from 'node:assert/strict';
import { test } from 'node:test';
import { msg, type VideoInfo } from '@painel/contract';
import { readStatus } from './download-tracking.ts';
import { linkCheckOf, worthChecking } from './link-check.ts';

const YT = 'https://youtu.be/dQw4w9WgXcQ';
const info: VideoInfo = { title: 'Clipe', uploader: 'Canal', duration: 60, view_count: null, filesize: null, id: 'dQw4w9WgXcQ', thumbnail: '' };
const base = { fetching: false, verdict: undefined, failure: null, invalidText: msg.downloadUrlInvalidShort };

test('link check: nothing typed, typing, asking, then the verdict', () => {
  assert.deepEqual(linkCheckOf({ ...base, typed: '', settled: '' }), { state: 'unknown' });
  assert.deepEqual(linkCheckOf({ ...base, typed: YT, settled: 'https://youtu' }), { state: 'checking' });
  assert.deepEqual(linkCheckOf({ ...base, typed: 'abc', settled: 'ab' }), { state: 'unknown' });
  assert.deepEqual(linkCheckOf({ ...base, typed: YT, settled: YT, fetching: true }), { state: 'checking' });
  assert.deepEqual(linkCheckOf({ ...base, typed: YT, settled: YT, verdict: { valid: true, message: msg.downloadValidUrl, video_info: info } }), { state: 'valid', info });
  const refused = { valid: false, message: msg.downloadNotYoutube('youtube.com'), video_info: null };
  assert.deepEqual(linkCheckOf({ ...base, typed: 'https://vimeo.com/1', settled: 'https://vimeo.com/1', verdict: refused }), { state: 'invalid', reason: refused.message });
  assert.deepEqual(linkCheckOf({ ...base, typed: YT, settled: YT, failure: msg.tooManyRequests }), { state: 'invalid', reason: msg.tooManyRequests });
});

test('link check: text that is no web address is invalid without asking the server', () => {
  assert.deepEqual(linkCheckOf({ ...base, typed: 'meu vídeo', settled: 'meu vídeo' }), { state: 'invalid', reason: msg.downloadUrlInvalidShort });
  assert.equal(worthChecking('file:///etc/passwd'), false);
  assert.equal(worthChecking(YT), true);
  assert.equal(worthChecking('http://127.0.0.1:8080/video.html'), true); // the server knows its declared peers
});

test('status reads: follow the active download, tell how the followed one ended', () => {
  const s = { downloading: false, status: 'completed' as const, id: 7, video_title: 'Clipe', filename: 'Clipe.mp4', error: null };
  assert.deepEqual(readStatus(null, { ...s, downloading: true, status: 'downloading' }), { follow: 7, outcome: null });
  assert.deepEqual(readStatus(7, s), { follow: null, outcome: { kind: 'completed', title: 'Clipe' } });
  assert.deepEqual(readStatus(7, { ...s, status: 'error', error: 'O vídeo não está disponível' }), { follow: null, outcome: { kind: 'error', error: 'O vídeo não está disponível' } });
  // an older download's result on arrival is not news
  assert.deepEqual(readStatus(null, s), { follow: null, outcome: null });
  // cancelled elsewhere: the status now speaks of an older job
  assert.deepEqual(readStatus(8, s), { follow: null, outcome: { kind: 'ended' } });
});
