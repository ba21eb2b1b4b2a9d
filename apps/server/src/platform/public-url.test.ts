import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearerHeader, startHarness, type Harness } from '../testing/harness.ts';
import { loadConfig } from './config.ts';

/**
 * Behind a reverse proxy with TLS (docs/production.md) PUBLIC_URL is the panel's address: what
 * the owner copies (connection data, player and embed addresses, HLS) is https there, while
 * RTMP keeps its own port on the same host name.
 */
describe('PUBLIC_URL', () => {
  test('an origin only: its host becomes the public host unless PUBLIC_HOST says otherwise', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://painel.exemplo.com.br/' });
    assert.equal(c.publicUrl, 'https://painel.exemplo.com.br');
    assert.equal(c.publicHost, 'painel.exemplo.com.br');
    assert.equal(loadConfig({ PUBLIC_URL: 'https://painel.exemplo.com.br:8443', PUBLIC_HOST: 'rtmp.exemplo.com.br' }).publicHost, 'rtmp.exemplo.com.br');
    assert.equal(loadConfig({}).publicUrl, undefined);
    for (const bad of ['painel.exemplo.com.br', 'ftp://x.com', 'https://x.com/painel', 'https://u:p@x.com', 'https://x.com/?a=1']) {
      assert.throws(() => loadConfig({ PUBLIC_URL: bad }), /PUBLIC_URL/, bad);
    }
  });

  describe('with https', () => {
    let h: Harness;
    let token: string;
    let usuario: string;
    before(async () => {
      h = await startHarness({ env: { PUBLIC_URL: 'https://painel.exemplo.com.br', RTMP_PORT: '1935', PORT: '3001' } });
      const a = await h.createAccount();
      usuario = a.usuario;
      token = await h.login(a.email, a.password);
    });
    after(() => h.close());
    const get = (url: string) => h.app.inject({ method: 'GET', url, headers: bearerHeader(token) });

    test('connection data, source URLs and player addresses use https on the public address', async () => {
      const d = (await get('/api/dados-conexao')).json();
      assert.equal(d.hls_url, `https://painel.exemplo.com.br/hls/${usuario}_live.m3u8`);
      assert.equal(d.rtmp.servidor, 'rtmp://painel.exemplo.com.br:1935/live');
      assert.equal(d.ftp.host, 'painel.exemplo.com.br');
      const src = (await get('/api/streaming/source-urls')).json();
      assert.equal(src.source_urls.http_m3u8, `https://painel.exemplo.com.br/hls/${usuario}_live.m3u8`);
      const p = (await get('/api/player-port/url')).json();
      assert.match(p.player_url, /^https:\/\/painel\.exemplo\.com\.br\/api\/player-port\/iframe\?login=/);
      assert.match(p.embed_code, /src="https:\/\/painel\.exemplo\.com\.br\/api\/player-port\/iframe\?/);
      assert.equal(p.hls_url, `https://painel.exemplo.com.br/hls/${usuario}_live.m3u8`);
    });
  });
});
