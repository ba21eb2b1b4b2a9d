import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { makeClips, newFolder, upload } from '../../testing/library.ts';

describe('dashboard', () => {
  let h: Harness;
  let a: { id: number; token: string };
  let b: { id: number; token: string };
  const get = (token: string, url: string) => h.app.inject({ url, headers: bearerHeader(token) });

  before(async () => {
    h = await startHarness();
    const ca = await h.createAccount({ espaco: 500, espectadores: 30, bitrate: 4000 });
    const cb = await h.createAccount();
    a = { id: ca.id, token: await h.login(ca.email, ca.password) };
    b = { id: cb.id, token: await h.login(cb.email, cb.password) };
  });
  after(() => h.close());

  test('stats: the five figures, from the account\'s own library and viewers', async () => {
    const empty = (await get(a.token, '/api/dashboard/stats')).json();
    assert.deepEqual(empty, { success: true, totalVideos: 0, totalPlaylists: 0, espectadoresAtivos: 0, espacoUsado: 0, totalEspaco: 500 });
    const clips = makeClips();
    try {
      const folder = await newFolder(h, a.token, 'Aulas');
      assert.equal((await upload(h, a.token, folder, 'aula.mp4', clips.ok)).statusCode, 200);
      const s = (await get(a.token, '/api/dashboard/stats')).json();
      assert.equal(s.totalVideos, 1);
      assert.equal(s.espacoUsado, Math.round((clips.ok.length / (1024 * 1024)) * 100) / 100);
    } finally {
      clips.close();
    }
    // another account's figures are its own
    assert.deepEqual((await get(b.token, '/api/dashboard/stats')).json().totalVideos, 0);
  });

  test('overview: system health, resources, activity and platforms, all measured', async () => {
    await h.app.inject({ method: 'POST', url: '/api/dados-conexao/regenerar-chave', headers: bearerHeader(a.token) });
    const o = (await get(a.token, '/api/dashboard/overview')).json();
    assert.equal(o.success, true);
    assert.equal(o.sistema.api.status, 'online');
    assert.equal(o.sistema.banco.status, 'online');
    // no worker in this test: the media server is reported as it is
    assert.equal(o.sistema.servidor_midia.status, 'offline');
    assert.ok(o.recursos.memoria.total_mb > 0);
    assert.ok(o.recursos.disco.total_mb > 0);
    assert.ok(o.recursos.cpu.nucleos >= 1);
    assert.deepEqual(o.recursos.banda, { atual_kbps: 0, limite_kbps: 4000, percentual: 0 });
    assert.deepEqual(o.recursos.espectadores, { ativos: 0, limite: 30, percentual: 0 });
    assert.equal(o.recursos.armazenamento.total_mb, 500);
    assert.equal(o.atividade_recente[0].tipo, 'key_regenerated');
    assert.equal(o.atividade_recente[0].descricao, 'Chave de transmissão regenerada');
    assert.equal(o.plataformas.length, 10);
    assert.deepEqual((await get(b.token, '/api/dashboard/overview')).json().atividade_recente, []);
    assert.equal((await h.app.inject({ url: '/api/dashboard/overview' })).statusCode, 401);
    assert.equal((await h.app.inject({ url: '/api/dashboard/stats' })).statusCode, 401);
  });
});
