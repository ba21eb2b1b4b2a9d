import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client, FTPError } from 'basic-ftp';
import { testStreamArgs } from '@painel/media/test-stream';
import { loadConfig } from '../platform/config.ts';
import { freePort } from '../platform/ports.ts';
import { eventually } from './live.ts';
import { startStack, type Stack } from './product.ts';

interface Conexao {
  ftp: { host: string; usuario: string; senha: string; porta: number };
  rtmp: { servidor: string; chave: string; stream_name: string };
}
interface Account { email: string; usuario: string; password: string }

/** Whether anything accepts a TCP connection on address:port. */
const accepts = (host: string, port: number): Promise<boolean> => new Promise((resolve) => {
  const s = net.connect({ host, port });
  s.setTimeout(3000, () => s.destroy());
  s.once('connect', () => (s.destroy(), resolve(true)));
  s.once('error', () => resolve(false));
  s.once('close', () => resolve(false));
});

async function login(baseUrl: string, email: string, password: string): Promise<string | null> {
  const r = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }),
  });
  const body = (await r.json()) as { token?: string };
  return r.ok && body.token ? body.token : null;
}

async function get<T>(baseUrl: string, token: string, url: string): Promise<T> {
  const r = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  assert.ok(r.ok, `${baseUrl}${url}: ${r.status}`);
  return (await r.json()) as T;
}

test('BIND_ADDRESS binds every listener and replaces HOST; without it, HOST as before', () => {
  const of = (env: Record<string, string>) => {
    const c = loadConfig({ PORT: '3001', ...env });
    return { host: c.host, bind: c.bindAddress, api: c.media.apiInternalUrl, rtmp: c.media.rtmpLocalHost, hls: c.media.hlsLocalHost };
  };
  const local = 'http://127.0.0.1:3001';
  assert.deepEqual(of({}), { host: '0.0.0.0', bind: undefined, api: local, rtmp: '127.0.0.1', hls: '127.0.0.1' });
  // HOST alone: the API, FTP and HLS_PORT on it, RTMP on every address
  assert.deepEqual(of({ HOST: '127.0.0.1' }), { host: '127.0.0.1', bind: undefined, api: local, rtmp: '127.0.0.1', hls: '127.0.0.1' });
  assert.deepEqual(of({ HOST: '203.0.113.5' }), { host: '203.0.113.5', bind: undefined, api: 'http://203.0.113.5:3001', rtmp: '127.0.0.1', hls: '203.0.113.5' });
  // BIND_ADDRESS wins over HOST, and the machine's own processes reach the server there
  assert.deepEqual(of({ HOST: '0.0.0.0', BIND_ADDRESS: '127.0.0.2' }),
    { host: '127.0.0.2', bind: '127.0.0.2', api: 'http://127.0.0.2:3001', rtmp: '127.0.0.2', hls: '127.0.0.2' });
  assert.deepEqual(of({ BIND_ADDRESS: '[::1]' }), { host: '::1', bind: '::1', api: 'http://[::1]:3001', rtmp: '[::1]', hls: '[::1]' });
  assert.deepEqual(of({ BIND_ADDRESS: '0.0.0.0' }), { host: '0.0.0.0', bind: '0.0.0.0', api: local, rtmp: '127.0.0.1', hls: '127.0.0.1' });
  assert.equal(of({ BIND_ADDRESS: '127.0.0.2', API_INTERNAL_URL: 'http://10.0.0.9:3001/' }).api, 'http://10.0.0.9:3001');
  // what the panel gives is PUBLIC_HOST's, never the bound address
  assert.equal(loadConfig({ BIND_ADDRESS: '127.0.0.2' }).publicHost, 'localhost');
});

/**
 * BIND_ADDRESS: two whole products on one machine, one bound to 127.0.0.2 and the other to
 * 127.0.0.3, on the very same ports for HTTP, RTMP, HLS, FTP and FTP's passive data. Each
 * starts, answers on its own address only and as itself, takes OBS on its own nginx-rtmp, serves
 * its own HLS and logs its own accounts into FTP; the addresses it gives stay PUBLIC_HOST's.
 */
describe('two servers on one machine, each bound to its own loopback address on the same ports', { skip: process.env.TEST_PG_ADMIN_URL ? 'coberto na execução com SQLite' : false }, () => {
  const addresses = ['127.0.0.2', '127.0.0.3'] as const;
  const stacks: Stack[] = [];
  const accounts: Account[] = [];
  const demos: { email: string; password: string }[] = [];
  const tokens: string[] = [];
  const publishers: ChildProcess[] = [];
  const clients: Client[] = [];
  let ports: { http: number; rtmp: number; hls: number; ftp: number; pasv: number };

  before(async () => {
    ports = { http: await freePort(), rtmp: await freePort(), hls: await freePort(), ftp: await freePort(), pasv: await freePort() };
    const started = await Promise.allSettled(addresses.map((address, i) => startStack({
      BIND_ADDRESS: address,
      PUBLIC_HOST: `servidor${i + 1}.painel.test`,
      PORT: String(ports.http), RTMP_PORT: String(ports.rtmp), HLS_PORT: String(ports.hls), FTP_PORT: String(ports.ftp),
      FTP_PASV_MIN: String(ports.pasv), FTP_PASV_MAX: String(ports.pasv),
    }, { address })));
    for (const s of started) if (s.status === 'fulfilled') stacks.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    for (const stack of stacks) {
      const [email = '', password = ''] = fs.readFileSync(path.join(stack.dataDir, 'secrets', 'demo-account.txt'), 'utf8').split('\n');
      demos.push({ email, password });
      accounts.push(await stack.addAccount());
      tokens.push((await login(stack.baseUrl, accounts.at(-1)!.email, accounts.at(-1)!.password))!);
      await eventually(async () => {
        const h = (await (await fetch(`${stack.baseUrl}/api/health`)).json()) as { components: Record<string, string> };
        return Object.values(h.components).every((c) => c === 'ok');
      }, 30_000, `servidor de mídia de ${stack.baseUrl} no ar`);
    }
  });
  after(async () => {
    for (const c of clients) c.close();
    for (const p of publishers) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    await Promise.all(stacks.map((s) => s.stop()));
  });

  test('each answers on its own address only, as itself', async () => {
    for (const [i, stack] of stacks.entries()) {
      const other = 1 - i;
      assert.ok(await login(stack.baseUrl, demos[i]!.email, demos[i]!.password), `demo de ${stack.baseUrl}`);
      assert.equal(await login(stack.baseUrl, demos[other]!.email, demos[other]!.password), null);
      assert.ok(tokens[i]);
      assert.equal(await login(stack.baseUrl, accounts[other]!.email, accounts[other]!.password), null);
    }
    // each worker's nginx has its own control port on 127.0.0.1 (picked free, kept in its own state file)
    const control = stacks.map((s) => (JSON.parse(fs.readFileSync(path.join(s.dataDir, 'nginx', 'nginx.state.json'), 'utf8')) as { controlPort: number }).controlPort);
    assert.notEqual(control[0], control[1]);
    // no listener of either took the port on every address
    for (const [what, port] of Object.entries({ http: ports.http, rtmp: ports.rtmp, hls: ports.hls, ftp: ports.ftp })) {
      assert.equal(await accepts('127.0.0.1', port), false, `${what} em 127.0.0.1:${port}`);
      for (const address of addresses) assert.equal(await accepts(address, port), true, `${what} em ${address}:${port}`);
    }
  });

  test('the addresses each gives are its PUBLIC_HOST, not the address it binds', async () => {
    for (const [i, stack] of stacks.entries()) {
      const c = await get<Conexao>(stack.baseUrl, tokens[i]!, '/api/dados-conexao');
      assert.equal(c.rtmp.servidor, `rtmp://servidor${i + 1}.painel.test:${ports.rtmp}/live`);
      assert.deepEqual([c.ftp.host, c.ftp.porta], [`servidor${i + 1}.painel.test`, ports.ftp]);
    }
  });

  test('OBS publishing to each address reaches that server\'s nginx and its HLS', { timeout: 180_000 }, async () => {
    const conexoes = await Promise.all(stacks.map((s, i) => get<Conexao>(s.baseUrl, tokens[i]!, '/api/dados-conexao')));
    for (const [i, address] of addresses.entries()) {
      const url = `rtmp://${address}:${ports.rtmp}/live/${conexoes[i]!.rtmp.chave}`;
      publishers.push(spawn('ffmpeg', testStreamArgs({ url, videoKbps: 300, keyframeSeconds: 1 }), { stdio: ['ignore', 'ignore', 'ignore'] }));
    }
    for (const [i, stack] of stacks.entries()) {
      await eventually(async () => (await get<{ is_live: boolean }>(stack.baseUrl, tokens[i]!, '/api/streaming/status')).is_live, 30_000, `ao vivo em ${stack.baseUrl}`);
    }
    for (const [i, address] of addresses.entries()) {
      const own = conexoes[i]!.rtmp.stream_name;
      const others = conexoes[1 - i]!.rtmp.stream_name;
      // the playlist through the HLS port: nginx passes it to its own API (API_INTERNAL_URL follows the bind address)
      const fragment = await eventually(async () => {
        const r = await fetch(`http://${address}:${ports.hls}/hls/${own}.m3u8`);
        const last = r.ok ? (await r.text()).split('\n').filter((l) => l.endsWith('.ts')).at(-1) : undefined;
        return last?.split('/').at(-1);
      }, 30_000, `playlist de ${own} em ${address}`);
      const ts = await fetch(`http://${address}:${ports.hls}/hls/${fragment}`);
      assert.equal(ts.status, 200);
      assert.ok((await ts.arrayBuffer()).byteLength > 0);
      // the other server has none of it, on either of its ports
      const elsewhere = addresses[1 - i];
      assert.equal((await fetch(`http://${elsewhere}:${ports.hls}/hls/${fragment}`)).status, 404);
      assert.equal((await fetch(`http://${elsewhere}:${ports.http}/hls/${own}.m3u8`)).status, 404);
      assert.ok(fs.existsSync(path.join(stacks[i]!.dataDir, 'hls', fragment)));
      assert.equal(fs.readdirSync(path.join(stacks[i]!.dataDir, 'hls')).some((f) => f.startsWith(`${others}`)), false);
    }
  });

  test('FTP logs each account in on its own server, with passive data on the same address', async () => {
    for (const [i, address] of addresses.entries()) {
      const c = await get<Conexao>(stacks[i]!.baseUrl, tokens[i]!, '/api/dados-conexao');
      const client = new Client(10_000);
      clients.push(client);
      await client.access({ host: address, port: ports.ftp, user: c.ftp.usuario, password: c.ftp.senha });
      assert.equal(await client.pwd(), '/');
      await client.list(); // a data connection on the passive port, bound to this address
      const pasv = await client.send('PASV');
      assert.match(pasv.message, new RegExp(`\\(${address.replace(/\./g, ',')},\\d+,\\d+\\)`));
      client.close();

      // the same login on the other server's address is refused: that is another server's account list
      const stranger = new Client(10_000);
      clients.push(stranger);
      const refused = await stranger.access({ host: addresses[1 - i], port: ports.ftp, user: c.ftp.usuario, password: c.ftp.senha })
        .then(() => null, (e: unknown) => e);
      assert.ok(refused instanceof FTPError && refused.code === 530, String(refused));
      stranger.close();
    }
  });
});
