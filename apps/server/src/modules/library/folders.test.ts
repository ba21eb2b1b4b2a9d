import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { errorText, msg } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { leftovers, makeClips, newFolder, upload, type Clips } from '../../testing/library.ts';

describe('folders and sync', () => {
  let h: Harness;
  let clips: Clips;
  before(async () => {
    clips = makeClips();
    h = await startHarness();
  });
  after(async () => {
    await h.close();
    clips.close();
  });

  async function account(espaco = 1000) {
    const a = await h.createAccount({ espaco });
    const token = await h.login(a.email, a.password);
    return { ...a, token, auth: bearerHeader(token), dir: h.core.library.storage.accountDir(a.usuario) };
  }
  const call = (method: string, url: string, headers: Record<string, string>, payload?: object) =>
    h.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });

  test('create, list with real counters, info with what is on disk', async () => {
    const a = await account(10);
    const r = await call('POST', '/api/folders', a.auth, { nome: '  Programação  ' });
    assert.equal(r.statusCode, 200);
    const created = r.json();
    assert.equal(created.success, true);
    assert.equal(created.message, msg.folderCreated);
    assert.equal(created.folder.nome, 'Programação');
    assert.ok(fs.statSync(path.join(a.dir, 'Programação')).isDirectory());
    await upload(h, a.token, created.id, 'a.mp4', clips.mid);
    await upload(h, a.token, created.id, 'b.mp4', clips.ok);

    const list = (await call('GET', '/api/folders', a.auth)).json();
    const bytes = clips.mid.length + clips.ok.length;
    const mb = Math.round((bytes / 1048576) * 100) / 100;
    assert.deepEqual(list, [{
      id: created.id, nome: 'Programação', video_count_db: 2, espaco_usado: mb,
      percentage_used: Math.round((bytes / (10 * 1048576)) * 100 * 100) / 100, created_at: created.folder.created_at,
    }]);
    const info = (await call('GET', `/api/folders/${created.id}/info`, a.auth)).json();
    assert.deepEqual(info.server_info, { exists: true, file_count: 2 });
    assert.equal(info.video_count_db, 2);
  });

  test('names are validated with their Portuguese messages and are unique per account', async () => {
    const a = await account();
    const cases: [unknown, string][] = [
      [{}, msg.folderNameRequired],
      [{ nome: '   ' }, msg.folderNameRequired],
      [{ nome: 'x'.repeat(65) }, errorText('folder_name_too_long')],
      [{ nome: 'a/b' }, errorText('folder_name_invalid')],
      [{ nome: 'a\\b' }, errorText('folder_name_invalid')],
      [{ nome: '..' }, errorText('folder_name_invalid')],
      [{ nome: '.oculta' }, errorText('folder_name_invalid')],
      [{ nome: 'tab\there' }, errorText('folder_name_invalid')],
    ];
    for (const [payload, error] of cases) {
      const r = await call('POST', '/api/folders', a.auth, payload as object);
      assert.equal(r.statusCode, 400, JSON.stringify(payload));
      assert.equal(r.json().error, error, JSON.stringify(payload));
    }
    await newFolder(h, a.token, 'Única');
    const dup = await call('POST', '/api/folders', a.auth, { nome: 'Única' });
    assert.equal(dup.statusCode, 409);
    assert.equal(dup.json().error, errorText('folder_exists'));
    assert.deepEqual(leftovers(h, a.usuario).account, ['Única']);
  });

  test('rename moves the directory and keeps the videos playable', async () => {
    const a = await account();
    const id = await newFolder(h, a.token, 'Antes');
    await newFolder(h, a.token, 'Outra');
    const v = (await upload(h, a.token, id, 'a.mp4', clips.ok)).json().video;
    const taken = await call('PUT', `/api/folders/${id}`, a.auth, { nome: 'Outra' });
    assert.equal(taken.statusCode, 409);
    const r = await call('PUT', `/api/folders/${id}`, a.auth, { nome: 'Depois' });
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().message, msg.folderRenamed);
    assert.equal(r.json().folder.nome, 'Depois');
    assert.deepEqual(leftovers(h, a.usuario).account.filter((f) => !f.startsWith('Outra')), ['Depois', `Depois/${path.basename(v.url, '.mp4')}.mp4`]);
    const [moved] = (await call('GET', `/api/videos?folder_id=${id}`, a.auth)).json();
    assert.equal(moved.url, v.url.replace('/Antes/', '/Depois/'));
    assert.equal((await call('GET', moved.url, a.auth)).statusCode, 200);
    assert.equal((await call('GET', v.url, a.auth)).statusCode, 404);
  });

  test('delete removes the folder, its videos and their files', async () => {
    const a = await account();
    const id = await newFolder(h, a.token, 'Apagar');
    const v = (await upload(h, a.token, id, 'a.mp4', clips.ok)).json().video;
    const r = await call('DELETE', `/api/folders/${id}`, a.auth);
    assert.deepEqual(r.json(), { success: true, message: msg.folderDeleted });
    assert.deepEqual(leftovers(h, a.usuario), { account: [], incoming: [] });
    assert.equal((await call('GET', `/api/videos?folder_id=${id}`, a.auth)).statusCode, 404);
    assert.equal((await call('DELETE', `/api/videos/${v.id}`, a.auth)).statusCode, 404);
    assert.deepEqual(await h.core.library.usageOf(a.id), { totalVideos: 0, espacoUsadoMB: 0 });
  });

  test('a folder or video used elsewhere says so instead of being deleted', async () => {
    const a = await account();
    const id = await newFolder(h, a.token, 'Comerciais');
    const v = (await upload(h, a.token, id, 'c.mp4', clips.ok)).json().video;
    h.core.library.addGuard({
      folderInUse: async (_u, folderId) => (folderId === id ? 'configuração de comerciais da playlist "Manhã"' : null),
      videoInUse: async (_u, videoId) => (videoId === v.id ? 'playlist "Manhã"' : null),
    });
    const r = await call('DELETE', `/api/folders/${id}`, a.auth);
    assert.equal(r.statusCode, 409);
    assert.equal(r.json().error, errorText('folder_in_use', { uso: 'configuração de comerciais da playlist "Manhã"' }));
    const rv = await call('DELETE', `/api/videos/${v.id}?folder_id=${id}`, a.auth);
    assert.equal(rv.statusCode, 409);
    assert.equal(rv.json().error, errorText('video_in_use', { uso: 'playlist "Manhã"' }));
    assert.equal((await call('GET', `/api/videos?folder_id=${id}`, a.auth)).json().length, 1);
  });

  test('video delete removes row and file; a wrong folder_id is 404', async () => {
    const a = await account();
    const id = await newFolder(h, a.token, 'V');
    const other = await newFolder(h, a.token, 'W');
    const v = (await upload(h, a.token, id, 'a.mp4', clips.ok)).json().video;
    assert.equal((await call('DELETE', `/api/videos/${v.id}?folder_id=${other}`, a.auth)).statusCode, 404);
    const r = await call('DELETE', `/api/videos/${v.id}?folder_id=${id}`, a.auth);
    assert.deepEqual(r.json(), { success: true, message: msg.videoDeleted });
    assert.deepEqual(leftovers(h, a.usuario).account, ['V', 'W']);
  });

  test('sync records files placed on disk, ignores non-videos, drops rows whose file is gone', async () => {
    const a = await account();
    const id = await newFolder(h, a.token, 'Sync');
    const dir = path.join(a.dir, 'Sync');
    const kept = (await upload(h, a.token, id, 'fica.mp4', clips.ok)).json().video;
    const lost = (await upload(h, a.token, id, 'some.mp4', clips.ok)).json().video;
    fs.rmSync(path.join(dir, `${path.basename(lost.url, '.mp4')}.mp4`));
    fs.writeFileSync(path.join(dir, 'Chegou por fora.avi'), clips.avi);
    fs.writeFileSync(path.join(dir, 'leia-me.txt'), 'não é vídeo');
    fs.writeFileSync(path.join(dir, '.parcial'), clips.ok);
    fs.symlinkSync('/etc/hostname', path.join(dir, 'link.mp4'));

    const r = (await call('POST', `/api/folders/${id}/sync`, a.auth)).json();
    assert.deepEqual({ ...r, message: undefined }, { success: true, videos_count: 2, added: 1, removed: 1, message: undefined });
    assert.equal(r.message, msg.syncDone(2, 1, 1));
    const videos = (await call('GET', `/api/videos?folder_id=${id}`, a.auth)).json();
    assert.deepEqual(videos.map((v: { nome: string }) => v.nome).sort(), ['Chegou por fora.avi', 'fica.mp4']);
    const adopted = videos.find((v: { nome: string }) => v.nome === 'Chegou por fora.avi');
    assert.equal(adopted.compatibility_status, 'needs_conversion');
    assert.equal((await call('GET', adopted.url, a.auth)).statusCode, 200);
    assert.ok(!fs.existsSync(path.join(dir, 'Chegou por fora.avi')), 'renamed to a generated name');
    assert.ok(fs.existsSync(path.join(dir, 'leia-me.txt')), 'non-videos are left alone');
    assert.equal(kept.id, videos.find((v: { nome: string }) => v.nome === 'fica.mp4').id);

    const again = (await call('POST', '/api/videos-ssh/sync-database', a.auth, { folderId: id })).json();
    assert.deepEqual([again.success, again.videos_count, again.added, again.removed], [true, 2, 0, 0]);
  });

  test('a sync is a job of the queue: requests at once share one run; another account\'s folder is 404 and queues nothing', async () => {
    const a = await account();
    const b = await account();
    const id = await newFolder(h, a.token, 'Juntas');
    for (let i = 0; i < 3; i++) fs.writeFileSync(path.join(a.dir, 'Juntas', `por-fora-${i}.mp4`), clips.ok);
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api/folders/${id}/sync`, a.auth)));
    const added = answers.map((r) => r.json().added as number);
    // a request that found the sync running got that run's answer; none ran beside another
    assert.ok(added.includes(3) && added.every((n) => n === 3 || n === 0), String(added));
    assert.equal((await call('GET', `/api/videos?folder_id=${id}`, a.auth)).json().length, 3);
    const jobs = await h.core.store.db.selectFrom('jobs').select(['state', 'user_id']).where('kind', '=', 'sync').where('subject_id', '=', id).execute();
    assert.ok(jobs.length >= 1 && jobs.length <= 3 && jobs.every((j) => j.state === 'done' && j.user_id === a.id));

    const before = (await h.core.store.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    assert.equal((await call('POST', `/api/folders/${id}/sync`, b.auth)).statusCode, 404);
    assert.equal((await call('POST', '/api/videos-ssh/sync-database', b.auth, { folderId: id })).statusCode, 404);
    const after = (await h.core.store.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    assert.equal(Number(after), Number(before));
  });

  test('sync-database without a folder finds directories made outside the panel', async () => {
    const a = await account();
    fs.mkdirSync(path.join(a.dir, 'Do FTP'), { recursive: true });
    fs.mkdirSync(path.join(a.dir, '.escondida'));
    fs.writeFileSync(path.join(a.dir, 'Do FTP', 'clip.mp4'), clips.ok);
    const r = (await call('POST', '/api/videos-ssh/sync-database', a.auth, {})).json();
    assert.deepEqual([r.success, r.videos_count, r.added], [true, 1, 1]);
    assert.equal(r.message, msg.syncAllDone(1, 1, 0));
    const folders = (await call('GET', '/api/folders', a.auth)).json();
    assert.deepEqual(folders.map((f: { nome: string }) => f.nome), ['Do FTP']);
    assert.equal(folders[0].video_count_db, 1);
  });

  test('sync of a folder whose directory vanished recreates it (create on server)', async () => {
    const a = await account();
    const id = await newFolder(h, a.token, 'Sumiu');
    fs.rmSync(path.join(a.dir, 'Sumiu'), { recursive: true });
    assert.deepEqual((await call('GET', `/api/folders/${id}/info`, a.auth)).json().server_info, { exists: false, file_count: 0 });
    await call('POST', `/api/folders/${id}/sync`, a.auth);
    assert.deepEqual((await call('GET', `/api/folders/${id}/info`, a.auth)).json().server_info, { exists: true, file_count: 0 });
  });
});
