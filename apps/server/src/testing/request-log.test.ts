import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { hookToken } from '../modules/streaming/ingest.service.ts';
import { startHarness, type Harness } from './harness.ts';

describe('request log (LOG_REQUESTS=1)', () => {
  let h: Harness;
  let output = '';
  before(async () => {
    const stream = new Writable({ write: (chunk, _e, cb) => void ((output += String(chunk)), cb()) });
    h = await startHarness({ app: { logger: { stream } } });
  });
  after(() => h.close());

  test('a grant in the address and the hook secret in the path never reach the log', async () => {
    const hook = hookToken(h.config.dataDir);
    await h.app.inject({ url: '/content/ana/Aulas/abc.mp4?auth_token=1799999999.GRANT-SECRETO&download=1' });
    await h.app.inject({ url: `/api/player-port/vod/ana/Aulas/abc.mp4?exp=1&sig=ASSINATURA-SECRETA` });
    await h.app.inject({
      method: 'POST', url: `/api/rtmp/hook/${hook}/publish`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'call=publish&app=live&name=ana_live&key=CHAVE-SECRETA',
    });
    assert.match(output, /\/content\/ana\/Aulas\/abc\.mp4\?auth_token=\[oculto\]&download=1/);
    assert.match(output, /\/api\/rtmp\/hook\/\[oculto\]\/publish/);
    for (const secret of ['GRANT-SECRETO', 'ASSINATURA-SECRETA', 'CHAVE-SECRETA', hook]) assert.ok(!output.includes(secret), secret);
  });
});
