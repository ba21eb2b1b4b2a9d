import { parentPort, workerData } from 'node:worker_threads';

/**
 * The heartbeat load of bench/audience, in a worker thread so it runs beside the API rather
 * than on its thread: opens `sessions` player sessions from `addresses` addresses (given in
 * X-Forwarded-For, which the API trusts with TRUST_PROXY=1), then keeps `inFlight` heartbeats
 * of those sessions in flight for `seconds`. Replies with the counts and times.
 */
const { url, login, seconds, sessions, addresses, inFlight } = workerData as {
  url: string; login: string; seconds: number; sessions: number; addresses: number; inFlight: number;
};
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const addressOf = (i: number) => `177.${64 + Math.floor((i % addresses) / 250)}.${(i % addresses) % 250}.10`;

async function beat(i: number, session?: string): Promise<string | null> {
  const r = await fetch(`${url}/api/player-port/heartbeat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i), 'user-agent': UA },
    body: JSON.stringify({ login, stream: `${login}_live`, ...(session && { session }) }),
  });
  const j = (await r.json()) as { live?: boolean; session?: string };
  return r.ok && j.live && j.session ? j.session : null;
}

/** Runs `work(k)` for k = 0, 1, 2… with `n` in flight until `more()` says stop. */
async function pool(n: number, more: (k: number) => boolean, work: (k: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (more(next)) await work(next++);
  }));
}

const keys: (string | null)[] = [];
let t0 = performance.now();
await pool(32, (k) => k < sessions, async (k) => { keys[k] = await beat(k); });
const openSeconds = (performance.now() - t0) / 1000;
const opened = keys.filter(Boolean).length;

let beats = 0, failed = 0;
t0 = performance.now();
const end = t0 + seconds * 1000;
await pool(inFlight, () => performance.now() < end, async (k) => {
  const i = k % sessions;
  const s = await beat(i, keys[i] ?? undefined);
  if (s && s === keys[i]) beats++; else failed++;
});
parentPort!.postMessage({ opened, openSeconds, beats, failed, beatSeconds: (performance.now() - t0) / 1000 });
