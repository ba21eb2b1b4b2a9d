import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { startRtmpSource, type RelaySource } from '../../testing/relay-source.ts';
import { formatZoned } from '../../platform/zoned-time.ts';

/**
 * Tenancy: the plan and the owner of an account are the reseller's (or the operator's) to
 * change, never the streaming's. Fields naming them, sent by a streaming along with a valid
 * body to any route it may call, are ignored: the request does what it is for, and the account
 * row stays as it was.
 */
describe('tenancy: plan and owner fields a streaming sends are ignored', () => {
  let h: Harness;
  let source: RelaySource;
  let reseller: { id: number; token: string };
  let channel: { id: number; usuario: string; token: string };

  /** What a streaming might try to give itself: a bigger plan, another owner, no suspension. */
  const EXTRA = {
    bitrate: 99_999, espectadores: 99_999, espaco: 9_999_999, tipo: 'admin', revenda_id: null, codigo_cliente: 4242,
    max_streamings: 999, suspension: 'active', max_lives: 999, max_lives_ativas: 999, max_agendamentos: 999, usuario: 'outro_login', email: 'outro@exemplo.com',
  };
  const FORM_EXTRA: Record<string, string> = Object.fromEntries(Object.entries(EXTRA).map(([k, v]) => [k, String(v)]));

  /** A call of the streaming; a body goes with the extra fields (the route's own fields win: start-live's `tipo` is its platform). */
  const json = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(channel.token), ...(payload ? { payload: { ...EXTRA, ...payload } } : {}) });
  const multipart = (method: 'POST' | 'PUT', url: string, values: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({ ...FORM_EXTRA, ...values })) fd.append(k, v);
    return h.app.inject({ method, url, headers: bearerHeader(channel.token), payload: fd });
  };
  /** The account row as it matters here: everything but when it was last touched and the stream key's secret (made on first use). */
  const rowOf = async () => {
    const { updated_at: _touched, stream_secret: _secret, ...rest } = (await h.core.accounts.byId(channel.id))!;
    return rest;
  };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  before(async () => {
    // a real source for the relay (it is probed before it starts); the live's platform address is let through unconnected
    source = await startRtmpSource();
    h = await startHarness({ env: { OUTBOUND_ALLOW: [source.allowEntry, '127.0.0.1:19351'].join(',') } });
    const r = await h.createAccount({ tipo: 'revenda', bitrate: 3000, espectadores: 100, espaco: 5000 });
    await h.core.store.db.updateTable('accounts').set({ max_streamings: 3 }).where('id', '=', r.id).execute();
    reseller = { id: r.id, token: await h.login(r.email, r.password) };
    const created = await h.app.inject({
      method: 'POST', url: '/api/revenda/streamings', headers: bearerHeader(reseller.token),
      payload: { email: 'canal_inquilino@exemplo.com.br', usuario: 'canal_inquilino', nome: 'Canal', senha: 'senha-do-canal', bitrate: 1000, espectadores: 10, espaco: 500 },
    });
    assert.equal(created.statusCode, 201, created.body);
    channel = { id: created.json().streaming.id, usuario: 'canal_inquilino', token: await h.login('canal_inquilino@exemplo.com.br', 'senha-do-canal') };
  });
  after(async () => {
    await h?.close();
    await source?.close();
  });

  test('every route a streaming calls with a body: the request works, the account row is unchanged', async () => {
    const ids: Record<string, number> = {};
    const settings = (await json('GET', '/api/user-settings')).json();
    const sourceUrl = (await json('GET', '/api/streaming/source-urls')).json().source_urls.http_m3u8 as string;
    const routes: [name: string, send: () => ReturnType<typeof json>, after?: (body: Record<string, unknown>) => void][] = [
      ['POST /api/user-settings', () => json('POST', '/api/user-settings', { ...settings, refresh_interval: 60 })],
      ['PUT /api/player-settings', () => json('PUT', '/api/player-settings', {
        player_type: 'videojs', watermark: { enabled: false, logo_id: null, position: 'top-left', opacity: 70 },
      })],
      ['POST /api/folders', () => json('POST', '/api/folders', { nome: 'Filmes' }), (b) => { ids.folder = b.id as number; }],
      ['PUT /api/folders/:id', () => json('PUT', `/api/folders/${ids.folder}`, { nome: 'Filmes antigos' })],
      ['POST /api/playlists', () => json('POST', '/api/playlists', { nome: 'Grade' }), (b) => { ids.playlist = b.id as number; }],
      ['PUT /api/playlists/:id', () => json('PUT', `/api/playlists/${ids.playlist}`, { nome: 'Grade nova', videos: [] })],
      ['POST /api/agendamentos', () => json('POST', '/api/agendamentos', {
        data: day(3), id_playlist: ids.playlist, shuffle: false, frequencia: 'uma_vez', finalizacao: false, id_playlist_finalizacao: null,
        inicio: `${day(3)} 20:00:00`,
      })],
      ['POST /api/comerciais', () => json('POST', '/api/comerciais', {
        id_playlist: ids.playlist, id_folder_comerciais: ids.folder, quantidade_comerciais: 1, intervalo_videos: 2, ativo: false,
      })],
      ['POST /api/streaming/start', () => json('POST', '/api/streaming/start', { titulo: 'Culto', platform_ids: [] })],
      ['POST /api/streaming/start-live', () => json('POST', '/api/streaming/start-live', {
        tipo: 'youtube', servidor_rtmp: 'rtmp://127.0.0.1:19351/live2', servidor_rtmp_chave: 'chave', servidor_stm: sourceUrl,
        data_inicio: '', data_fim: formatZoned(Date.now() + 3_600_000, settings.timezone), inicio_imediato: 'sim',
      })],
      ['POST /api/relay/start', () => json('POST', '/api/relay/start', { relay_url: source.url, relay_type: 'rtmp' })],
      ['POST /api/app-multiplataforma', () => multipart('POST', '/api/app-multiplataforma', { nome: 'Rádio do Canal' })],
      ['PUT /api/app-multiplataforma', () => multipart('PUT', '/api/app-multiplataforma', { nome: 'Rádio do Canal 2' })],
    ];
    const before = await rowOf();
    assert.deepEqual(
      [before.bitrate, before.espectadores, before.espaco, before.tipo, before.revenda_id, before.codigo_cliente, before.max_streamings, before.suspension],
      [1000, 10, 500, 'streaming', reseller.id, null, 0, 'active'],
    );
    const failed: string[] = [];
    for (const [name, send, then] of routes) {
      const r = await send();
      // an OBS broadcast started before OBS sends: the title is kept and the broadcast waits (409 with its code)
      const accepted = r.statusCode < 300 || (name === 'POST /api/streaming/start' && r.json().code === 'obs_not_publishing');
      if (!accepted) failed.push(`${name}: ${r.statusCode} ${r.body}`);
      else if (r.statusCode < 300) then?.(r.json());
      assert.deepEqual(await rowOf(), before, `${name} changed the account`);
    }
    assert.deepEqual(failed, [], 'every request was valid and did its work');
    // the plan the panel shows the streaming is still the reseller's
    const me = (await json('GET', '/api/auth/me')).json();
    assert.equal(JSON.stringify(me).includes('99999'), false, JSON.stringify(me));
  });
});
