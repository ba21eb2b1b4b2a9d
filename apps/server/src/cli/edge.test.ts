import assert from 'node:assert/strict';
import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { bearerHeader } from '../testing/harness.ts';
import { eventually, startLiveStack, type LiveStack, type Publisher } from '../testing/live.ts';
import { countingProxy, playHls } from '../testing/hls-players.ts';
import { freePort } from '../worker.ts';

const script = path.join(import.meta.dirname, 'edge.ts');
const run = (args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 60_000 });
/** The command as a person runs it, several at once: its exit status and what it printed. */
const runAsync = (args: readonly string[]) => new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
  execFile(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 60_000 }, (e, stdout, stderr) => {
    resolve({ status: e ? (typeof e.code === 'number' ? e.code : null) : 0, stdout, stderr });
  });
});

describe('./painel edge: arguments', () => {
  test('every mistake is refused with a Portuguese message and status 2, before anything starts', async () => {
    const cases = [
      [[], /Informe a origem: --origin/],
      [['--origin', 'ftp://servidor:21'], /Origem inválida \(a origem precisa ser http:\/\/ ou https:\/\//],
      [['--origin', 'http://u:senha@servidor:3002'], /Origem inválida/],
      [['--origin', 'servidor:3002'], /Origem inválida/],
      [['--origin', 'http://servidor:3002', '--port', '70000'], /Porta inválida: 70000/],
      [['--origin', 'http://servidor:3002', '--port', 'oito'], /Porta inválida: oito/],
      [['--origin', 'http://servidor:3002', '--bind', 'servidor'], /Endereço de escuta inválido: servidor/],
      [['--origin', 'http://servidor:3002', '--cache-dir', '/tmp/com espaço'], /Pasta do cache inválida/],
      [['--origin', 'http://servidor:3002', '--porta', '1'], /^Opção desconhecida: --porta\nUso: \.\/painel edge --origin URL/],
      [['--origin'], /^Falta o valor de --origin/],
      [['--origin', 'http://servidor:3002', 'extra'], /^Argumento inesperado/],
    ] as const;
    // each its own process, all at once (each is a node start-up: one after another they took 40 s on a loaded machine)
    const results = await Promise.all(cases.map(([args]) => runAsync(args)));
    for (const [i, [args, message]] of cases.entries()) {
      const r = results[i]!;
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message, args.join(' '));
    }
  });

  test('--print prints the configuration and writes nothing', () => {
    const dir = path.join(os.tmpdir(), `painel-edge-print-${process.pid}`);
    const r = run(['--origin', 'https://hls.exemplo.com', '--port', '8443', '--bind', '127.0.0.1', '--cache-dir', dir, '--print']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^daemon off;$/m);
    assert.match(r.stdout, /listen 127\.0\.0\.1:8443;/);
    assert.match(r.stdout, /server hls\.exemplo\.com:443;/);
    assert.ok(r.stdout.includes(`proxy_cache_path ${dir}/cache `));
    assert.equal(fs.existsSync(dir), false);
  });
});

interface Edge { url: string; stop(): Promise<void> }

/** `./painel edge` as a process in its own group, so its nginx goes with it even when a test fails half-way. */
async function startEdge(origin: string, dir: string): Promise<Edge> {
  const port = await freePort();
  const child = spawn(process.execPath, [script, '--origin', origin, '--port', String(port), '--bind', '127.0.0.1', '--cache-dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid, 'SIGTERM');
    if (await Promise.race([exited.then(() => true), sleep(8000).then(() => false)])) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  };
  try {
    await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`o edge saiu: ${output}`);
      return output.includes('Edge HLS no ar');
    }, 15_000, 'edge no ar');
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

interface PlayerResult { fragments: number[]; playlists: number; errors: string[]; bytes: Map<number, number> }

/**
 * One player reading the playlist every second (a little more often than a real player, which
 * waits a fragment's length); every fragment at the address the playlist gives, which must be the
 * edge's. It watches until it has `want` fragments (or `until`, which only ends a broken run).
 */
async function player(playlistUrl: string, edgeOrigin: string, id: number, want: number, until: number): Promise<PlayerResult> {
  const out: PlayerResult = { fragments: [], playlists: 0, errors: [], bytes: new Map() };
  await playHls({
    playlistUrl, session: `jogador-${id}`, until, everyMs: 1000, enough: () => out.fragments.length >= want,
    onPlaylist: () => void out.playlists++,
    onFragment: ({ seq, url, status, body }) => {
      if (url.origin !== edgeOrigin) throw new Error(`fragmento fora do edge: ${url.href}`);
      if (status !== 200 || body.length === 0) throw new Error(`fragmento ${url.pathname}: ${status}, ${body.length} bytes`);
      out.fragments.push(seq);
      out.bytes.set(seq, body.length);
    },
    onError: (m) => void out.errors.push(m),
  });
  return out;
}

/**
 * 100 players through an edge in front of a real live stack (API, worker, nginx-rtmp, a real
 * broadcast): the server gets one request per fragment, about one per playlist refresh window,
 * and every player gets every fragment. Each player watches until it has FRAGMENTS fragments in a
 * row, however long a loaded machine takes to make them; the edge's savings as figures (requests
 * and CPU per viewer, against players without an edge) are bench/edge.ts's.
 */
describe('./painel edge in front of a live server', { skip: process.env.TEST_PG_ADMIN_URL ? 'coberto na execução com SQLite' : false }, () => {
  const PLAYERS = 100;
  const FRAGMENTS = 4;
  /** Only ends a broken run: four 2-s fragments take 8 s on an idle machine. */
  const BOUND_MS = 120_000;
  let s: LiveStack;
  let pub: Publisher | undefined;
  let proxy: Awaited<ReturnType<typeof countingProxy>> | undefined;
  const edges: Edge[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-edge-'));
  let login: string;
  let edgeUrl: string;

  before(async () => {
    s = await startLiveStack();
    const acc = await s.h.createAccount();
    login = acc.usuario;
    const token = await s.h.login(acc.email, acc.password);
    const key = (await s.h.app.inject({ url: '/api/dados-conexao', headers: bearerHeader(token) })).json().rtmp.chave as string;
    pub = s.publish(key);
    // the edge in front of the server's HLS port, with a counter in between
    proxy = await countingProxy(s.hlsPort);
    const edge = await startEdge(`http://127.0.0.1:${proxy.port}`, path.join(dir, 'hls-port'));
    edges.push(edge);
    edgeUrl = edge.url;
    // the broadcast is on the air with a few fragments before the viewers arrive
    await eventually(async () => {
      const r = await fetch(`${edgeUrl}/hls/${login}_live.m3u8`);
      return r.ok && ((await r.text()).match(/\.ts$/gm)?.length ?? 0) >= 2;
    }, 30_000, 'playlist com 2 fragmentos pelo edge');
  });
  after(async () => {
    await Promise.all(edges.map((e) => e.stop()));
    await proxy?.close();
    await pub?.stop();
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test(`${PLAYERS} players, ${FRAGMENTS} fragments each: every fragment to every player, a few origin requests per fragment and per playlist window`, async () => {
    const started = Date.now();
    proxy!.hits.length = 0;
    const results = await Promise.all(Array.from({ length: PLAYERS }, (_, i) => player(`${edgeUrl}/hls/${login}_live.m3u8`, edgeUrl, i, FRAGMENTS, started + BOUND_MS)));
    const seconds = (Date.now() - started) / 1000;

    // every player: no error, every fragment from the first it saw on, none skipped
    const expected = FRAGMENTS;
    for (const [i, r] of results.entries()) {
      assert.deepEqual(r.errors, [], `jogador ${i}`);
      assert.ok(r.fragments.length >= expected, `jogador ${i}: ${r.fragments.length} fragmentos, esperados ≥ ${expected}`);
      r.fragments.forEach((n, k) => assert.equal(n, r.fragments[0]! + k, `jogador ${i}: fragmentos ${r.fragments.join(',')}`));
    }
    // the same bytes for everyone
    const sizes = new Map<number, Set<number>>();
    for (const r of results) for (const [n, b] of r.bytes) sizes.set(n, (sizes.get(n) ?? new Set()).add(b));
    for (const [n, set] of sizes) assert.equal(set.size, 1, `fragmento ${n}: tamanhos ${[...set].join(',')}`);

    const hits = proxy!.hits;
    const fragments = new Map<string, number>();
    const windows = new Map<number, number>();
    for (const h of hits) {
      if (h.path.endsWith('.ts')) fragments.set(h.path, (fragments.get(h.path) ?? 0) + 1);
      else if (h.path.endsWith('.m3u8')) windows.set(Math.floor((h.at - started) / 1000), (windows.get(Math.floor((h.at - started) / 1000)) ?? 0) + 1);
    }
    const playerFragments = results.reduce((a, r) => a + r.fragments.length, 0);
    const playerPlaylists = results.reduce((a, r) => a + r.playlists, 0);
    const originPlaylists = [...windows.values()].reduce((a, n) => a + n, 0);
    // the load was real: every player got every fragment, and the origin was asked for each a few times at most
    // (so it served a thirtieth or less of what the players got), and for the playlist a few times a second at most
    // however many players read it (the count of players' playlist reads depends on the machine's pace: not judged)
    assert.ok(playerFragments >= PLAYERS * expected, `${playerFragments} fragmentos entregues`);
    assert.ok(fragments.size >= expected, `${fragments.size} fragmentos pedidos à origem`);
    for (const [p, n] of fragments) assert.ok(n <= 3, `${p}: ${n} pedidos à origem`);
    for (const [w, n] of windows) assert.ok(n <= 3, `segundo ${w}: ${n} pedidos de playlist à origem`);
    assert.ok(originPlaylists <= Math.ceil(seconds) * 2 + 2, `${originPlaylists} playlists pedidas à origem em ${seconds.toFixed(1)} s`);
    // the origin sees only the edge: never a viewer's session or user agent
    assert.ok(hits.every((h) => h.userAgent === 'painel-edge' && !h.path.includes('sessao=')), JSON.stringify(hits.find((h) => h.userAgent !== 'painel-edge' || h.path.includes('sessao='))));
    // and the server counts the edge as one viewer of the channel (its players count themselves by their heartbeats)
    const open = await eventually(async () => {
      const rows = await s.h.core.store.db.selectFrom('viewer_sessions').select('user_agent').where('ended_at', 'is', null).execute();
      return rows.length > 0 && rows;
    }, 5000, 'sessão do edge');
    assert.deepEqual(open.map((r) => r.user_agent), ['painel-edge']);
    console.log(`# ${PLAYERS} jogadores, ${seconds.toFixed(1)} s: ${playerPlaylists} playlists e ${playerFragments} fragmentos entregues; `
      + `origem: ${originPlaylists} playlists, ${[...fragments.values()].reduce((a, n) => a + n, 0)} pedidos para ${fragments.size} fragmentos`);
  });

  test('a fragment through the edge is the file nginx-rtmp wrote, with the HLS headers; the API\'s address works as the origin too', async () => {
    const apiEdge = await startEdge(s.apiUrl, path.join(dir, 'api'));
    edges.push(apiEdge);
    for (const url of [edgeUrl, apiEdge.url]) {
      const text = await (await fetch(`${url}/hls/${login}_live.m3u8`)).text();
      const line = text.split('\n').find((l) => l.endsWith('.ts'));
      assert.ok(line, `${url}: ${text}`);
      const r = await fetch(new URL(line, url));
      assert.equal(r.status, 200);
      assert.equal(new URL(r.url).origin, url);
      assert.equal(r.headers.get('access-control-allow-origin'), '*');
      assert.equal(r.headers.get('content-type'), 'video/mp2t');
      const body = Buffer.from(await r.arrayBuffer());
      assert.ok(body.equals(fs.readFileSync(path.join(s.h.config.dataDir, 'hls', path.basename(line)))), url);
    }
  });
});
