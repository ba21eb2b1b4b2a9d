/**
 * The server side of bench/api: run as a child process so it has the machine's other core to
 * itself while the load generator runs in the parent.
 *
 *   node bench/api-server.ts panel   → the real API over a fresh SQLite database (or
 *                                      TEST_PG_ADMIN_URL's PostgreSQL), one account logged in
 *   node bench/api-server.ts bare    → a bare Fastify route answering a small JSON object
 *
 * Prints one JSON line on stdout once listening: { url, token? }.
 */
import Fastify from 'fastify';
import { startHarness } from '../apps/server/src/testing/harness.ts';

const kind = process.argv[2];
if (kind === 'bare') {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  console.log(JSON.stringify({ url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` }));
} else {
  const h = await startHarness({ env: process.env.READ_CACHE_MS !== undefined ? { READ_CACHE_MS: process.env.READ_CACHE_MS } : {}, contractCheck: false });
  const acc = await h.createAccount();
  const token = await h.login(acc.email, acc.password);
  // a channel with a little in it, as the pages show it: two folders
  for (const nome of ['Programas', 'Comerciais']) {
    await h.app.inject({ method: 'POST', url: '/api/folders', headers: { authorization: `Bearer ${token}` }, payload: { nome } });
  }
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = h.app.server.address();
  console.log(JSON.stringify({ url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, token }));
  process.once('SIGTERM', () => void h.close().then(() => process.exit(0)));
}
