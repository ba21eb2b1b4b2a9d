import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LIVE_APPLICATION, effectiveUserId, msg } from '@painel/contract';
import { nowIso, type Db } from '../../platform/db.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { MediaServer } from '../media/media-server.ts';
import { END_REASONS, publisherOf } from './reconcile.ts';
import type { StreamingRepo } from './streaming.repo.ts';
import { WAITING_TTL_MS } from './streaming.service.ts';

/** The form nginx-rtmp posts to on_publish / on_publish_done; the key's query arguments come along. */
export type HookFields = Record<string, string | undefined>;
export type Verdict = { ok: true; transmissionId: number } | { ok: false; reason: string };

const STREAM_RE = /^([a-z0-9][a-z0-9_]{2,31})_live$/;

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * nginx asks before accepting an encoder: only an active account of this node, publishing
 * under its own name `{login}_live` with its current secret (`?key=`), gets in. An accepted
 * publish opens the broadcast record; the end of that same publisher (same client id) closes it.
 */
export function createIngestService(deps: {
  db: Db; repo: StreamingRepo; media: MediaServer; activity: ActivityService; nodeId: number; hlsDir: string;
}) {
  const { db, repo, media, activity, nodeId } = deps;

  return {
    async onPublish(f: HookFields): Promise<Verdict> {
      if (f.app !== LIVE_APPLICATION) return { ok: false, reason: 'aplicação desconhecida' };
      const m = STREAM_RE.exec(f.name ?? '');
      if (!m) return { ok: false, reason: 'nome de stream fora do padrão {login}_live' };
      const account = await repo.accountByUsuario(db, m[1]!);
      if (!account) return { ok: false, reason: 'conta inexistente' };
      if (account.disabled) return { ok: false, reason: 'conta desativada' };
      if ((account.codigo_servidor ?? nodeId) !== nodeId) return { ok: false, reason: 'conta de outro servidor' };
      if (!account.stream_secret || !sameSecret(account.stream_secret, f.key ?? '')) {
        await activity.recordThrottled(effectiveUserId(account), 'publish_refused', f.addr ?? '?', 60_000);
        return { ok: false, reason: 'chave incorreta' };
      }
      const name = f.name!;
      const clientId = f.clientid ?? null;
      const open = await repo.liveByStream(db, name);
      if (open.length) {
        // nginx refuses a second publisher itself; saying no first keeps the first one's record intact
        const st = await media.stat().catch(() => null);
        // without the media server's word the open broadcast may well be live: it is not ended for a newcomer
        if (!st) return { ok: false, reason: 'estado do servidor de mídia indisponível' };
        if (open.some((o) => publisherOf(st, o) && o.client_id !== clientId)) return { ok: false, reason: 'já existe um encoder transmitindo' };
      }
      const at = nowIso();
      const userId = effectiveUserId(account);
      const id = await db.transaction().execute(async (tx) => {
        for (const o of open) await repo.end(tx, o.id, at, END_REASONS.replaced);
        const waiting = (await repo.waitingOfUser(tx, userId, 'obs')).find((w) => Date.now() - Date.parse(w.created_at) < WAITING_TTL_MS);
        const live = { status: 'live' as const, client_id: clientId, publish_addr: f.addr ?? null, started_at: at };
        if (waiting) {
          await repo.update(tx, waiting.id, live);
          return waiting.id;
        }
        const row = await repo.insert(tx, {
          user_id: userId, node_id: nodeId, tipo: 'obs', titulo: msg.defaultObsTitle, codigo_playlist: null,
          stream_name: name, platform_ids: '[]', created_at: at, ended_at: null, end_reason: null, ...live,
        });
        return row.id;
      });
      // the previous broadcast's playlist must not be served as this one's (nginx writes a new one
      // at the first fragment); the previous session is closed, or nginx would refuse this publish
      await fs.rm(path.join(deps.hlsDir, `${name}.m3u8`), { force: true });
      const titulo = (await repo.byIdOfUser(db, userId, id))?.titulo ?? msg.defaultObsTitle;
      await activity.record(userId, 'transmission_started', titulo);
      return { ok: true, transmissionId: id };
    },

    /** Only the publisher that opened a broadcast ends it: a refused duplicate also triggers this call. */
    async onPublishDone(f: HookFields): Promise<void> {
      if (f.app !== LIVE_APPLICATION || !f.name) return;
      for (const o of await repo.liveByStream(db, f.name)) {
        if (o.client_id === (f.clientid ?? null) && (await repo.end(db, o.id, nowIso(), END_REASONS.publishDone))) {
          await activity.record(o.user_id, 'transmission_ended', o.titulo);
        }
      }
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;
