import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import zlib from 'node:zlib';
import { execCapture } from '../../../platform/exec.ts';
import { adler32, writeDex } from './dex.ts';
import { mainActivityDex } from './main-activity.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-dex-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** dexdump's disassembly; it verifies the file's structure first and says "Failure" when it refuses it. */
async function dexdump(dex: Buffer): Promise<string> {
  const file = path.join(dir, `${createHash('sha1').update(dex).digest('hex')}.dex`);
  fs.writeFileSync(file, dex);
  const r = await execCapture('dexdump', ['-d', file], { timeoutMs: 30_000 });
  assert.equal(r.code, 0, r.stderr || 'dexdump não encontrado: ./painel o instala');
  assert.doesNotMatch(r.stdout + r.stderr, /Failure|checksum|Bad /i, r.stderr);
  return r.stdout;
}

describe('DEX writer', () => {
  const url = 'https://tv.exemplo.com.br/canal-ação/tv/?origem=app';

  test('the app class is read by dexdump: an Activity whose onCreate opens the channel page in a WebView', async () => {
    const out = await dexdump(mainActivityDex('br.com.painel.tv.demo', url));
    assert.match(out, /Class descriptor\s+: 'Lbr\/com\/painel\/tv\/demo\/MainActivity;'/);
    assert.match(out, /Superclass\s+: 'Landroid\/app\/Activity;'/);
    for (const name of ['<init>', 'onCreate', 'onBackPressed']) assert.match(out, new RegExp(`name\\s+: '${name}'`));
    const onCreate = out.slice(out.indexOf('MainActivity.onCreate:(Landroid/os/Bundle;)V'));
    // the calls in the order the screen needs them, the page's address as the last argument
    const calls = [
      'invoke-super {v3, v4}, Landroid/app/Activity;.onCreate:(Landroid/os/Bundle;)V',
      'new-instance v0, Landroid/webkit/WebView;',
      'Landroid/webkit/WebView;.<init>:(Landroid/content/Context;)V',
      'Landroid/webkit/WebView;.getSettings:()Landroid/webkit/WebSettings;',
      'const/4 v2, #int 1',
      'Landroid/webkit/WebSettings;.setJavaScriptEnabled:(Z)V',
      'Landroid/webkit/WebSettings;.setDomStorageEnabled:(Z)V',
      'const/4 v2, #int 0',
      'Landroid/webkit/WebSettings;.setMediaPlaybackRequiresUserGesture:(Z)V',
      'Landroid/webkit/WebViewClient;.<init>:()V',
      'Landroid/webkit/WebView;.setWebViewClient:(Landroid/webkit/WebViewClient;)V',
      'setContentView:(Landroid/view/View;)V',
      `const-string v2, "${url}"`,
      'Landroid/webkit/WebView;.loadUrl:(Ljava/lang/String;)V',
      'return-void',
    ];
    let at = 0;
    for (const c of calls) {
      const next = onCreate.indexOf(c, at);
      assert.ok(next >= at, `falta, ou fora de ordem, em onCreate: ${c}`);
      at = next + c.length;
    }
    assert.match(out, /registers\s+: 5\s+ins\s+: 2\s+outs\s+: 2\s+insns size\s+: 42/);
    const back = out.slice(out.indexOf('MainActivity.onBackPressed:()V'));
    assert.match(back, /canGoBack:\(\)Z[\s\S]*goBack:\(\)V[\s\S]*invoke-super \{v2\}, Landroid\/app\/Activity;\.onBackPressed:\(\)V/);
  });

  test('the header carries the size, the SHA-1 signature and the Adler-32 checksum of the file', () => {
    const dex = mainActivityDex('br.com.painel.tv.outro', url);
    assert.equal(dex.subarray(0, 8).toString('latin1'), 'dex\n035\0');
    assert.equal(dex.readUInt32LE(32), dex.length);
    assert.deepEqual(dex.subarray(12, 32), createHash('sha1').update(dex.subarray(32)).digest());
    // zlib's own Adler-32: the last four bytes of a zlib stream
    const z = zlib.deflateSync(dex.subarray(12));
    assert.equal(dex.readUInt32LE(8), z.readUInt32BE(z.length - 4));
    assert.equal(adler32(Buffer.from('Wikipedia')), 0x11e60398);
  });

  test('another package and address give another class and string, still valid', async () => {
    const out = await dexdump(mainActivityDex('br.com.painel.tv.u.u123', 'http://10.0.0.5:3001/123/tv/'));
    assert.match(out, /'Lbr\/com\/painel\/tv\/u\/u123\/MainActivity;'/);
    assert.match(out, /const-string v2, "http:\/\/10\.0\.0\.5:3001\/123\/tv\/"/);
  });

  test('a register the method does not have is refused instead of written', () => {
    assert.throws(() => writeDex({
      type: 'LA;', superclass: 'Ljava/lang/Object;', access: 1, fields: [], virtual: [],
      direct: [{ name: '<init>', access: 0x10001, returns: 'V', params: [], locals: 0, code: [{ op: 'move-result', dest: 'v3' }, { op: 'return-void' }] }],
    }), /registrador v3/);
  });
});
