/*
 * The published app's service worker, served at /webapp/{login}/sw.js with that folder as its
 * scope. It keeps the app shell (the page, its scripts and styles, its data, logo and background)
 * so the app opens offline, and shows the channel's push notifications. It imports nothing:
 * the build emits it as one classic script with a fixed name.
 */

// the service worker's own types, kept to what this file uses (the page's DOM types are in scope)
interface ExtendableEvent extends Event { waitUntil(p: Promise<unknown>): void }
interface FetchEvent extends ExtendableEvent { request: Request; respondWith(r: Response | Promise<Response>): void }
interface PushMessage { json(): unknown; text(): string }
interface PushEvent extends ExtendableEvent { data: PushMessage | null }
interface NotificationEvent extends ExtendableEvent { notification: Notification & { data: unknown } }
interface WindowClient { url: string; focus(): Promise<WindowClient>; navigate(url: string): Promise<WindowClient | null> }
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  clients: { matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>; openWindow(url: string): Promise<unknown>; claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  addEventListener(type: 'push', fn: (e: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', fn: (e: NotificationEvent) => void): void;
}
const sw = self as unknown as WorkerScope;

/** What a push carries (PushPayload of the contract). */
interface Payload { titulo?: string; mensagem?: string; icone?: string; imagem?: string | null; link?: string }

const scope = sw.registration.scope;
// one cache per app: several channels' apps share this origin's storage
const CACHE = `webapp-shell:${new URL(scope).pathname}`;
const at = (p: string) => new URL(p, scope).href;

/**
 * What the app needs to open offline: the page, what it loads from /assets (hashed names: a
 * new build brings new names), its data, its manifest, its logo and background. Asked anew
 * from the server; an empty list when the server cannot be reached.
 */
async function shell(): Promise<string[]> {
  const html = await fetch(scope, { cache: 'no-cache' }).then((r) => (r.ok ? r.text() : ''), () => '');
  if (!html) return [];
  const data = await fetch(at('app.json'), { cache: 'no-cache' }).then((r) => (r.ok ? r.json() : {}), () => ({})) as { url_logo?: string; url_background?: string };
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => at(m[1]!));
  const images = [data.url_logo, data.url_background].filter((u): u is string => !!u).map(at);
  return [at(''), at('app.json'), at('manifest.webmanifest'), ...assets, ...images];
}

/** Brings the cache to the current shell: adds what is missing, drops what the app no longer uses. */
async function refresh(): Promise<void> {
  const urls = await shell();
  if (!urls.length) return;
  const cache = await caches.open(CACHE);
  // one missing piece must not stop the rest
  await Promise.all(urls.map(async (u) => (await cache.match(u)) ?? cache.add(u).catch(() => undefined)));
  for (const req of await cache.keys()) if (!urls.includes(req.url)) await cache.delete(req);
}

sw.addEventListener('install', (e) => {
  e.waitUntil(refresh().then(() => sw.skipWaiting()));
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(sw.clients.claim());
});

/** The network first (fresh data), the cache when offline; good answers refresh the cache. */
async function networkFirst(req: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (res.ok) await cache.put(req, res.clone());
    return res;
  } catch (err) {
    // the page and the manifest vary by Accept-Language, which the worker's own requests may send
    // otherwise: offline, the kept copy serves (the page sets its language itself)
    const hit = await cache.match(req, { ignoreSearch: req.mode === 'navigate', ignoreVary: true });
    if (hit) return hit;
    throw err;
  }
}

/** The cached copy when there is one, else the network; `keep` stores what the network gave. */
async function cacheFirst(req: Request, keep: boolean): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (keep && res.ok) await cache.put(req, res.clone());
  return res;
}

sw.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== location.origin) return;
  const path = url.href.startsWith(scope) ? (url.href.slice(scope.length).split(/[?#]/)[0] ?? '') : null;
  if (url.pathname.startsWith('/assets/')) e.respondWith(cacheFirst(req, true));
  else if (path !== null && path.startsWith('files/')) e.respondWith(cacheFirst(req, false));
  else if (path !== null && req.mode === 'navigate') {
    e.respondWith(networkFirst(req));
    e.waitUntil(refresh());
  } else if (path === 'app.json' || path === 'manifest.webmanifest') e.respondWith(networkFirst(req));
  // the player, the banners, the chat and everything else always go to the network
});

sw.addEventListener('push', (e) => {
  let p: Payload = {};
  try {
    p = (e.data?.json() ?? {}) as Payload;
  } catch {
    p = { mensagem: e.data?.text() ?? '' };
  }
  const options: NotificationOptions & { image?: string } = {
    body: p.mensagem ?? '',
    icon: p.icone || new URL('icons/icon-192.png', scope).href,
    data: { link: p.link ?? '' },
  };
  if (p.imagem) options.image = p.imagem;
  e.waitUntil(sw.registration.showNotification(p.titulo || '', options));
});

sw.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const link = (e.notification.data as { link?: string } | null)?.link ?? '';
  const target = /^https?:\/\//.test(link) ? link : scope;
  e.waitUntil((async () => {
    const open = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const same = open.find((c) => c.url === target) ?? (target === scope ? open.find((c) => c.url.startsWith(scope)) : undefined);
    if (same) await same.focus();
    else await sw.clients.openWindow(target);
  })());
});
