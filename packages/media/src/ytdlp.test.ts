import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  YTDLP_FORMAT, YTDLP_INFO_FILE, classifyYtdlpFailure, overallPercent, parseYtdlpProgress, readYtdlpInfo, ytdlpDownloadArgs,
  ytdlpInfoArgs, ytdlpProbeArgs,
} from './ytdlp.ts';

const URL_ = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const after = (a: string[], flag: string) => a[a.indexOf(flag) + 1];

test('probe and info runs: no config, no playlist, the format rule, the link alone after --', () => {
  for (const a of [ytdlpProbeArgs(URL_), ytdlpInfoArgs(URL_)]) {
    for (const flag of ['--ignore-config', '--no-playlist', '--no-cache-dir']) assert.ok(a.includes(flag), flag);
    assert.deepEqual(a.slice(-2), ['--', URL_]);
    assert.equal(after(a, '-f'), YTDLP_FORMAT);
  }
  assert.ok(ytdlpProbeArgs(URL_).includes('-J'));
  const info = ytdlpInfoArgs(URL_);
  assert.ok(info.includes('--skip-download') && info.includes('--write-info-json'));
  assert.equal(after(info, '-o'), 'info'); // → info.info.json, a name of ours
});

test('the format asks for at most 1080p and prefers MP4/M4A', () => {
  for (const alt of YTDLP_FORMAT.split('/').slice(0, -1)) assert.match(alt, /\[height<=\?1080\]/);
  assert.match(YTDLP_FORMAT, /^bv\*\[height<=\?1080\]\[ext=mp4\]\+ba\[ext=m4a\]/);
});

test('download run: from the checked info file, to media.<ext>, MP4, size cap, progress lines', () => {
  const a = ytdlpDownloadArgs({ maxBytes: 4096 * 1024 * 1024, ffmpegLocation: '/opt/ffmpeg/bin/ffmpeg' });
  assert.equal(after(a, '--load-info-json'), YTDLP_INFO_FILE);
  assert.equal(after(a, '-o'), 'media.%(ext)s');
  assert.equal(after(a, '--merge-output-format'), 'mp4');
  assert.equal(after(a, '--remux-video'), 'mp4');
  assert.equal(after(a, '--max-filesize'), String(4096 * 1024 * 1024));
  assert.equal(after(a, '--ffmpeg-location'), '/opt/ffmpeg/bin/ffmpeg');
  assert.ok(a.includes('--newline') && a.includes('--ignore-config') && a.includes('--no-playlist'));
  assert.match(after(a, '--progress-template')!, /^download:\[painel\] /);
  // a bare command name is found on PATH by yt-dlp itself
  assert.ok(!ytdlpDownloadArgs({ maxBytes: 10, ffmpegLocation: 'ffmpeg' }).includes('--ffmpeg-location'));
  assert.throws(() => ytdlpDownloadArgs({ maxBytes: 0 }));
});

test('only web addresses reach yt-dlp', () => {
  for (const bad of ['file:///etc/passwd', 'concat:a|b', '-o /tmp/x', 'https://exa mple.com/x', 'ftp://h/x']) {
    assert.throws(() => ytdlpProbeArgs(bad), bad);
    assert.throws(() => ytdlpInfoArgs(bad), bad);
  }
});

test('progress lines: bytes, totals (declared or estimated), the part; other output ignored', () => {
  assert.deepEqual(parseYtdlpProgress('[painel] downloading 3072 103486 NA mp4'), { status: 'downloading', downloaded: 3072, total: 103486, formatId: 'mp4' });
  assert.deepEqual(parseYtdlpProgress('[painel] downloading 1024 NA 2000000.5 137'), { status: 'downloading', downloaded: 1024, total: 2000000.5, formatId: '137' });
  assert.deepEqual(parseYtdlpProgress('[painel] finished 103486 103486 NA 140'), { status: 'finished', downloaded: 103486, total: 103486, formatId: '140' });
  assert.equal(parseYtdlpProgress('[painel] downloading NA NA NA NA')?.downloaded, null);
  assert.equal(parseYtdlpProgress('[download] Destination: media.mp4'), null);
  assert.equal(parseYtdlpProgress('[painel] whatever 1 2 3 x'), null);
});

test('overall percent: a merged download counts picture then sound by size', () => {
  const parts = [{ formatId: '137', bytes: 900 }, { formatId: '140', bytes: 100 }];
  assert.equal(overallPercent(parts, '137', 0.5), 45);
  assert.equal(overallPercent(parts, '140', 0), 90);
  assert.equal(overallPercent(parts, '140', 1), 100);
  assert.equal(overallPercent([{ formatId: 'a', bytes: null }, { formatId: 'b', bytes: null }], 'b', 0.5), 75);
  assert.equal(overallPercent([{ formatId: 'mp4', bytes: null }], 'mp4', 0.25), 25);
  assert.equal(overallPercent([], '', Number.NaN), 0);
});

test('info: one video with its facts and the addresses to check; a playlist is refused', () => {
  const facts = readYtdlpInfo({
    _type: 'video', id: 'dQw4w9WgXcQ', title: 'Clipe', uploader: 'Canal', duration: 212, view_count: 10,
    thumbnail: 'https://i.ytimg.com/vi/x/maxresdefault.webp',
    thumbnails: [{ url: 'https://i.ytimg.com/vi/x/default.jpg', width: 120 }, { url: 'https://i.ytimg.com/vi/x/hqdefault.jpg', width: 480 }, { url: 'https://i.ytimg.com/vi/x/maxres.jpg', width: 1280 }],
    requested_formats: [
      { format_id: '137', url: 'https://r1.googlevideo.com/v', filesize: 9000 },
      { format_id: '140', url: 'https://r2.googlevideo.com/a', filesize_approx: 1000 },
    ],
  });
  assert.ok(facts);
  assert.equal(facts.title, 'Clipe');
  assert.equal(facts.uploader, 'Canal');
  assert.equal(facts.duration, 212);
  assert.equal(facts.filesize, 10000);
  assert.equal(facts.thumbnail, 'https://i.ytimg.com/vi/x/hqdefault.jpg');
  assert.deepEqual(facts.mediaUrls, ['https://r1.googlevideo.com/v', 'https://r2.googlevideo.com/a']);
  assert.deepEqual(facts.parts.map((p) => p.formatId), ['137', '140']);

  const direct = readYtdlpInfo({ id: 'clip', title: 'clip', url: 'http://127.0.0.1:9/clip.mp4', format_id: 'mp4' });
  assert.deepEqual(direct?.mediaUrls, ['http://127.0.0.1:9/clip.mp4']);
  assert.equal(direct?.filesize, null);
  assert.equal(direct?.uploader, null);
  assert.equal(readYtdlpInfo({ _type: 'playlist', entries: [] }), null);
  assert.equal(readYtdlpInfo({ id: 'x', title: 'sem mídia' }), null);
  assert.equal(readYtdlpInfo('texto'), null);
});

test('failures are told apart for the Portuguese message', () => {
  assert.equal(classifyYtdlpFailure(['[download] File is larger than max-filesize (103486 bytes > 50000 bytes). Aborting.']), 'too-big');
  assert.equal(classifyYtdlpFailure(['ERROR: [youtube] abc: Private video. Sign in if you\'ve been granted access']), 'unavailable');
  assert.equal(classifyYtdlpFailure(['ERROR: [youtube] abc: Video unavailable']), 'unavailable');
  assert.equal(classifyYtdlpFailure(['ERROR: Unsupported URL: https://example.com/']), 'unsupported');
  assert.equal(classifyYtdlpFailure(['ERROR: unable to download video data: <urlopen error [Errno 111] Connection refused>']), 'unknown');
});
