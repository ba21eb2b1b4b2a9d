import assert from 'node:assert/strict';
import { test } from 'node:test';
import { downloadPhase, startDownloadBody, youtubeVideoId, youtubeWatchUrl } from './downloads.ts';
import { msg } from './messages.ts';

test('video-platform links: watch, short, embed, v and shorts links with an 11-character id', () => {
  for (const [link, id] of [
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&t=42', 'dQw4w9WgXcQ'],
    ['http://m.youtube.com/watch?feature=share&v=a_b-c1234_Z', 'a_b-c1234_Z'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/v/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  https://youtu.be/dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ] as const) assert.equal(youtubeVideoId(link), id, link);
});

test('anything else is not a video-platform link', () => {
  for (const link of [
    'https://www.youtube.com/watch?v=short', 'https://www.youtube.com/watch?v=dQw4w9WgXcQX', 'https://www.youtube.com/playlist?list=PL123',
    'https://www.youtube.com/@canal', 'https://youtu.be/', 'https://youtu.be/dQw4w9WgXcQ/extra', 'https://evil.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
    'https://user@www.youtube.com/watch?v=dQw4w9WgXcQ', 'ftp://youtube.com/watch?v=dQw4w9WgXcQ', 'youtube.com/watch?v=dQw4w9WgXcQ',
    'dQw4w9WgXcQ', 'file:///etc/passwd', 'concat:a|b', '',
  ]) assert.equal(youtubeVideoId(link), null, link);
});

test('the address given to yt-dlp is rebuilt from the id alone', () => {
  assert.equal(youtubeWatchUrl('dQw4w9WgXcQ'), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
});

test('a download needs the link and a folder; quality and format are the fixed ones', () => {
  const ok = startDownloadBody.parse({ url: ' https://youtu.be/dQw4w9WgXcQ ', id_pasta: '7' });
  assert.deepEqual(ok, { url: 'https://youtu.be/dQw4w9WgXcQ', id_pasta: 7, quality: 'best[height<=1080]', format: 'mp4' });
  for (const body of [{}, { url: '', id_pasta: 7 }, { url: 'https://youtu.be/dQw4w9WgXcQ' }, { url: 'https://youtu.be/dQw4w9WgXcQ', id_pasta: '' }]) {
    const r = startDownloadBody.safeParse(body);
    assert.equal(r.success, false);
    assert.equal(r.error?.issues[0]?.message, msg.downloadFieldsRequired, JSON.stringify(body));
  }
  assert.equal(startDownloadBody.safeParse({ url: 'https://youtu.be/dQw4w9WgXcQ', id_pasta: 1, format: 'webm' }).success, false);
});

test('status values: the four named ones, anything else is processing', () => {
  for (const s of ['downloading', 'uploading', 'completed', 'error'] as const) assert.equal(downloadPhase(s), s);
  for (const s of ['processing', 'merging', '', null, undefined]) assert.equal(downloadPhase(s), 'processing');
});
