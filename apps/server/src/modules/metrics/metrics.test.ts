import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { buildApp } from '../../api.ts';
import { nowIso } from '../../platform/db.ts';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { makeClips, multipart, newFolder } from '../../testing/library.ts';
import { metricsModule } from './index.ts';
import { workerLagTick, writeWorkerFigures } from './worker-lag.ts';

interface Sample { name: string; labels: Record<string, string>; value: number }

/** A strict reader of the Prometheus text format (0.0.4): every line is a comment, a sample or empty. */
function parseProm(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const name = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const sampleRe = new RegExp(`^(${name})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
  const labelRe = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const m = new RegExp(`^# (HELP|TYPE) (${name})(?: (.*))?$`).exec(line);
      assert.ok(m, `bad comment line: ${line}`);
      if (m[1] === 'TYPE') {
        assert.match(m[3] ?? '', /^(counter|gauge|histogram|summary|untyped)$/, line);
        types.set(m[2]!, m[3]!);
      }
      continue;
    }
    const m = sampleRe.exec(line);
    assert.ok(m, `bad sample line: ${line}`);
    const labels: Record<string, string> = {};
    if (m[2]) {
      labelRe.lastIndex = 0;
      while (labelRe.lastIndex < m[2].length) {
        const l = labelRe.exec(m[2]);
        assert.ok(l, `bad labels: ${line}`);
        labels[l[1]!] = l[2]!;
      }
    }
    const value = m[3] === '+Inf' ? Infinity : m[3] === '-Inf' ? -Infinity : Number(m[3]);
    assert.ok(m[3] === 'NaN' || !Number.isNaN(value), `bad value: ${line}`);
    samples.push({ name: m[1]!, labels, value });
  }
  return { samples, types };
}

/** The sum of a metric's samples whose labels include `match`. */
const sum = (s: Sample[], name: string, match: Record<string, string> = {}) =>
  s.filter((x) => x.name === name && Object.entries(match).every(([k, v]) => x.labels[k] === v)).reduce((a, x) => a + x.value, 0);

describe('GET /metrics: Prometheus text, access, and figures that follow the panel', () => {
  let h: Harness;
  let acc: { id: number; usuario: string; token: string };

  const scrape = async () => {
    const r = await h.app.inject({ url: '/metrics' });
    assert.equal(r.statusCode, 200, r.body);
    assert.match(String(r.headers['content-type']), /^text\/plain/);
    return parseProm(r.body).samples;
  };

  before(async () => {
    h = await startHarness();
    const a = await h.createAccount();
    acc = { id: a.id, usuario: a.usuario, token: await h.login(a.email, a.password) };
  });
  after(() => h?.close());

  test('the answer parses as Prometheus text, with every family declared', async () => {
    const r = await h.app.inject({ url: '/metrics' });
    const { samples, types } = parseProm(r.body);
    for (const [n, t] of [['painel_http_requests_total', 'counter'], ['painel_http_request_duration_seconds', 'histogram'], ['painel_live_channels', 'gauge'],
      ['painel_media_processes', 'gauge'], ['painel_jobs', 'gauge'], ['painel_job_duration_seconds', 'histogram'], ['painel_viewers', 'gauge'],
      ['painel_upload_bytes_total', 'counter'], ['painel_data_disk_free_bytes', 'gauge'], ['painel_event_loop_lag_seconds', 'gauge']] as const) {
      assert.equal(types.get(n), t, n);
    }
    assert.ok(sum(samples, 'painel_data_disk_free_bytes') > 0);
    assert.ok(samples.some((s) => s.name === 'painel_event_loop_lag_seconds' && s.labels.process === 'api'));
  });

  test('without a token only loopback clients get it', async () => {
    assert.equal((await h.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode, 200);
    assert.equal((await h.app.inject({ url: '/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode, 200);
    const outside = await h.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    assert.equal(outside.statusCode, 403);
    // a loopback proxy passing on an outside client is not a loopback client
    const proxied = await h.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    assert.equal(proxied.statusCode, 403);
  });

  test('with METRICS_TOKEN set the token is required, from anywhere', async () => {
    const app = await buildApp({ ...h.core, config: { ...h.config, metricsToken: 's3cr3t-metrics' } }, {}, [metricsModule]);
    try {
      assert.equal((await app.inject({ url: '/metrics' })).statusCode, 401);
      assert.equal((await app.inject({ url: '/metrics', headers: bearerHeader('wrong') })).statusCode, 401);
      const ok = await app.inject({ url: '/metrics', remoteAddress: '203.0.113.9', headers: bearerHeader('s3cr3t-metrics') });
      assert.equal(ok.statusCode, 200);
      parseProm(ok.body);
    } finally {
      await app.close();
    }
  });

  test('a live transmission counts as a live channel', async () => {
    assert.equal(sum(await scrape(), 'painel_live_channels'), 0);
    const at = nowIso();
    const t = await h.core.store.db.insertInto('transmissions').values({
      user_id: acc.id, node_id: 1, tipo: 'obs', titulo: 't', codigo_playlist: null, stream_name: `${acc.usuario}_live`, status: 'live',
      platform_ids: '[]', client_id: null, publish_addr: null, created_at: at, started_at: at, ended_at: null, end_reason: null,
    }).returning('id').executeTakeFirstOrThrow();
    assert.equal(sum(await scrape(), 'painel_live_channels'), 1);
    await h.core.store.db.updateTable('transmissions').set({ status: 'ended', ended_at: nowIso() }).where('id', '=', t.id).execute();
    assert.equal(sum(await scrape(), 'painel_live_channels'), 0);
  });

  test('a queued job counts in the queue depth, and its duration once it ends', async () => {
    const def = { kind: 'download', input: z.object({}) };
    assert.equal(sum(await scrape(), 'painel_jobs', { kind: 'download', state: 'queued' }), 0);
    const job = await h.core.jobs.enqueue(h.core.store.db, def, { userId: acc.id, input: {} });
    assert.ok(job);
    assert.equal(sum(await scrape(), 'painel_jobs', { kind: 'download', state: 'queued' }), 1);
    const start = new Date(Date.now() - 5000).toISOString();
    await h.core.store.db.updateTable('jobs').set({ state: 'done', started_at: start, finished_at: nowIso() }).where('id', '=', job.id).execute();
    const s = await scrape();
    assert.equal(sum(s, 'painel_jobs', { kind: 'download', state: 'queued' }), 0);
    assert.equal(sum(s, 'painel_job_duration_seconds_count', { kind: 'download', state: 'done' }), 1);
    assert.equal(sum(s, 'painel_job_duration_seconds_bucket', { kind: 'download', state: 'done', le: '1' }), 0);
    assert.equal(sum(s, 'painel_job_duration_seconds_bucket', { kind: 'download', state: 'done', le: '15' }), 1);
    // seen once: the next scrape does not count it again
    assert.equal(sum(await scrape(), 'painel_job_duration_seconds_count', { kind: 'download' }), 1);
  });

  test('an open viewer session counts as a viewer', async () => {
    assert.equal(sum(await scrape(), 'painel_viewers'), 0);
    const at = nowIso();
    await h.core.store.db.insertInto('viewer_sessions').values({
      user_id: acc.id, session_key: 'metrics-test', source: 'player', ip_hash: 'x', user_agent: 'test', started_at: at, last_seen_at: at,
      ended_at: null, cliente: null, latitude: null, longitude: null,
    }).execute();
    assert.equal(sum(await scrape(), 'painel_viewers'), 1);
  });

  test('media processes by kind and state, with their restarts', async () => {
    const at = nowIso();
    await h.core.store.db.insertInto('media_processes').values({
      user_id: acc.id, node_id: 1, kind: 'relay', desired: 'running', start_at: at, end_at: null, transmission_id: null, state: 'reconnecting',
      error: null, pid: null, restarts: 3, state_at: at, started_at: at, ended_at: null, created_at: at,
    }).execute();
    const s = await scrape();
    assert.equal(sum(s, 'painel_media_processes', { kind: 'relay', state: 'reconnecting' }), 1);
    assert.equal(sum(s, 'painel_media_process_restarts', { kind: 'relay' }), 3);
  });

  test('a request counts under its route pattern, not its URL', async () => {
    const before = sum(await scrape(), 'painel_http_requests_total', { route: '/api/videos/:id', status: '401' });
    await h.app.inject({ method: 'DELETE', url: '/api/videos/987654' });
    const s = await scrape();
    assert.equal(sum(s, 'painel_http_requests_total', { method: 'DELETE', route: '/api/videos/:id', status: '401' }), before + 1);
    assert.equal(sum(s, 'painel_http_request_duration_seconds_count', { method: 'DELETE', route: '/api/videos/:id', status: '401' }), before + 1);
    assert.ok(!s.some((x) => x.labels.route?.includes('987654')));
  });

  test('upload bytes received are counted on a real connection', async () => {
    const folder = await newFolder(h, acc.token, 'metricas');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const before = sum(await scrape(), 'painel_upload_bytes_total');
    const clips = makeClips();
    const content = clips.ok;
    clips.close();
    const body = multipart('ok.mp4', content);
    const r = await fetch(`http://127.0.0.1:${port}/api/videos/upload?folder_id=${folder}`, {
      method: 'POST', headers: { ...bearerHeader(acc.token), 'content-type': body.contentType }, body: new Uint8Array(body.payload),
    });
    await r.arrayBuffer();
    assert.equal(r.status, 200);
    const got = sum(await scrape(), 'painel_upload_bytes_total') - before;
    assert.ok(got >= content.length, `counted ${got} bytes`);
  });

  test("the worker's event-loop lag reaches the API through the figures file", async () => {
    assert.ok(!(await scrape()).some((s) => s.name === 'painel_event_loop_lag_seconds' && s.labels.process === 'worker'));
    // the worker's tick: the first pass starts the monitor, the next writes what it measured
    await workerLagTick.run(h.core, {} as never);
    // a 100 ms stall of this loop between two passes, until a pass has the monitor's sample of it
    // (a loaded machine may run the next pass before the monitor's timer has fired after the stall)
    let s: Awaited<ReturnType<typeof scrape>> = [];
    for (let attempt = 1; attempt <= 20; attempt++) {
      await new Promise<void>((resolve) => setTimeout(resolve, 50));
      const block = Date.now() + 100;
      while (Date.now() < block);
      await new Promise<void>((resolve) => setTimeout(resolve, 50));
      await workerLagTick.run(h.core, {} as never);
      s = await scrape();
      if (sum(s, 'painel_event_loop_lag_seconds', { process: 'worker', stat: 'max' }) >= 0.06) break;
    }
    assert.ok(sum(s, 'painel_event_loop_lag_seconds', { process: 'worker', stat: 'max' }) >= 0.06);
    assert.ok(sum(s, 'painel_worker_figures_age_seconds') < 15);
    // figures the worker stopped writing are not shown as its lag
    await writeWorkerFigures(h.config.dataDir, { at: Date.now() - 60_000, pid: 1, lagMeanSeconds: 0.01, lagP99Seconds: 0.01, lagMaxSeconds: 0.01 });
    const stale = await scrape();
    assert.ok(!stale.some((x) => x.name === 'painel_event_loop_lag_seconds' && x.labels.process === 'worker'));
    assert.ok(sum(stale, 'painel_worker_figures_age_seconds') >= 60);
  });
});
