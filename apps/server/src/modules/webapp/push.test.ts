import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { errorText, msg, type PushPayload } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { vapidPublicKey } from './push.ts';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a subscription: its P-256 key pair and its 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) as the browser does. */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const serverPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = hkdf(keys.auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02, then any padding zeros
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  assert.equal(plain[end], 2, 'delimitador do último registro');
  return plain.subarray(0, end).toString('utf8');
}

/** Checks a VAPID JWT's ES256 signature with the given public key (base64url point) and returns its claims. */
function verifiedClaims(jwt: string, publicKey: string): { aud: string; exp: number; sub: string } {
  const [head, claims, sig] = jwt.split('.') as [string, string, string];
  assert.deepEqual(JSON.parse(Buffer.from(head, 'base64url').toString()), { typ: 'JWT', alg: 'ES256' });
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  assert.ok(verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url')), 'assinatura VAPID');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

describe('web push from the App Multiplataforma', () => {
  let h: Harness;
  let server: http.Server;
  /** A peer the outbound guard lets through but that is no push service: it must never be posted to. */
  let stray: http.Server;
  let strayOrigin: string;
  let strayHits = 0;
  let origin: string;
  const received: Received[] = [];
  /** What the push service answers per path (201 by default). */
  const answers = new Map<string, number>();
  let a: { id: number; usuario: string; token: string };
  let b: { id: number; usuario: string; token: string };
  let icon: Buffer;
  let picture: Buffer;

  const api = (token: string, method: 'GET' | 'POST', url: string, payload?: FormData) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload && { payload }) });
  const fields = (values: Record<string, string>, files: Record<string, Buffer> = {}) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(values)) fd.append(k, v);
    for (const [k, v] of Object.entries(files)) fd.append(k, new Blob([new Uint8Array(v)], { type: 'image/png' }), `${k}.png`);
    return fd;
  };
  /** What a visitor's browser posts when it accepts notifications in the published app. */
  const subscribeAt = (owner: { usuario: string }, endpoint: string, keys = browserKeys()) =>
    h.app.inject({
      method: 'POST', url: `/webapp/${owner.usuario}/push/subscribe`,
      payload: { endpoint, keys: { p256dh: keys.ecdh.getPublicKey().toString('base64url'), auth: keys.auth.toString('base64url') } },
    });
  const subscribe = async (owner: { usuario: string }, path: string) => {
    const keys = browserKeys();
    const r = await subscribeAt(owner, `${origin}${path}`, keys);
    assert.equal(r.statusCode, 200, r.body);
    return keys;
  };
  const subscriptionsOf = (userId: number) =>
    h.core.store.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute().then((r) => r.map((s) => s.endpoint));

  before(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(answers.get(req.url ?? '') ?? 201).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
    stray = http.createServer((_req, res) => {
      strayHits += 1;
      res.writeHead(201).end();
    });
    await new Promise<void>((r) => stray.listen(0, '127.0.0.1', r));
    const strayPort = (stray.address() as AddressInfo).port;
    strayOrigin = `http://127.0.0.1:${strayPort}`;
    // the loopback push service is named twice: the guard lets it through, and it is on the push services' list
    h = await startHarness({
      env: {
        PUBLIC_HOST: 'tv.exemplo.com.br', PORT: '3001', OUTBOUND_ALLOW: `127.0.0.1:${port},127.0.0.1:${strayPort}`,
        PUSH_SERVICE_HOSTS: `127.0.0.1:${port}`,
      },
    });
    const ca = await h.createAccount();
    const cb = await h.createAccount();
    a = { ...ca, token: await h.login(ca.email, ca.password) };
    b = { ...cb, token: await h.login(cb.email, cb.password) };
    icon = await sharp({ create: { width: 192, height: 192, channels: 4, background: '#0066ff' } }).png().toBuffer();
    picture = await sharp({ create: { width: 360, height: 180, channels: 3, background: '#ff6600' } }).png().toBuffer();
    for (const o of [a, b]) assert.equal((await api(o.token, 'POST', '/api/app-multiplataforma', fields({ nome: `TV ${o.usuario}` }))).statusCode, 200);
  });
  after(async () => {
    await h.close();
    await new Promise((r) => server.close(r));
    await new Promise((r) => stray.close(r));
  });

  test('the subscriber receives the exact notification, encrypted for it and signed with the panel key', async () => {
    const keys = await subscribe(a, '/push/a1');
    received.length = 0;
    const r = await api(a.token, 'POST', '/api/app-multiplataforma/notifications', fields(
      { titulo: 'Ao vivo agora', mensagem: 'O jogo começou: assista no app! ⚽', url_link: 'https://exemplo.com.br/jogo' },
      { url_icone: icon, url_imagem: picture },
    ));
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(r.json(), { success: true, message: msg.pushSent, enviados: 1, falhas: 0 });

    assert.equal(received.length, 1);
    const got = received[0]!;
    assert.equal(got.path, '/push/a1');
    assert.equal(got.headers['content-encoding'], 'aes128gcm');
    assert.ok(Number(got.headers.ttl) > 0, `TTL ${got.headers.ttl}`);
    const auth = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(got.headers.authorization));
    assert.ok(auth, String(got.headers.authorization));
    assert.equal(auth[2], vapidPublicKey(h.config.dataDir));
    const claims = verifiedClaims(auth[1]!, vapidPublicKey(h.config.dataDir));
    assert.equal(claims.aud, origin);
    assert.ok(claims.exp > Date.now() / 1000 && claims.exp <= Date.now() / 1000 + 24 * 3600);
    assert.match(claims.sub, /^(mailto:|https:)/);

    const payload = JSON.parse(decrypt(got.body, keys)) as PushPayload;
    const file = new RegExp(`^http://tv\\.exemplo\\.com\\.br:3001/webapp/${a.usuario}/files/[a-f0-9]{24}\\.png$`);
    assert.match(payload.icone, file);
    assert.match(payload.imagem ?? '', file);
    const served = await h.app.inject({ url: new URL(payload.icone).pathname });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.deepEqual(payload, {
      titulo: 'Ao vivo agora', mensagem: 'O jogo começou: assista no app! ⚽', icone: payload.icone, imagem: payload.imagem, link: 'https://exemplo.com.br/jogo',
    });

    const row = await h.core.store.db.selectFrom('push_notifications').selectAll().where('user_id', '=', a.id).executeTakeFirstOrThrow();
    assert.equal(row.enviados, 1);
    assert.equal(row.falhas, 0);
    assert.equal(row.titulo, 'Ao vivo agora');
  });

  test('a subscription the push service reports gone (410) is deleted; an internal address is never contacted', async () => {
    await subscribe(a, '/push/gone');
    answers.set('/push/gone', 410);
    // refused when the browser subscribes, and checked again at each send (as if it had been
    // stored before the operator narrowed OUTBOUND_ALLOW)
    assert.equal((await subscribeAt(a, 'https://127.0.0.1:9/push/interno')).statusCode, 400);
    await h.core.store.db.insertInto('push_subscriptions').values({
      user_id: a.id, endpoint: 'https://127.0.0.1:9/push/interno', p256dh: browserKeys().ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'), created_at: new Date().toISOString(),
    }).execute();
    received.length = 0;
    const r = await api(a.token, 'POST', '/api/app-multiplataforma/notifications', fields({ titulo: 'Aviso', mensagem: 'Sem imagem desta vez' }, { url_icone: icon }));
    assert.deepEqual(r.json(), { success: true, message: msg.pushSent, enviados: 1, falhas: 2 });
    assert.deepEqual(received.map((x) => x.path).sort(), ['/push/a1', '/push/gone']);
    assert.deepEqual((await subscriptionsOf(a.id)).sort(), [`${origin}/push/a1`, 'https://127.0.0.1:9/push/interno']);
  });

  test('only the push services are posted to: a stored endpoint on any other host is never contacted', async () => {
    const refused = await subscribeAt(b, `${strayOrigin}/push/coletor`);
    assert.deepEqual([refused.statusCode, refused.json().error], [400, errorText('push_service_not_allowed')]);
    assert.deepEqual(await subscriptionsOf(b.id), []);
    // as if it had been stored before the list existed
    await h.core.store.db.insertInto('push_subscriptions').values({
      user_id: b.id, endpoint: `${strayOrigin}/push/coletor`, p256dh: browserKeys().ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'), created_at: new Date().toISOString(),
    }).execute();
    received.length = 0;
    const r = await api(b.token, 'POST', '/api/app-multiplataforma/notifications', fields({ titulo: 'Aviso', mensagem: 'Só para a lista' }, { url_icone: icon }));
    assert.deepEqual(r.json(), { success: true, message: msg.pushSent, enviados: 0, falhas: 1 });
    assert.equal(strayHits, 0);
    assert.equal(received.length, 0);
    await h.core.store.db.deleteFrom('push_subscriptions').where('user_id', '=', b.id).execute();
  });

  test("another account's notification never reaches this account's subscribers", async () => {
    const keys = await subscribe(b, '/push/b1');
    received.length = 0;
    const r = await api(b.token, 'POST', '/api/app-multiplataforma/notifications', fields({ titulo: 'Canal B', mensagem: 'Só para B' }, { url_icone: icon }));
    assert.deepEqual(r.json(), { success: true, message: msg.pushSent, enviados: 1, falhas: 0 });
    assert.deepEqual(received.map((x) => x.path), ['/push/b1']);
    const payload = JSON.parse(decrypt(received[0]!.body, keys)) as PushPayload;
    assert.equal(payload.titulo, 'Canal B');
    assert.equal(payload.imagem, null);
    assert.equal(payload.link, '');
  });
});
