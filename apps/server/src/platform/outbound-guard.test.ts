import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorText } from '@painel/contract';
import { AppError } from './errors.ts';
import { createOutboundGuard, isPublicAddress, parseAllowList, parseLooseIpv4 } from './outbound-guard.ts';

/** A resolver with fixed answers, so the test never depends on the machine's DNS. */
const names: Record<string, string[]> = {
  'a.rtmp.youtube.com': ['142.250.79.12', '2800:3f0:4001:80b::200c'],
  'interno.exemplo.com': ['10.1.2.3'],
  'misto.exemplo.com': ['142.250.79.12', '127.0.0.1'],
  'rebind.exemplo.com': ['::ffff:169.254.169.254'],
  localhost: ['127.0.0.1', '::1'],
};
const guard = createOutboundGuard({ allow: parseAllowList('127.0.0.1:19350, [::1]:1936,Localhost:2000'), lookup: async (h) => names[h] ?? [] });
const RTMP = ['rtmp', 'rtmps'] as const;

async function refusedWith(url: string, message: string) {
  await assert.rejects(guard.check(url, RTMP), (e: unknown) => e instanceof AppError && e.status === 400 && e.message === message, url);
}

describe('outbound guard', () => {
  test('public platforms pass, by name and by address', async () => {
    for (const u of ['rtmp://a.rtmp.youtube.com/live2/abc-123', 'rtmps://a.rtmp.youtube.com:443/live2/x', 'rtmp://8.8.8.8/app/k', 'rtmp://[2606:4700::1111]/app/k']) {
      assert.equal((await guard.check(u, RTMP)).href, new URL(u).href);
    }
  });

  test('loopback, private, link-local and metadata addresses are refused in every spelling', async () => {
    for (const [u, host] of [
      ['rtmp://127.0.0.1/app/k', '127.0.0.1'], ['rtmp://0x7f.1/app/k', '0x7f.1'], ['rtmp://2130706433/app/k', '2130706433'],
      ['rtmp://0177.0.0.1/app/k', '0177.0.0.1'], ['rtmp://127.1/app/k', '127.1'], ['rtmp://[::ffff:127.0.0.1]/app/k', '::ffff:7f00:1'],
      ['rtmp://[::1]/app/k', '::1'], ['rtmp://0.0.0.0/app/k', '0.0.0.0'], ['rtmp://169.254.169.254/app/k', '169.254.169.254'],
      ['rtmp://10.0.0.8/app/k', '10.0.0.8'], ['rtmp://172.20.1.1/app/k', '172.20.1.1'], ['rtmp://192.168.0.10/app/k', '192.168.0.10'],
      ['rtmp://100.64.1.1/app/k', '100.64.1.1'], ['rtmp://[fd00:ec2::254]/app/k', 'fd00:ec2::254'], ['rtmp://[fe80::1]/app/k', 'fe80::1'],
      ['rtmp://[64:ff9b::a9fe:a9fe]/app/k', '64:ff9b::a9fe:a9fe'], ['rtmp://[2002:7f00:1::]/app/k', '2002:7f00:1::'],
      // IPv4-translated (SIIT) and local-use NAT64 spellings of loopback, and Teredo
      ['rtmp://[::ffff:0:127.0.0.1]/app/k', '::ffff:0:7f00:1'], ['rtmp://[64:ff9b:1::7f00:1]/app/k', '64:ff9b:1::7f00:1'],
      ['rtmp://[64:ff9b:1:ffff::8.8.8.8]/app/k', '64:ff9b:1:ffff::808:808'], ['rtmp://[2001:0:4136:e378:8000:63bf:80ff:fffe]/app/k', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
      ['rtmp://localhost/app/k', 'localhost'], ['rtmp://interno.exemplo.com/app/k', 'interno.exemplo.com'],
      ['rtmp://misto.exemplo.com/app/k', 'misto.exemplo.com'], ['rtmp://rebind.exemplo.com/app/k', 'rebind.exemplo.com'],
      ['rtmp://127.0.0.1:19351/app/k', '127.0.0.1'], // allowed is one port, not the host
    ] as const) {
      await refusedWith(u, errorText('outbound_private', { host }));
    }
  });

  test('only the allowed schemes, no credentials in the address, names that resolve', async () => {
    for (const u of ['http://a.rtmp.youtube.com/x', 'file:///etc/passwd', 'rtmp:/x', 'nada', 'rtmp://user:senha@a.rtmp.youtube.com/live2/k', 'concat:rtmp://a|rtmp://b']) {
      await refusedWith(u, errorText('outbound_invalid_url', { schemes: RTMP }));
    }
    await refusedWith('rtmp://nao-existe.exemplo.com/app/k', errorText('outbound_unresolvable', { host: 'nao-existe.exemplo.com' }));
  });

  test('OUTBOUND_ALLOW lets exactly its host:port entries through', async () => {
    assert.ok(await guard.check('rtmp://127.0.0.1:19350/app/k', RTMP));
    assert.ok(await guard.check('rtmp://[::1]:1936/app/k', RTMP));
    assert.ok(await guard.check('rtmp://localhost:2000/app/k', RTMP));
    assert.deepEqual([...parseAllowList(' a.b:1, lixo, [::1]:5 ,')], ['a.b:1', '::1:5']);
  });

  test('address classification and inet_aton forms', () => {
    assert.equal(parseLooseIpv4('0x7f.1'), '127.0.0.1');
    assert.equal(parseLooseIpv4('2130706433'), '127.0.0.1');
    assert.equal(parseLooseIpv4('10.1'), '10.0.0.1');
    assert.equal(parseLooseIpv4('a.rtmp.youtube.com'), undefined);
    assert.equal(parseLooseIpv4('256.1.1.1'), undefined);
    assert.equal(isPublicAddress('142.250.79.12'), true);
    assert.equal(isPublicAddress('::ffff:8.8.8.8'), true);
    assert.equal(isPublicAddress('::ffff:192.168.1.1'), false);
    assert.equal(isPublicAddress('não é ip'), false);
  });
});
