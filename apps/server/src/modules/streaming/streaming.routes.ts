import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { startBody, startPlaylistBody, stopBody } from '@painel/contract';
import { withFragmentBase } from '@painel/media/hls-playlist';
import { sameSecret } from '../../platform/crypto.ts';
import { machineError, parse } from '../../platform/errors.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { accountFiles, accountLive } from '../servers/routing.ts';
import { readHookForm, type HookForm, type IngestService } from './ingest.service.ts';
import type { ViewersService } from '../viewers/viewers.service.ts';
import type { StreamingService } from './streaming.service.ts';
import type { PlayoutService } from '../playout/playout.service.ts';

export function streamingRoutes(app: FastifyInstance, streaming: StreamingService, accounts: AccountsService, playout: PlayoutService): void {
  const auth = { preHandler: app.requireAuth };
  // what the channel's own server runs (its nginx-rtmp) is asked there
  const live = { ...auth, ...accountLive.session };
  app.get('/api/streaming/status', live, (req) => app.readCache.get(req, 'status', () => streaming.status(req.auth)));
  app.get('/api/streaming/obs-status', live, (req) => streaming.obsStatus(req.auth));
  app.post('/api/streaming/start', live, async (req) => {
    const body = (req.body ?? {}) as { playlist_id?: unknown };
    if (body.playlist_id === undefined || body.playlist_id === null) return streaming.start(req.auth, parse(startBody, body));
    const r = await playout.startFromApi(req.auth, parse(startPlaylistBody, body));
    return {
      success: true, message: r.message, aguardando_obs: r.held, transmission: { id: r.transmissionId, titulo: r.titulo },
      player_urls: await streaming.playerUrls(req.auth.account),
    };
  });
  app.post('/api/streaming/stop', live, (req) => streaming.stop(req.auth, parse(stopBody, req.body ?? {})));
  app.get('/api/streaming/platforms', auth, () => streaming.platforms());
  app.get('/api/streaming/source-urls', auth, (req) => streaming.sourceUrls(req.auth));
  app.post('/api/streaming/cleanup-inactive', live, (req) => streaming.cleanupInactive(req.auth));
  app.get('/api/streaming/transmissions', auth, (req) => {
    const limit = Number((req.query as { limit?: string }).limit ?? 20);
    return streaming.transmissions(req.auth, Number.isInteger(limit) && limit > 0 && limit <= 100 ? limit : 20);
  });
  app.get('/api/dados-conexao', auth, (req) => streaming.connectionData(req.auth, accounts.ftpPassword(req.auth.account)));
  app.post('/api/dados-conexao/regenerar-chave', live, (req) => streaming.regenerateKey(req.auth));
}

/**
 * nginx-rtmp's callbacks. The path carries a secret shared by API and worker (DATA_DIR/secrets),
 * so nobody else can open or close broadcasts or probe stream keys through them.
 */
export function ingestHookRoutes(app: FastifyInstance, ingest: IngestService, hookToken: string, changed: () => void): void {
  const valid = (t: string) => sameSecret(t, hookToken);
  app.register(async (scope) => {
    // nginx posts application/x-www-form-urlencoded; only these two routes accept it
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, readHookForm(String(body)));
      });
    }
    scope.post<{ Params: { token: string } }>('/api/rtmp/hook/:token/publish', async (req, reply) => {
      if (!valid(req.params.token)) return reply.status(404).send();
      const v = await ingest.onPublish((req.body as HookForm | undefined) ?? readHookForm(''));
      // a broadcast that starts changes what the owners' status pages show
      if (v.ok) changed();
      if (!v.ok) req.log.info({ reason: v.reason }, 'publish recusado');
      return reply.status(v.ok ? 200 : 403).send(v.ok ? 'ok' : 'recusado');
    });
    scope.post<{ Params: { token: string } }>('/api/rtmp/hook/:token/publish_done', async (req, reply) => {
      if (!valid(req.params.token)) return reply.status(404).send();
      await ingest.onPublishDone((req.body as HookForm | undefined) ?? readHookForm(''));
      changed();
      return reply.status(200).send('ok');
    });
  });
}

const HLS_FILE = /^([a-z0-9_]+?)(-\d+)?\.(m3u8|ts)$/;

/**
 * The HLS nginx writes: players on any site fetch it (CORS *), playlists are never cached,
 * and a playlist is only served while its broadcast is open, so a player never loops over the
 * last seconds of an ended one. The playlist lists its fragments at nginx's own HTTP port,
 * which serves those files (hls-origin.ts); the fragment route here is the fallback.
 */
export function hlsRoutes(app: FastifyInstance, deps: {
  streaming: StreamingService; hlsDir: string; viewers: ViewersService; viewerLimit: (stream: string) => Promise<number>;
  /** The account a request's panel session belongs to, if it carries one (the owner's own preview). */
  signedInAs: (req: FastifyRequest) => Promise<number | null>;
  /** Whether a playlist request's `?previa=` is its owner's preview grant for that stream (the panel's embedded player page). */
  ownerPreview: (stream: string, grant: unknown) => boolean;
  /** Where the playlist lists its fragments for this viewer (nginx's HLS port, see hls-origin.ts); null: next to the playlist. */
  fragmentBase?: (req: FastifyRequest) => string | null;
}): void {
  const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': 'Range' };
  // a channel's HLS is on its account's server's disk: {login}_live.m3u8 and {login}_live-N.ts
  const hlsFiles = accountFiles.login((req) => /^([a-z0-9_]+?)_live(-\d+)?\.(m3u8|ts)$/.exec((req.params as { file?: string }).file ?? '')?.[1]);
  app.options('/hls/:file', async (_req, reply) => reply.status(204).headers(cors).send());
  app.get<{ Params: { file: string } }>('/hls/:file', hlsFiles, async (req, reply) => {
    reply.headers(cors);
    const m = HLS_FILE.exec(req.params.file);
    if (!m) return reply.status(404).send();
    const playlist = m[3] === 'm3u8';
    const only = Number((req.query as { playlist?: string }).playlist);
    const live = playlist ? await deps.streaming.livePlaylist(m[1]!, Number.isInteger(only) && only > 0 ? only : undefined) : null;
    if (playlist && !live) return reply.status(404).header('Cache-Control', 'no-store').send();
    // every playlist request is a sign of a viewer: the panel's player names its session, any other client
    // gets one — except the owner watching their own channel in the panel (its session's token, or
    // the preview grant its embedded player page carries), who is no audience
    const preview = live && deps.ownerPreview(m[1]!, (req.query as { previa?: unknown }).previa);
    if (live && !preview && !(req.headers.authorization && (await deps.signedInAs(req)) === live.userId)) {
      const sessao = (req.query as { sessao?: unknown }).sessao;
      await deps.viewers.pull({
        userId: live.userId, limit: () => deps.viewerLimit(m[1]!), stream: m[1]!, ip: req.ip,
        userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300), sessionKey: typeof sessao === 'string' && sessao ? sessao.slice(0, 64) : undefined,
      }).catch((e: unknown) => {
        // the database away for a moment, or the disk full: the viewer is not counted, but keeps watching
        if (!machineError(e)) throw e;
      });
    }
    if (live) {
      const base = deps.fragmentBase?.(req);
      return reply.header('Content-Type', 'application/vnd.apple.mpegurl').header('Cache-Control', 'no-cache, no-store')
        .send(base ? withFragmentBase(live.text, base) : live.text);
    }
    // fragments are nginx's to serve (HLS_PORT); this stays for playlists with relative addresses:
    // one a player got before an upgrade, and viewers or setups the fragment server is not offered to
    const file = path.join(deps.hlsDir, req.params.file);
    const st = await fs.promises.stat(file).catch(() => null);
    if (!st?.isFile()) return reply.status(404).send();
    return reply.header('Content-Type', 'video/mp2t').header('Cache-Control', 'public, max-age=300')
      .header('Content-Length', st.size).send(fs.createReadStream(file));
  });
}
