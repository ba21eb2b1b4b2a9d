import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { errorText } from '@painel/contract';
import { execCapture } from '../../../platform/exec.ts';
import { apkToolsAvailable, buildApk, packageNameFor, type ApkSpec } from './build.ts';

/** One file out of a zip (an APK), read through its central directory. */
function zipEntry(zip: Buffer, name: string): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const nameLen = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLen + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (zip.toString('utf8', at + 46, at + 46 + nameLen) === name) {
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + zip.readUInt32LE(at + 20));
      return zip.readUInt16LE(at + 10) === 8 ? zlib.inflateRawSync(data) : data;
    }
    at = next;
  }
  throw new Error(`${name} não está no pacote`);
}

const tool = async (cmd: string, args: string[]) => {
  const r = await execCapture(cmd, args, { timeoutMs: 60_000 });
  assert.equal(r.code, 0, `${cmd} ${args[0]}: ${r.stderr || 'não encontrado (./painel o instala)'}`);
  return r.stdout;
};

const certificate = async (apk: string) => {
  const out = await tool('apksigner', ['verify', '--print-certs', apk]);
  const digest = /Signer #1 certificate SHA-256 digest: ([0-9a-f]{64})/.exec(out)?.[1];
  assert.ok(digest, out);
  return digest;
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('APK builder', () => {
  let root: string;
  let secretsDir: string;
  let icon: Buffer;
  const label = `Rádio Ação & <Sons> d'Água "ao vivo"`;
  const spec = (over: Partial<ApkSpec> = {}): ApkSpec => ({
    packageName: packageNameFor('demo'), label, versionName: '1.2', versionCode: 3,
    url: 'http://painel.exemplo.com.br:3001/demo/tv/', icon, primaryColor: '#0099CC', primaryDarkColor: '#003399', ...over,
  });
  const workdir = (name: string) => {
    const dir = path.join(root, name);
    fs.mkdirSync(dir);
    return dir;
  };

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-apk-'));
    secretsDir = path.join(root, 'secrets');
    icon = await sharp({ create: { width: 144, height: 144, channels: 4, background: '#FF6699' } }).png().toBuffer();
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  test('package names come from the login, valid and never shared by two logins', () => {
    assert.equal(packageNameFor('demo'), 'br.com.painel.tv.demo');
    assert.equal(packageNameFor('radio_fm2'), 'br.com.painel.tv.radio_fm2');
    assert.equal(packageNameFor('123tv'), 'br.com.painel.tv.u.u123tv');
    assert.equal(packageNameFor('class'), 'br.com.painel.tv.u.uclass');
    assert.notEqual(packageNameFor('u123tv'), packageNameFor('123tv'));
  });

  test('two builds at once: installable APKs with the name, version, screen and icon, signed by the same certificate', async () => {
    assert.ok(await apkToolsAvailable(), errorText('apk_tools_missing'));
    const [first, second] = await Promise.all([
      buildApk(spec(), { workdir: workdir('a'), secretsDir }),
      buildApk(spec({ versionName: '2.0', versionCode: 21, label: 'TV Estação' }), { workdir: workdir('b'), secretsDir }),
    ]);
    assert.equal(path.dirname(first), path.join(root, 'a'));
    assert.deepEqual(fs.readdirSync(path.join(root, 'a')), [path.basename(first)], 'only the signed APK is left');

    // the phone updates an installed app only when the certificate is the same
    assert.equal(await certificate(first), await certificate(second));
    for (const f of fs.readdirSync(path.join(secretsDir, 'android-signing'))) {
      assert.equal(fs.statSync(path.join(secretsDir, 'android-signing', f)).mode & 0o777, 0o600, f);
    }

    const badging = await tool('aapt', ['dump', 'badging', first]);
    assert.match(badging, /^package: name='br\.com\.painel\.tv\.demo' versionCode='3' versionName='1\.2'/m);
    // aapt prints a quote in a value as \"
    assert.ok(badging.includes(`application-label:'${label.replaceAll('"', '\\"')}'`), badging);
    assert.match(badging, /launchable-activity: name='br\.com\.painel\.tv\.demo\.MainActivity'/);
    assert.match(badging, /sdkVersion:'21'\ntargetSdkVersion:'29'/);
    assert.match(badging, /uses-permission: name='android\.permission\.INTERNET'/);
    assert.match(badging, /application-icon-640:'res\/mipmap-xxxhdpi-v4\/ic_launcher\.png'/);
    assert.match(await tool('aapt', ['dump', 'badging', second]), /versionCode='21' versionName='2\.0'[\s\S]*application-label:'TV Estação'/);

    const apk = fs.readFileSync(first);
    const icon192 = await sharp(zipEntry(apk, 'res/mipmap-xxxhdpi-v4/ic_launcher.png')).metadata();
    assert.deepEqual([icon192.width, icon192.height], [192, 192]);
    const dex = path.join(root, 'classes.dex');
    fs.writeFileSync(dex, zipEntry(apk, 'classes.dex'));
    const code = await tool('dexdump', ['-d', dex]);
    assert.match(code, /Class descriptor\s+: 'Lbr\/com\/painel\/tv\/demo\/MainActivity;'/);
    assert.match(code, /const-string v2, "http:\/\/painel\.exemplo\.com\.br:3001\/demo\/tv\/"/);

    const manifest = await tool('aapt', ['dump', 'xmltree', first, 'AndroidManifest.xml']);
    assert.match(manifest, /android:usesCleartextTraffic\(0x010104ec\)=\(type 0x12\)0xffffffff/);
    assert.match(manifest, /android:configChanges/);
  });

  test('an aborted build kills its running child and its process group, and leaves nothing behind', async () => {
    const dir = workdir('cancelado');
    const stop = new AbortController();
    const pids: number[] = [];
    let signer = 0;
    let runningWhenAborted = false;
    await assert.rejects(buildApk(spec(), {
      workdir: dir, secretsDir, signal: stop.signal,
      onPid: (pid) => {
        if (pid === null) return;
        pids.push(pid);
        // stopped while apksigner (a Java runtime, slow to start) signs
        if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('sign')) return;
        signer = pid;
        setTimeout(() => {
          runningWhenAborted = alive(pid);
          stop.abort();
        }, 300);
      },
    }), { message: errorText('apk_build_failed') });
    assert.ok(signer && runningWhenAborted, 'the signing step was running when the build was stopped');
    assert.equal(pids.at(-1), signer, 'nothing ran after the stop');
    assert.deepEqual(pids.filter(alive), []);
    // the group's last member may take a moment to be reaped after the kill
    for (const until = Date.now() + 2000; alive(-signer) && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
    assert.equal(alive(-signer), false, 'its process group is gone too');
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  test('a spec the tools cannot take fails in Portuguese and leaves nothing', async () => {
    const dir = workdir('ruim');
    await assert.rejects(buildApk(spec({ url: 'ftp://exemplo.com/' }), { workdir: dir, secretsDir }), { message: errorText('apk_build_failed') });
    await assert.rejects(buildApk(spec({ icon: Buffer.from('não é imagem') }), { workdir: dir, secretsDir }), { message: errorText('apk_build_failed') });
    assert.deepEqual(fs.readdirSync(dir), []);
  });

  test('without the Android tools the build says so', async () => {
    const saved = process.env.PATH;
    process.env.PATH = root;
    try {
      assert.equal(await apkToolsAvailable(), false);
      await assert.rejects(buildApk(spec(), { workdir: workdir('sem'), secretsDir }), { message: errorText('apk_tools_missing') });
    } finally {
      process.env.PATH = saved;
    }
  });
});
