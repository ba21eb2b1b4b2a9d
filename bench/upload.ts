/**
 * Upload benchmark: one 1 GiB video through POST /api/videos/upload of a real API process,
 * against `cp` of the same file on the same disk in the same run, plus the API process's
 * peak memory growth while it receives the file.
 *
 *   node bench/upload.ts [--size-mb 1024] [--client curl|node]
 *
 * The uploading client is curl by default (native code, as a browser is): on a small
 * machine a Node client spends the CPU the API needs and measures itself as much as the API.
 * Targets: throughput ≥ 0.5 × cp, memory growth < 100 MB.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openCore } from '../apps/server/src/core.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';

const { values } = parseArgs({ options: { 'size-mb': { type: 'string', default: '1024' }, client: { type: 'string', default: 'curl' } } });
const SIZE = Number(values['size-mb']) * 1024 * 1024;
const ROOT = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-'));
const dataDir = path.join(work, 'data');
const source = path.join(work, 'source.ts');
const mb = (b: number) => b / (1024 * 1024);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

function makeSource(): void {
  // a real video (ffprobe must accept it): 10 s of H.264 in MPEG-TS, looped by stream copy to the size
  const seed = path.join(work, 'seed.ts');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30:duration=10',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '20M', '-pix_fmt', 'yuv420p', seed]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-stream_loop', '-1', '-i', seed, '-c', 'copy', '-fs', String(SIZE), source]);
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/** Each timed phase starts with no dirty pages left by the previous one (they would slow whichever runs next). */
const settle = () => execFileSync('sync');

function timeCp(): number {
  const dest = path.join(dataDir, 'cp-copy.ts');
  settle();
  const t0 = performance.now();
  execFileSync('cp', ['--', source, dest]);
  const s = (performance.now() - t0) / 1000;
  fs.rmSync(dest);
  return s;
}

async function request(port: number, method: string, url: string, body?: object, token?: string): Promise<{ status: number; json: any }> {
  const payload = body ? Buffer.from(JSON.stringify(body)) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers: {
      ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function hasCurl(): boolean {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** curl streams the file from disk (-F …=@file), as a browser's multipart upload does. */
function uploadWithCurl(port: number, token: string, folderId: number, urlPath = '/api/videos/upload'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const out = path.join(work, 'curl-answer.json');
    const child = spawn('curl', ['-s', '-o', out, '-w', '%{http_code}', '-H', `Authorization: Bearer ${token}`, '-H', 'Expect:',
      '-F', `video=@${source};filename=grande.ts;type=video/mp2t`, `http://127.0.0.1:${port}${urlPath}?folder_id=${folderId}`]);
    let code = '';
    child.stdout.on('data', (c: Buffer) => (code += c));
    child.on('error', reject);
    child.on('close', () => resolve({ status: Number(code), body: fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '' }));
  });
}

function uploadFile(port: number, token: string, folderId: number): Promise<{ status: number; body: string }> {
  const boundary = '----painelbench';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="grande.ts"\r\nContent-Type: video/mp2t\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(source).size;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: `/api/videos/upload?folder_id=${folderId}`, headers: {
      authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length,
    } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.write(head);
    const file = fs.createReadStream(source, { highWaterMark: 1024 * 1024 });
    file.pipe(req, { end: false });
    file.on('end', () => req.end(tail));
  });
}

/**
 * Plain Node HTTP servers in a separate process, as references for the API's figure:
 * 'discard' reads the upload and throws it away (the most any Node server takes in on this
 * machine); 'file' writes it to disk with stream.pipeline into fs.createWriteStream, the
 * textbook way, with nothing else (no parsing, no quota, no probing).
 */
const REFERENCE_SERVERS = {
  discard: `(q, s) => { q.resume(); q.on('end', () => s.end('{}')); }`,
  file: `(q, s) => require('stream').pipeline(q, require('fs').createWriteStream(${JSON.stringify(path.join(work, 'reference.bin'))}), () => s.end('{}'))`,
} as const;

async function nodeReference(client: string, kind: keyof typeof REFERENCE_SERVERS): Promise<{ seconds: number; growthMb: number }> {
  const port = await freePort();
  const code = `require('http').createServer(${REFERENCE_SERVERS[kind]}).listen(${port}, '127.0.0.1', () => console.log('ok'));`;
  const sink = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => sink.stdout.once('data', r));
  try {
    const base = rssKb(sink.pid!);
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(sink.pid!))), 10);
    const t0 = performance.now();
    if (client === 'curl') await uploadWithCurl(port, 'x', 0, '/');
    else await uploadFile(port, 'x', 0);
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    return { seconds, growthMb: (Math.max(peak, rssKb(sink.pid!)) - base) / 1024 };
  } finally {
    sink.kill('SIGTERM');
    fs.rmSync(path.join(work, 'reference.bin'), { force: true });
  }
}

async function main(): Promise<void> {
  const client = values.client === 'node' || !hasCurl() ? 'node' : 'curl';
  console.log(`Gerando vídeo de ${mb(SIZE).toFixed(0)} MB em ${work} …`);
  makeSource();
  const size = fs.statSync(source).size;

  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', FTP_PORT: String(await freePort()),
    FTP_PASV_MIN: '47000', FTP_PASV_MAX: '47020', LOG_REQUESTS: '0' };
  const core = await openCore(loadConfig(env));
  const password = 'bench-senha-forte';
  await core.accounts.create({ email: 'bench@painel.local', usuario: 'bench', password, espaco: 4 * 1024 });
  await core.store.db.destroy();

  const api = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts')], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    for (let i = 0; ; i++) {
      // any answer will do: /api/health also reports the media server, which this benchmark does not start
      const ok = await request(port, 'GET', '/api/health').then((r) => r.status > 0, () => false);
      if (ok) break;
      if (i > 200) throw new Error('a API não subiu');
      await new Promise((r) => setTimeout(r, 50));
    }
    const token = (await request(port, 'POST', '/api/auth/login', { email: 'bench@painel.local', password })).json.token as string;
    const folderId = (await request(port, 'POST', '/api/folders', { nome: 'Bench' }, token)).json.id as number;

    const cpBefore = timeCp();
    settle();
    await new Promise((r) => setTimeout(r, 500));
    const baseline = rssKb(api.pid!);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(api.pid!))), 10);
    const t0 = performance.now();
    const res = client === 'curl' ? await uploadWithCurl(port, token, folderId) : await uploadFile(port, token, folderId);
    const uploadS = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssKb(api.pid!));
    if (res.status !== 200) throw new Error(`upload falhou: ${res.status} ${res.body}`);
    const cpAfter = timeCp();
    const cpS = Math.min(cpBefore, cpAfter);
    settle();
    const ceiling = await nodeReference(client, 'discard');
    const ceilingS = ceiling.seconds;
    settle();
    const toFile = await nodeReference(client, 'file');

    const ratio = cpS / uploadS;
    const growthMb = (peak - baseline) / 1024;
    console.log(`arquivo:            ${mb(size).toFixed(0)} MB`);
    console.log(`cp (melhor de 2):   ${cpS.toFixed(2)} s  (${(mb(size) / cpS).toFixed(0)} MB/s; ${cpBefore.toFixed(2)} s antes, ${cpAfter.toFixed(2)} s depois)`);
    console.log(`upload pela API:    ${uploadS.toFixed(2)} s  (${(mb(size) / uploadS).toFixed(0)} MB/s, cliente ${client}; inclui ffprobe e registro)`);
    console.log(`teto do Node:       ${ceilingS.toFixed(2)} s  (${(mb(size) / ceilingS).toFixed(0)} MB/s: um servidor HTTP Node que só descarta o corpo; razão teto/cp ${(cpS / ceilingS).toFixed(2)}; memória +${ceiling.growthMb.toFixed(1)} MB)`);
    console.log(`Node → arquivo:     ${toFile.seconds.toFixed(2)} s  (${(mb(size) / toFile.seconds).toFixed(0)} MB/s: pipeline(req, fs.createWriteStream) sem mais nada; razão/cp ${(cpS / toFile.seconds).toFixed(2)})`);
    console.log(`razão upload/teto:  ${(ceilingS / uploadS).toFixed(2)}`);
    console.log(`razão upload/(Node → arquivo): ${(toFile.seconds / uploadS).toFixed(2)}`);
    console.log(`razão upload/cp:    ${ratio.toFixed(2)}  (meta ≥ 0.50) ${ratio >= 0.5 ? 'OK' : 'ABAIXO'}`);
    console.log(`memória da API:     base ${(baseline / 1024).toFixed(0)} MB, pico ${(peak / 1024).toFixed(0)} MB, crescimento ${growthMb.toFixed(1)} MB  (meta < 100 MB) ${growthMb < 100 ? 'OK' : 'ACIMA'}`);
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
