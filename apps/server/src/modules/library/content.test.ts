import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorText } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { createGrants } from '../../platform/crypto.ts';
import { secret } from '../../platform/secrets.ts';
import { parseRange } from '../../platform/http.ts';
import { contentDisposition } from './content.routes.ts';
import { contentGrant } from './video-view.ts';
import { leftovers, makeClips, newFolder, upload, type Clips } from '../../testing/library.ts';

describe('byte ranges and download names', () => {
  test('parseRange', () => {
    assert.deepEqual(parseRange('bytes=0-9', 100), { start: 0, end: 9 });
    assert.deepEqual(parseRange('bytes=90-', 100), { start: 90, end: 99 });
    assert.deepEqual(parseRange('bytes=-10', 100), { start: 90, end: 99 });
    assert.deepEqual(parseRange('bytes=50-500', 100), { start: 50, end: 99 });
    assert.equal(parseRange('bytes=100-', 100), 'unsatisfiable');
    assert.equal(parseRange('bytes=-0', 100), 'unsatisfiable');
    assert.equal(parseRange('bytes=0-1,5-6', 100), null);
    assert.equal(parseRange('items=0-1', 100), null);
    assert.equal(parseRange('bytes=9-2', 100), null);
    assert.equal(parseRange(undefined, 100), null);
  });

  test('Content-Disposition keeps the original name, ASCII fallback plus RFC 5987', () => {
    assert.equal(contentDisposition('Aula Nº 1 "final".mp4'), `attachment; filename="Aula No 1 _final_.mp4"; filename*=UTF-8''Aula%20N%C2%BA%201%20%22final%22.mp4`);
  });
});

describe('playback, download and isolation between accounts', () => {
  let h: Harness;
  let clips: Clips;
  let A: { id: number; usuario: string; token: string; folderId: number; video: { id: number; url: string; content_token: string } };
  let B: { id: number; usuario: string; token: string; folderId: number };

  before(async () => {
    clips = makeClips();
    h = await startHarness();
    const a = await h.createAccount();
    const b = await h.createAccount();
    const ta = await h.login(a.email, a.password);
    const tb = await h.login(b.email, b.password);
    const fa = await newFolder(h, ta, 'Aulas');
    const fb = await newFolder(h, tb, 'Aulas'); // same name on purpose
    const video = (await upload(h, ta, fa, 'Aula Nº 1.avi', clips.avi)).json().video;
    A = { ...a, token: ta, folderId: fa, video };
    B = { ...b, token: tb, folderId: fb };
  });
  after(async () => {
    await h.close();
    clips.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ url, headers });
  /** A grant carries its expiry, so two reads of the same list differ in it. */
  const withoutGrants = (videos: { content_token: string }[]) => videos.map((v) => ({ ...v, content_token: undefined }));

  test('the whole file, with its real type', async () => {
    const r = await get(A.video.url, bearerHeader(A.token));
    assert.equal(r.statusCode, 200);
    assert.equal(r.headers['content-type'], 'video/x-msvideo');
    assert.equal(r.headers['accept-ranges'], 'bytes');
    assert.equal(Number(r.headers['content-length']), clips.avi.length);
    assert.ok(r.rawPayload.equals(clips.avi));
    assert.equal(r.headers['content-disposition'], undefined);
  });

  test('a range request returns 206 with exactly those bytes (seek works)', async () => {
    const r = await get(A.video.url, { ...bearerHeader(A.token), range: 'bytes=1000-1999' });
    assert.equal(r.statusCode, 206);
    assert.equal(r.headers['content-range'], `bytes 1000-1999/${clips.avi.length}`);
    assert.equal(r.headers['content-length'], '1000');
    assert.ok(r.rawPayload.equals(clips.avi.subarray(1000, 2000)));
    const tail = await get(A.video.url, { ...bearerHeader(A.token), range: 'bytes=-100' });
    assert.ok(tail.rawPayload.equals(clips.avi.subarray(clips.avi.length - 100)));
    const bad = await get(A.video.url, { ...bearerHeader(A.token), range: `bytes=${clips.avi.length}-` });
    assert.equal(bad.statusCode, 416);
    assert.equal(bad.headers['content-range'], `bytes */${clips.avi.length}`);
  });

  test('the address carries a read grant for that one video; a session token in auth_token is refused', async () => {
    const path = A.video.url;
    const query = `auth_token=${A.video.content_token}`;
    assert.match(query, /^auth_token=\d+\.[A-Za-z0-9_-]{43}$/);
    const r = await get(`${path}?${query}&download=1`);
    assert.equal(r.statusCode, 200);
    assert.ok(r.rawPayload.equals(clips.avi));
    assert.match(String(r.headers['content-disposition']), /^attachment; filename="Aula No 1\.avi"; filename\*=UTF-8''Aula%20N%C2%BA%201\.avi$/);
    assert.equal((await get(`${path}?${query}`, { range: 'bytes=0-99' })).statusCode, 206);
    // no grant, a forged one, or the 12-hour session token itself: refused
    assert.equal((await get(path)).statusCode, 401);
    assert.equal((await get(`${path}?auth_token=forjado`)).statusCode, 401);
    assert.equal((await get(`${path}?auth_token=${A.token}`)).statusCode, 401);
    // the grant opens its own video only
    const other = (await upload(h, A.token, A.folderId, 'Aula 2.mp4', clips.ok)).json().video as { url: string; content_token: string };
    assert.equal((await get(`${other.url}?auth_token=${other.content_token}`)).statusCode, 200);
    assert.equal((await get(`${other.url}?${query}`)).statusCode, 401);
    // it expires
    const expired = createGrants(secret(h.config.dataDir, 'content.key'), -60);
    assert.equal((await get(`${path}?auth_token=${contentGrant(expired, A.id, A.video.id)}`)).statusCode, 401);
    // and it only reads
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const w = await h.app.inject({ method, url: `${path}?${query}`, payload: {} });
      assert.equal(w.statusCode, 404, method);
    }
    assert.equal((await get(`${path}?${query}`)).statusCode, 200);
  });

  test("account B gets 404 for A's folder, videos, playback and deletions; A's data is unchanged", async () => {
    const asB = bearerHeader(B.token);
    const before = {
      folders: (await get('/api/folders', bearerHeader(A.token))).json(),
      videos: withoutGrants((await get(`/api/videos?folder_id=${A.folderId}`, bearerHeader(A.token))).json()),
      files: leftovers(h, A.usuario).account,
    };
    const calls: [string, string, object?][] = [
      ['GET', `/api/folders/${A.folderId}/info`],
      ['PUT', `/api/folders/${A.folderId}`, { nome: 'Roubada' }],
      ['DELETE', `/api/folders/${A.folderId}`],
      ['POST', `/api/folders/${A.folderId}/sync`],
      ['POST', '/api/videos-ssh/sync-database', { folderId: A.folderId }],
      ['GET', `/api/videos?folder_id=${A.folderId}`],
      ['DELETE', `/api/videos/${A.video.id}`],
      ['DELETE', `/api/videos/${A.video.id}?folder_id=${A.folderId}`],
      ['DELETE', `/api/videos/${A.video.id}?folder_id=${B.folderId}`],
      ['GET', A.video.url],
      ['GET', `${A.video.url}?download=1`],
      ['GET', `${A.video.url}?auth_token=${A.video.content_token}`],
      // B's own login with A's file, and B's folder of the same name
      ['GET', A.video.url.replace(`/content/${A.usuario}/`, `/content/${B.usuario}/`)],
    ];
    for (const [method, url, payload] of calls) {
      const r = await h.app.inject({ method: method as 'GET', url, headers: asB, ...(payload ? { payload } : {}) });
      assert.equal(r.statusCode, 404, `${method} ${url}: ${r.statusCode} ${r.body}`);
    }
    // B's token in the query cannot open A's file either
    assert.equal((await get(`${A.video.url}?auth_token=${B.token}`)).statusCode, 401);
    const upload404 = await upload(h, B.token, A.folderId, 'x.mp4', clips.ok);
    assert.equal(upload404.statusCode, 404);
    assert.equal(upload404.json().error, errorText('folder_not_found'));

    assert.deepEqual((await get('/api/folders', asB)).json().map((f: { id: number }) => f.id), [B.folderId]);
    assert.deepEqual((await get('/api/folders', bearerHeader(A.token))).json(), before.folders);
    assert.deepEqual(withoutGrants((await get(`/api/videos?folder_id=${A.folderId}`, bearerHeader(A.token))).json()), before.videos);
    assert.deepEqual(leftovers(h, A.usuario).account, before.files);
    assert.equal((await get(A.video.url, bearerHeader(A.token))).statusCode, 200);
  });

  test('malformed ids and file names are 404, never a path', async () => {
    const auth = bearerHeader(A.token);
    assert.equal((await get('/api/folders/abc/info', auth)).statusCode, 404);
    assert.equal((await get(`/content/${A.usuario}/Aulas/..%2F..%2Fpainel.db`, auth)).statusCode, 404);
    assert.equal((await get(`/content/${A.usuario}/..%2F..%2F/x.mp4`, auth)).statusCode, 404);
  });
});
