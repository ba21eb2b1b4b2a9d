import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { errorText, msg } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { leftovers, makeClips, multipart, newFolder, upload, waitFor, type Clips } from '../../testing/library.ts';

describe('video upload', () => {
  let h: Harness;
  let clips: Clips;
  let base: string;
  before(async () => {
    clips = makeClips();
    h = await startHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await h.close();
    clips.close();
  });

  async function account(opts: { espaco?: number; bitrate?: number } = {}) {
    const a = await h.createAccount({ espaco: opts.espaco ?? 1000, bitrate: opts.bitrate ?? 2500 });
    const token = await h.login(a.email, a.password);
    const folderId = await newFolder(h, token, 'Vídeos');
    return { ...a, token, folderId };
  }
  const list = async (token: string, folderId: number) =>
    (await h.app.inject({ url: `/api/videos?folder_id=${folderId}`, headers: bearerHeader(token) })).json<Record<string, unknown>[]>();
  const reservations = async () => (await h.core.store.db.selectFrom('upload_reservations').selectAll().execute()).length;

  /** Nothing of a refused upload may remain: only the given files in the account, nothing staged, no reservation. */
  async function assertClean(login: string, expectedFiles: number) {
    await waitFor(async () => leftovers(h, login).incoming.length === 0 && (await reservations()) === 0);
    const files = leftovers(h, login).account.filter((f) => f.includes('/'));
    assert.equal(files.length, expectedFiles, `arquivos: ${files.join(', ')}`);
  }

  test('a compatible MP4 and two that need conversion get their real verdicts and durations', async () => {
    const a = await account({ bitrate: 2000 });
    const ok = await upload(h, a.token, a.folderId, 'aula 1.mp4', clips.ok);
    assert.equal(ok.statusCode, 200, ok.body);
    const v = ok.json().video;
    assert.equal(ok.json().success, true);
    assert.equal(v.nome, 'aula 1.mp4');
    assert.match(v.url, new RegExp(`^/content/${a.usuario}/V%C3%ADdeos/[0-9a-f]{24}\\.mp4$`));
    assert.deepEqual(
      { f: v.formato_original, mp4: v.is_mp4, st: v.compatibility_status, c: v.compativel, d: v.duracao, ex: v.bitrate_exceeds_limit, lim: v.user_bitrate_limit },
      { f: 'mp4', mp4: true, st: 'compatible', c: 'sim', d: 2, ex: false, lim: 2000 },
    );
    assert.equal(v.tamanho, clips.ok.length);
    assert.ok(v.bitrate_video > 100 && v.bitrate_video < 600, String(v.bitrate_video));
    assert.equal(v.compatibility_message, msg.compatible);

    const avi = (await upload(h, a.token, a.folderId, 'antigo.avi', clips.avi)).json().video;
    assert.deepEqual([avi.formato_original, avi.is_mp4, avi.compatibility_status, avi.compativel, avi.duracao], ['avi', false, 'needs_conversion', 'nao', 2]);
    assert.equal(avi.compatibility_message, msg.needsConversion(`${msg.reasonContainer('avi')}; ${msg.reasonVideoCodec('mpeg4')}`));
    assert.match(avi.url, /\.mp4$/); // playback URLs always carry .mp4

    const hi = (await upload(h, a.token, a.folderId, 'alto.mp4', clips.mid)).json().video;
    assert.equal(hi.compatibility_status, 'needs_conversion');
    assert.equal(hi.bitrate_exceeds_limit, true);
    assert.ok(hi.bitrate_video > 3000, String(hi.bitrate_video));
    assert.match(hi.compatibility_message, /acima do limite do plano \(2000 kbps\)/);

    const rows = await list(a.token, a.folderId);
    assert.deepEqual(rows.map((r) => r.nome), ['alto.mp4', 'antigo.avi', 'aula 1.mp4']);
    const usage = await h.core.library.usageOf(a.id);
    assert.equal(usage.totalVideos, 3);
    assert.equal(usage.espacoUsadoMB, Math.round(((clips.ok.length + clips.avi.length + clips.mid.length) / 1048576) * 100) / 100);
  });

  test('the same name twice is kept with a suffix; the user name never becomes a path', async () => {
    const a = await account();
    await upload(h, a.token, a.folderId, 'aula.mp4', clips.ok);
    const second = (await upload(h, a.token, a.folderId, 'aula.mp4', clips.ok)).json().video;
    assert.equal(second.nome, 'aula (2).mp4');
    const evil = await upload(h, a.token, a.folderId, '../../../etc/passwd.mp4', clips.ok);
    assert.equal(evil.statusCode, 200);
    assert.equal(evil.json().video.nome, 'passwd.mp4');
    const win = await upload(h, a.token, a.folderId, '..\\..\\x.mp4', clips.ok);
    assert.equal(win.json().video.nome, 'x.mp4');
    const files = leftovers(h, a.usuario).account;
    assert.ok(files.every((f) => f === 'Vídeos' || /^Vídeos\/[0-9a-f]{24}\.mp4$/.test(f)), files.join(', '));
    assert.equal(files.length, 5);
  });

  test('a text file named .mp4 is refused and nothing is kept', async () => {
    const a = await account();
    const r = await upload(h, a.token, a.folderId, 'falso.mp4', Buffer.from('isto não é um vídeo\n'.repeat(100)));
    assert.equal(r.statusCode, 415);
    assert.deepEqual(r.json(), { success: false, error: msg.uploadNotVideo, code: 'upload_not_video' });
    assert.deepEqual(await list(a.token, a.folderId), []);
    await assertClean(a.usuario, 0);
  });

  test("a playlist pointing at another account's video is refused, never probed through", async () => {
    const victim = await account();
    const kept = (await upload(h, victim.token, victim.folderId, 'segredo.mp4', clips.ok)).json().video;
    const file = path.join(h.config.dataDir, 'storage', victim.usuario, 'Vídeos', path.basename(new URL(kept.url, 'http://x').pathname));
    assert.ok(fs.existsSync(file), file);
    const a = await account();
    const m3u8 = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${file}\n#EXT-X-ENDLIST\n`;
    const r = await upload(h, a.token, a.folderId, 'lista.mp4', Buffer.from(m3u8));
    assert.equal(r.statusCode, 415);
    assert.deepEqual(await list(a.token, a.folderId), []);
    await assertClean(a.usuario, 0);
  });

  test('requests without folder, file or multipart get their messages', async () => {
    const a = await account();
    const noFolder = await upload(h, a.token, '', 'a.mp4', clips.ok);
    assert.equal(noFolder.statusCode, 400);
    assert.equal(noFolder.json().error, msg.selectFolderFirst);
    const otherFolder = await upload(h, a.token, 999999, 'a.mp4', clips.ok);
    assert.equal(otherFolder.statusCode, 404);
    const body = multipart('a.mp4', clips.ok, 'arquivo');
    const wrongField = await h.app.inject({
      method: 'POST', url: `/api/videos/upload?folder_id=${a.folderId}`,
      headers: { ...bearerHeader(a.token), 'content-type': body.contentType }, payload: body.payload,
    });
    assert.equal(wrongField.statusCode, 400);
    assert.equal(wrongField.json().error, errorText('upload_no_file'));
    const json = await h.app.inject({ method: 'POST', url: `/api/videos/upload?folder_id=${a.folderId}`, headers: bearerHeader(a.token), payload: {} });
    assert.equal(json.statusCode, 415);
    const anon = await h.app.inject({ method: 'POST', url: `/api/videos/upload?folder_id=${a.folderId}` });
    assert.equal(anon.statusCode, 401);
    await assertClean(a.usuario, 0);
  });

  test('over quota: refused with 413 before reading when the size is declared', async () => {
    const a = await account({ espaco: 1 });
    const r = await upload(h, a.token, a.folderId, 'grande.mp4', clips.big);
    assert.equal(r.statusCode, 413);
    assert.equal(r.json().error, errorText('quota_exceeded', { totalMb: 1, usedMb: 0 }));
    assert.deepEqual(await list(a.token, a.folderId), []);
    await assertClean(a.usuario, 0);
  });

  test('two parallel uploads that together pass the plan: one is kept, the other refused', async () => {
    const a = await account({ espaco: 1 }); // each clip ~0.56 MB
    const [r1, r2] = await Promise.all([
      upload(h, a.token, a.folderId, 'um.mp4', clips.mid),
      upload(h, a.token, a.folderId, 'dois.mp4', clips.mid),
    ]);
    assert.deepEqual([r1.statusCode, r2.statusCode].sort(), [200, 413]);
    assert.equal((await list(a.token, a.folderId)).length, 1);
    await assertClean(a.usuario, 1);
  });

  test('jobs import a finished file through the same quota and probing', async () => {
    const a = await account({ espaco: 1 });
    const owner = { userId: a.id, accountId: a.id, login: a.usuario, bitrate: 2500, espaco: 1 };
    const staged = async (buf: Buffer) => {
      const p = await h.core.library.storage.tempPath('up');
      fs.writeFileSync(p, buf);
      return p;
    };
    const v = await h.core.library.videos.importFile(owner, a.folderId, await staged(clips.ok), 'convertido.mp4', { otimizado: true });
    assert.deepEqual([v.nome, v.compativel], ['convertido.mp4', 'otimizado']);
    assert.equal((await list(a.token, a.folderId))[0]?.compativel, 'otimizado');
    const big = await staged(clips.big);
    await assert.rejects(h.core.library.videos.importFile(owner, a.folderId, big, 'grande.mp4'), (e: Error) => /Espaço de armazenamento/.test(e.message));
    assert.ok(fs.existsSync(big), 'a refused file stays for the job to report');
    fs.rmSync(big);
    await assertClean(a.usuario, 1);
  });

  /** Sends the multipart body with chunked encoding (no declared size), optionally cutting the connection midway. */
  function rawUpload(token: string, folderId: number, content: Buffer, cutAt?: number) {
    const body = multipart('stream.mp4', content);
    return new Promise<{ status: number; body: string } | 'cut'>((resolve) => {
      const req = http.request(`${base}/api/videos/upload?folder_id=${folderId}`, {
        method: 'POST',
        headers: { ...bearerHeader(token), 'content-type': body.contentType, 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', () => resolve('cut'));
      });
      req.on('error', () => resolve('cut'));
      req.write(body.head);
      const end = cutAt ?? content.length;
      for (let i = 0; i < end; i += 32 * 1024) req.write(content.subarray(i, Math.min(i + 32 * 1024, end)));
      if (cutAt === undefined) req.end(body.tail);
      else setTimeout(() => req.destroy(), 100);
    });
  }

  test('over quota while streaming without a declared size: stopped at the limit with 413', async () => {
    const a = await account({ espaco: 1 });
    const r = await rawUpload(a.token, a.folderId, clips.big);
    assert.notEqual(r, 'cut');
    if (r === 'cut') return;
    assert.equal(r.status, 413);
    assert.equal(JSON.parse(r.body).error, errorText('quota_exceeded', { totalMb: 1, usedMb: 0 }));
    await assertClean(a.usuario, 0);
    // within the plan the same path works
    const ok = await rawUpload(a.token, a.folderId, clips.mid);
    assert.equal(ok !== 'cut' && ok.status, 200);
    await assertClean(a.usuario, 1);
  });

  test('an upload cut off midway leaves neither file nor row', async () => {
    const a = await account();
    const r = await rawUpload(a.token, a.folderId, clips.big, Math.floor(clips.big.length / 2));
    assert.equal(r, 'cut');
    await assertClean(a.usuario, 0);
    assert.deepEqual(await list(a.token, a.folderId), []);
  });
});
