import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { hasControlChars, noControlChars } from './control-chars.ts';
import { downloadLinkBody, startDownloadBody } from './downloads.ts';
import { ftpConnectBody, ftpListBody, ftpMigrateBody, ftpScanBody, isRemoteName, isRemotePath } from './ftp-migration.ts';
import { startLiveBody } from './lives.ts';
import { msg } from './messages.ts';
import { errorText } from './errors.ts';
import { relayStartBody } from './relay.ts';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
/** Every C0 control character and DEL. */
const CONTROLS = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f'];

test('control characters: every C0 character and DEL, nothing printable', () => {
  for (const c of CONTROLS) assert.equal(hasControlChars(`abc${c}def`), true, JSON.stringify(c));
  for (const ok of ['', 'rtmp://a.rtmp.youtube.com/live2', 'chave-123_ABC.x', 'São Paulo – TV ção', ' espaço ', '\u0080', '\u00a0', '😀', '\u2028']) {
    assert.equal(hasControlChars(ok), false, JSON.stringify(ok));
  }
});

test('the tab is let through only where asked (free text), never anything else', () => {
  assert.equal(hasControlChars('a\tb'), true);
  assert.equal(hasControlChars('a\tb', { allowTab: true }), false);
  for (const c of CONTROLS.filter((x) => x !== '\t')) assert.equal(hasControlChars(`a${c}b`, { allowTab: true }), true, JSON.stringify(c));
});

test('noControlChars: refuses with the catalogue message, after the schema\'s own trim', () => {
  const schema = noControlChars(z.string().trim().min(1, msg.liveRequired));
  assert.equal(first(schema.safeParse('abc\u0000def')), errorText('control_chars'));
  assert.equal(first(schema.safeParse('abc\ndef')), errorText('control_chars'));
  // a line break at the end of a paste is trimmed, not refused
  assert.equal(schema.parse('  abc\r\n'), 'abc');
  assert.equal(first(schema.safeParse('')), msg.liveRequired);
});

const live = {
  tipo: 'youtube', servidor_rtmp: 'rtmp://a.rtmp.youtube.com/live2', servidor_rtmp_chave: 'abcd-efgh-ijkl',
  servidor_stm: 'https://tv.exemplo.com.br/hls/canal/index.m3u8', data_fim: '01/01/2030 10:00',
};

test('start-live: the server, the key and the source refuse control characters (they reach the ffmpeg argv)', () => {
  assert.equal(startLiveBody.safeParse(live).success, true);
  for (const field of ['servidor_rtmp', 'servidor_rtmp_chave', 'servidor_stm'] as const) {
    for (const bad of ['abc\u0000def', 'abc\tdef', 'abc\r\ndef', 'abc\u001bdef', 'abc\u007fdef']) {
      assert.equal(first(startLiveBody.safeParse({ ...live, [field]: `${live[field]}${bad}` })), errorText('control_chars'), `${field} ${JSON.stringify(bad)}`);
    }
  }
  // a field left out still says it is required
  assert.equal(first(startLiveBody.safeParse({ ...live, servidor_rtmp_chave: '' })), msg.liveRequired);
});

test('relay start and download links refuse control characters', () => {
  assert.equal(first(relayStartBody.safeParse({ relay_url: 'rtmp://origem.exemplo.com/app/st\u0000ream' })), errorText('control_chars'));
  assert.equal(first(relayStartBody.safeParse({ relay_url: 'rtmp://origem.exemplo.com/app/st\tream' })), errorText('control_chars'));
  assert.equal(relayStartBody.safeParse({ relay_url: 'rtmp://origem.exemplo.com/app/stream' }).success, true);
  assert.equal(first(downloadLinkBody.safeParse({ url: 'https://youtu.be/dQw4w9WgXcQ\u0000' })), errorText('control_chars'));
  assert.equal(first(startDownloadBody.safeParse({ url: 'https://youtu.be/\ndQw4w9WgXcQ', id_pasta: 1 })), errorText('control_chars'));
  assert.equal(downloadLinkBody.safeParse({ url: 'https://youtu.be/dQw4w9WgXcQ' }).success, true);
});

test('FTP connection: host and user refuse every control character; the password takes a tab but no other', () => {
  const ok = { ip: 'ftp.exemplo.com.br', usuario: 'cliente', senha: 'se nha', porta: 21 };
  assert.equal(ftpConnectBody.safeParse(ok).success, true);
  for (const bad of ['\u0000', '\r\nDELE /x', '\t', '\u007f']) {
    assert.equal(first(ftpConnectBody.safeParse({ ...ok, ip: `ftp.exemplo${bad}.com.br` })), errorText('control_chars'), `ip ${JSON.stringify(bad)}`);
    assert.equal(first(ftpConnectBody.safeParse({ ...ok, usuario: `cli${bad}ente` })), errorText('control_chars'), `usuario ${JSON.stringify(bad)}`);
  }
  for (const bad of ['\u0000', '\r\nDELE /x', '\n', '\u001b']) {
    assert.equal(first(ftpConnectBody.safeParse({ ...ok, senha: `se${bad}nha` })), errorText('control_chars'), `senha ${JSON.stringify(bad)}`);
  }
  assert.equal(ftpConnectBody.parse({ ...ok, senha: 'se\tnha' }).senha, 'se\tnha');
  // a blank field is still "not filled in"
  assert.equal(first(ftpConnectBody.safeParse({ ...ok, usuario: '  ' })), msg.ftpFieldsRequired);
});

test('FTP paths: any control character makes a path invalid, and such names are not offered', () => {
  for (const c of CONTROLS) {
    assert.equal(isRemotePath(`/videos/a${c}b.mp4`), false, JSON.stringify(c));
    assert.equal(isRemoteName(`a${c}b.mp4`), false, JSON.stringify(c));
  }
  assert.equal(isRemotePath('/vídeos/abertura final.mp4'), true);
  assert.equal(isRemoteName('abertura final.mp4'), true);
  assert.equal(first(ftpListBody.safeParse({ path: '/a\tb' })), errorText('ftp_remote_path_invalid'));
  assert.equal(first(ftpScanBody.safeParse({ directoryPath: '/a\u0000b' })), errorText('ftp_remote_path_invalid'));
  assert.equal(first(ftpMigrateBody.safeParse({ files: ['/a\u001bb.mp4'], destinationFolder: 1 })), errorText('ftp_remote_path_invalid'));
});
