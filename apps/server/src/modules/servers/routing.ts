import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearer } from '../../platform/auth.ts';
import { isDatabaseUnavailable } from '../../platform/db-errors.ts';
import { AppError, errorBody } from '../../platform/errors.ts';
import { shortCache } from '../../platform/short-cache.ts';
import type { ModuleContext } from '../module.ts';
import type { AccountServer } from './servers.service.ts';

/** The account a request names: by its login (a public address) or by its id (an operator's action on it). */
export type AccountKey = { login: string } | { id: number };

/**
 * Whose files a route reads or writes, found before the body is read: the signed-in account
 * (the session of the Authorization header), or the account the request names (a lookup may be
 * asynchronous: a file whose name does not say its owner); undefined: nobody's, answered here as
 * any route.
 */
export type AccountFiles = 'session' | ((req: FastifyRequest) => AccountKey | undefined | Promise<AccountKey | undefined>);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads or writes an account's files, which are only on that account's server's
     * disk: a request that reaches another server is passed on to it (routing.ts).
     */
    accountFiles?: AccountFiles;
    /**
     * The route reads or changes what the account's server runs (its nginx-rtmp: who publishes,
     * dropping a publisher): passed on to that server while it reports; answered here when it
     * does not (nothing of it is live then, which is what the answer says).
     */
    accountLive?: AccountFiles;
  }
}

const param = (req: FastifyRequest, name: string): string | undefined => {
  const v = (req.params as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' && v ? v : undefined;
};
const queryValue = (req: FastifyRequest, name: string): string | undefined => {
  const v = (req.query as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' && v ? v : undefined;
};

/** Route options that mark a route as touching an account's files (spread into the route's options). */
const mark = (files: AccountFiles): { config: { accountFiles: AccountFiles } } => ({ config: { accountFiles: files } });

/** The marks of a route that reads or changes what the account's server runs: `{ ...auth, ...accountLive.session }`. */
export const accountLive = {
  /** The signed-in account's channel (its status, stopping it, a new stream key). */
  session: { config: { accountLive: 'session' as AccountFiles } },
  /** The channel of the account whose id is the path parameter `name` (an operator's or reseller's action on it). */
  idParam: (name: string) => ({ config: { accountLive: accountFiles.idParam(name).config.accountFiles } }),
};

/**
 * The marks a route takes: `{ ...auth, ...accountFiles.session }`, `accountFiles.loginParam('login')`.
 */
export const accountFiles = {
  /** The signed-in account's files (uploads, deletions, renames, pictures, downloads with a session). */
  session: mark('session'),
  /** The files of the account whose login `pick` reads from the request (undefined: nobody's). */
  login: (pick: (req: FastifyRequest) => string | undefined) => mark((req) => {
    const login = pick(req);
    return login ? { login } : undefined;
  }),
  /** The files of the account whose login is the path parameter `name`. */
  loginParam: (name: string) => accountFiles.login((req) => param(req, name)),
  /** The files of the account whose login is the query parameter `name` (a player page's `?login=`). */
  loginQuery: (name: string) => accountFiles.login((req) => queryValue(req, name)),
  /** The files of the account whose id is the path parameter `name` (an operator's or reseller's action on that account). */
  idParam: (name: string) => mark((req) => {
    const raw = param(req, name);
    const id = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
    return Number.isSafeInteger(id) && id > 0 ? { id } : undefined;
  }),
};

/** The header that marks a request one server passed on to another: it is never passed on again. */
export const FORWARDED_HEADER = 'x-painel-forwarded';

/** How long an account's server (by session, login or id) is reused: a playlist is asked by every viewer every second or two. */
const LOOKUP_TTL_MS = 1000;
/** How long connecting to the account's server may take before the request is answered 502. */
const CONNECT_TIMEOUT_MS = 10_000;
/** A passed-on request whose upstream neither sends nor takes a byte for this long is cut (as the API's own connections are). */
const IDLE_TIMEOUT_MS = 120_000;

/** Headers of one connection only (RFC 9110 §7.6.1), never passed on; `expect` was answered by this server already. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect']);

function endToEnd(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const listed = new Set(String(headers.connection ?? '').toLowerCase().split(',').map((s) => s.trim()).filter(Boolean));
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined || HOP_BY_HOP.has(k) || listed.has(k)) continue;
    out[k] = v;
  }
  return out;
}

/**
 * An account's files (library, HLS, logos, app pictures, APKs, playout folders) are only on its
 * own server's disk, while any server's API answers the panel. Before a marked route reads its
 * body, this finds the account and its server:
 *   - this server: the route runs here, as always;
 *   - another server that reports: a request with a session (Authorization) or one that changes
 *     something (not GET/HEAD) is passed on to it, body and answer streamed as they come; a
 *     public GET/HEAD (a player, a playlist, a published app) is redirected there (307);
 *   - another server that does not report, or a request another server already passed on (an
 *     account mid-move never loops): 503 `account_server_offline`, and nothing is read or written.
 * An account that is not found goes on here (the route answers 404 or 401 itself).
 */
export function installAccountRouting(app: FastifyInstance, ctx: Pick<ModuleContext, 'accounts' | 'services' | 'config'>): void {
  const { accounts, services } = ctx;
  // read from the container once, not on every request
  const { authenticate } = services.auth;
  const { servers } = services;
  const nodeId = ctx.config.media.nodeId;
  // the account's id and codigo_servidor (null: this node); undefined: no such account (or no valid session)
  type Found = { id: number; codigo: number | null } | undefined;
  const found = (v: Found) => v !== undefined;
  const bySession = shortCache(LOOKUP_TTL_MS, (token: string): Promise<Found> =>
    authenticate(token).then((a) => ({ id: a.account.id, codigo: a.account.codigo_servidor }), () => undefined), { keep: found });
  const byLogin = shortCache(LOOKUP_TTL_MS, async (login: string): Promise<Found> => {
    const row = await accounts.byLogin(login);
    return row && row.usuario === login ? { id: row.id, codigo: row.codigo_servidor } : undefined;
  }, { keep: found });
  const byId = shortCache(LOOKUP_TTL_MS, async (id: number): Promise<Found> => {
    const row = await accounts.byId(id);
    return row ? { id: row.id, codigo: row.codigo_servidor } : undefined;
  }, { keep: found });

  async function serverFor(req: FastifyRequest, files: AccountFiles): Promise<{ userId: number; server: AccountServer } | null> {
    let account: Found;
    if (files === 'session') {
      const token = bearer(req);
      account = token ? await bySession(token) : undefined;
    } else {
      const key = await files(req);
      account = !key ? undefined : 'login' in key ? await byLogin(key.login) : await byId(key.id);
    }
    return account === undefined ? null : { userId: account.id, server: await servers.serverOf(account.codigo) };
  }

  app.addHook('onRequest', async (req, reply) => {
    const files = req.routeOptions.config?.accountFiles;
    const live = req.routeOptions.config?.accountLive;
    const which = files ?? live;
    if (!which) return;
    // the database away for a moment (a restart): answered here as before routing existed (a local
    // channel's viewers keep their playlist; what needs the database fails in the route itself)
    const target = await serverFor(req, which).catch((e: unknown) => {
      if (isDatabaseUnavailable(e)) return null;
      throw e;
    });
    if (!target) return;
    // an account on its way to another server: what it writes now would be left behind
    if (files && req.method !== 'GET' && req.method !== 'HEAD' && (await services.accountMove.isMoving(target.userId))) {
      throw new AppError('account_moving');
    }
    const { server } = target;
    if (server.local) return;
    const forwarded = req.headers[FORWARDED_HEADER] !== undefined;
    // what the account's server runs, with that server away: answered here, from the database
    if (!files && (!server.online || forwarded)) return;
    if (!server.online || forwarded) {
      void reply.header('Retry-After', '30');
      throw new AppError('account_server_offline');
    }
    // the same path and query on the account's server (its origin only: the path never names another host)
    const there = new URL(`${new URL(server.public_url).origin}${req.url}`);
    if ((req.method === 'GET' || req.method === 'HEAD') && !req.headers.authorization) {
      // players on other sites fetch playlists with CORS: the redirect itself must pass the check
      return reply.header('Cache-Control', 'no-store').header('Access-Control-Allow-Origin', '*').redirect(there.toString(), 307);
    }
    passOn(req, reply, there, nodeId);
    return reply;
  });
}

/**
 * Passes the request on to `target` (the account's server) and streams its answer back: the
 * raw body as it arrives (nothing was read of it), the method, path and query, the end-to-end
 * headers with Host set to the target's and X-Forwarded-For/-Proto added. An upstream that
 * fails before its answer started is 502 `account_server_unreachable`; after, the connection
 * is cut (the client sees an incomplete answer, never a wrong one).
 */
function passOn(req: FastifyRequest, reply: FastifyReply, target: URL, nodeId: number): void {
  reply.hijack();
  const incoming = req.raw;
  const out = reply.raw;
  const headers = endToEnd(incoming.headers);
  headers.host = target.host;
  const prior = incoming.headers['x-forwarded-for'];
  const client = incoming.socket.remoteAddress ?? req.ip;
  headers['x-forwarded-for'] = prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${client}` : client;
  headers['x-forwarded-proto'] = req.protocol;
  headers[FORWARDED_HEADER] = String(nodeId);

  let answered = false;
  const fail = () => {
    if (out.writableEnded) return;
    if (answered || out.headersSent) {
      out.destroy();
      return;
    }
    answered = true;
    const body = JSON.stringify(errorBody(new AppError('account_server_unreachable')));
    out.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
    out.end(body);
    // the rest of the client's body is not wanted
    incoming.resume();
  };

  const upstream = (target.protocol === 'https:' ? https : http).request(target, { method: req.method, headers });
  const connectTimer = setTimeout(() => upstream.destroy(new Error('connect timeout')), CONNECT_TIMEOUT_MS);
  upstream.once('socket', (s) => {
    if (!s.connecting) clearTimeout(connectTimer);
    else s.once('connect', () => clearTimeout(connectTimer));
  });
  upstream.setTimeout(IDLE_TIMEOUT_MS, () => upstream.destroy(new Error('idle timeout')));
  upstream.on('error', () => {
    clearTimeout(connectTimer);
    fail();
  });
  upstream.on('response', (res: IncomingMessage) => {
    clearTimeout(connectTimer);
    answered = true;
    out.writeHead(res.statusCode ?? 502, res.statusMessage, endToEnd(res.headers));
    res.pipe(out);
    res.on('error', () => out.destroy());
    res.on('aborted', () => out.destroy());
  });
  // the client went away: so does the request passed on (an upload cut half-way is dropped there too)
  out.on('close', () => {
    clearTimeout(connectTimer);
    if (!out.writableFinished) upstream.destroy();
  });
  incoming.pipe(upstream);
}
