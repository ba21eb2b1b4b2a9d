import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../api.ts';
import { startHarness, type Harness } from './harness.ts';

const INLINE = 'window.__painel = 1;';
/** A built SPA as Vite lays it out, with one inline script to see it allowed by its hash. */
function fakeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'),
    `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script><script>${INLINE}</script></head><body><div id="root"></div></body></html>`);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1);');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.css'), 'body{margin:0}');
  return dist;
}

/** The directives of a Content-Security-Policy header, by name. */
const directives = (csp: unknown): Map<string, string[]> =>
  new Map(String(csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!, values]));

describe('security headers: the panel refuses framing and inline script; the player stays embeddable', () => {
  let h: Harness;
  let app: FastifyInstance;
  let dist: string;
  let login: string;

  before(async () => {
    h = await startHarness();
    dist = fakeDist();
    app = await buildApp({ ...h.core, config: { ...h.config, webDist: dist } });
    login = (await h.createAccount()).usuario;
  });
  after(async () => {
    await app.close();
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const assertPanelHeaders = (r: { statusCode: number; headers: Record<string, unknown> }, what: string) => {
    assert.equal(r.headers['x-frame-options'], 'DENY', what);
    assert.equal(r.headers['x-content-type-options'], 'nosniff', what);
    assert.equal(r.headers['referrer-policy'], 'same-origin', what);
    const csp = directives(r.headers['content-security-policy']);
    assert.deepEqual(csp.get('frame-ancestors'), ["'none'"], what);
    const script = csp.get('script-src') ?? [];
    assert.ok(script.includes("'self'"), what);
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'blob:']) assert.ok(!script.includes(unsafe), `${what}: ${unsafe}`);
    assert.deepEqual(csp.get('object-src'), ["'none'"], what);
    // what the panel itself uses: its own player page in a frame, hls.js's blob: media and worker
    assert.deepEqual(csp.get('frame-src'), ["'self'"], what);
    assert.ok(csp.get('media-src')?.includes('blob:'), what);
    assert.ok(csp.get('worker-src')?.includes('blob:'), what);
  };

  test('the SPA: index.html, a client route and the assets', async () => {
    for (const url of ['/', '/dashboard', '/dashboard/players', '/login?x=1', '/index.html', '/assets/index-abc.js', '/assets/index-abc.css']) {
      const r = await app.inject({ url });
      assert.equal(r.statusCode, 200, url);
      assertPanelHeaders(r, url);
    }
    const page = await app.inject({ url: '/dashboard/players' });
    assert.match(page.headers['content-type'] as string, /^text\/html/);
    // the one inline script of the page runs by its hash, nothing else inline does
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    assert.ok(directives(page.headers['content-security-policy']).get('script-src')?.includes(hash));
  });

  test('API answers and unknown addresses carry them too', async () => {
    for (const url of ['/api/health', '/api/auth/me', '/api/nada', '/nada.png', '/api/player-port/nada', '/logos/nada.png']) {
      assertPanelHeaders(await app.inject({ url }), url);
    }
  });

  test('the player page keeps its own policy: framable by any site, its nonce, no referrer', async () => {
    const r = await app.inject({ url: `/api/player-port/iframe?login=${login}&stream=${login}_live&player=hlsjs` });
    assert.equal(r.statusCode, 200);
    assert.equal(r.headers['x-frame-options'], undefined);
    const csp = directives(r.headers['content-security-policy']);
    assert.equal(csp.has('frame-ancestors'), false);
    assert.match(csp.get('script-src')?.join(' ') ?? '', /^'self' 'nonce-[A-Za-z0-9+/=]+'$/);
    assert.equal(r.headers['referrer-policy'], 'no-referrer');
    assert.equal(r.headers['x-content-type-options'], 'nosniff');
    // its "not found" page is shown inside customers' frames as well
    const missing = await app.inject({ url: '/api/player-port/iframe?login=ninguem_aqui' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers['x-frame-options'], undefined);
    assert.doesNotMatch(String(missing.headers['content-security-policy'] ?? ''), /frame-ancestors/);
    // the players' libraries load from customers' pages
    const lib = await app.inject({ url: '/player-libs/hls.min.js' });
    assert.equal(lib.statusCode, 200);
    assert.equal(lib.headers['x-frame-options'], undefined);
    assert.equal(lib.headers['content-security-policy'], undefined);
  });
});
