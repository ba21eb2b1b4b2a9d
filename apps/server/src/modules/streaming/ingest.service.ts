import fs from 'node:fs/promises';
import path from 'node:path';
import { effectiveUserId, isSuspended, LIVE_APPLICATION, msg } from '@painel/contract';
import { sameSecret } from '../../platform/crypto.ts';
import { nowIso, type Db, type Tx } from '../../platform/db.ts';
import type { AppError } from '../../platform/errors.ts';
import { secret } from '../../platform/secrets.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { Channel } from '../channel/channel.service.ts';
import { CHANNEL_KINDS } from '../channel/sources.ts';
import { restartsHls } from './hls-continuity.ts';
import type { PlaylistHolds } from './playlist-holds.ts';
import type { MediaServer } from '../media/media-server.ts';
import type { EventBus } from '../module.ts';
import { END_REASONS, publisherOf } from './reconcile.ts';
import type { StreamingRepo } from './streaming.repo.ts';
import { WAITING_TTL_MS } from './streaming.service.ts';

/** A file replaced whole (a reader sees the old text or the new one), as nginx writes its playlists. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, text);
  await fs.rename(tmp, file);
}

/** The secret in nginx's callback path, shared by the API and the worker through DATA_DIR/secrets. */
export const hookToken = (dataDir: string): string => secret(dataDir, 'rtmp-hook.key').toString('hex');

/** The form nginx-rtmp posts to on_publish / on_publish_done; the key's query arguments come along. */
export type HookFields = Record<string, string | undefined>;

/**
 * nginx-rtmp posts its own fields (call, app, name, tcurl, addr, clientid, …) and then appends
 * the query string of the stream key as it came from the encoder. A key such as
 * `ana_live?key=X&name=bruno_live` would thus carry a second `name` that a plain object keeps
 * instead of nginx's own: a publish is judged only when every parameter appears once
 * (compared case-insensitively), so nginx's fields are the ones read.
 */
export interface HookForm {
  fields: HookFields;
  /** Parameter names that appear more than once; a publish with any is refused. */
  repeated: string[];
}

export function readHookForm(body: string): HookForm {
  const fields: HookFields = {};
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const [k, v] of new URLSearchParams(body)) {
    const lower = k.toLowerCase();
    if (seen.has(lower)) repeated.add(lower);
    seen.add(lower);
    if (!(k in fields)) fields[k] = v;
  }
  return { fields, repeated: [...repeated] };
}
export type Verdict = { ok: true; transmissionId: number } | { ok: false; reason: string };

const STREAM_RE = /^([a-z0-9][a-z0-9_]{2,31})_live$/;

/**
 * nginx asks before accepting an encoder: only an active account of this node, publishing
 * under its own name `{login}_live` with its current secret (`?key=`), gets in. An accepted
 * publish opens the broadcast record; the end of that same publisher (same client id) closes it.
 */
export function createIngestService(deps: {
  db: Db; repo: StreamingRepo; media: MediaServer; activity: ActivityService; nodeId: number; hlsDir: string;
  /** The account's channel: its source (playlist broadcast, relay) gives way to OBS (absent: there is none). */
  channel?: Pick<Channel, 'verify' | 'source' | 'yieldTo' | 'release' | 'standbyOf'>;
  /**
   * Where `obs.live`, `obs.drop` and `relay.live` are published (module.ts, Events): the modules
   * that react (recordings, the standby) subscribe; each subscriber fails alone and never refuses
   * the publish (absent: nobody listens).
   */
  events?: Pick<EventBus, 'publish'>;
  /** The engine's start guards (registered by other modules): what refuses anything of the account starting now. */
  refusal?: (tx: Tx, userId: number) => Promise<AppError | null>;
  /** Playlists served as they were while a channel changes publisher (absent: none are held). */
  holds?: PlaylistHolds;
  log?: (line: string) => void;
}) {
  const { db, repo, media, activity, nodeId } = deps;

  /** OBS went live: the subscribers (a recording starts or continues, the standby is armed) never refuse the publish. */
  const wentLive = (userId: number, transmissionId: number, streamName: string, titulo: string, resumed: boolean): Promise<void> =>
    deps.events?.publish('obs.live', { userId, transmissionId, nodeId, streamName, titulo, resumed }) ?? Promise.resolve();

  const titleOf = async (userId: number, transmissionId: number): Promise<string> =>
    (await repo.byIdOfUser(db, userId, transmissionId))?.titulo ?? msg.defaultObsTitle;

  /** The owner of the named stream is told (at most once a minute) that a publish was refused. */
  async function recordRefusal(name: string | undefined, addr: string | undefined): Promise<void> {
    const m = STREAM_RE.exec(name ?? '');
    const account = m ? await repo.accountByUsuario(db, m[1]!) : undefined;
    if (account) await activity.recordThrottled(effectiveUserId(account), 'publish_refused', addr ?? '?', 60_000);
  }

  /** The account's own playout or relay publishing its broadcast, named by its token (a parameter of its kind's name). */
  async function sourcePublish(form: HookForm, userId: number, kind: (typeof CHANNEL_KINDS)[number]): Promise<Verdict> {
    const f = form.fields;
    const processId = deps.channel?.verify(f[kind] ?? '') ?? null;
    const proc = processId ? await deps.channel?.source(processId, kind) : undefined;
    if (!proc || proc.user_id !== userId || proc.desired !== 'running' || proc.held || !proc.transmission_id) {
      return { ok: false, reason: `${kind} sem transmissão ativa` };
    }
    const t = await repo.byIdOfUser(db, userId, proc.transmission_id);
    if (!t || t.status === 'ended') return { ok: false, reason: `transmissão do ${kind} encerrada` };
    // the standby of an OBS broadcast (OBS away): the same broadcast and its HLS playlist go on
    // (nginx adds a discontinuity); its publisher is whoever has the name, until OBS is back
    if (t.tipo === 'obs') {
      if (t.client_id !== null) await repo.update(db, t.id, { client_id: null });
      return { ok: true, transmissionId: t.id };
    }
    const at = nowIso();
    const playlist = path.join(deps.hlsDir, `${f.name}.m3u8`);
    const written = (await fs.stat(playlist).catch(() => null))?.mtimeMs ?? null;
    if (restartsHls(t, await repo.lastStartedOnStream(db, f.name ?? ''), written)) await fs.rm(playlist, { force: true });
    await repo.update(db, t.id, { status: 'live', client_id: f.clientid ?? null, publish_addr: f.addr ?? null, started_at: t.started_at ?? at });
    // a relay chosen to be recorded (each run: a source back within the gap continues its recording)
    if (kind === 'relay') await deps.events?.publish('relay.live', { userId, transmissionId: t.id, nodeId, streamName: f.name ?? '', titulo: t.titulo });
    return { ok: true, transmissionId: t.id };
  }

  return {
    async onPublish(form: HookForm): Promise<Verdict> {
      const f = form.fields;
      if (form.repeated.length) {
        await recordRefusal(f.name, f.addr);
        return { ok: false, reason: `parâmetro repetido na chave: ${form.repeated.join(', ')}` };
      }
      if (f.app !== LIVE_APPLICATION) return { ok: false, reason: 'aplicação desconhecida' };
      const m = STREAM_RE.exec(f.name ?? '');
      if (!m) return { ok: false, reason: 'nome de stream fora do padrão {login}_live' };
      const account = await repo.accountByUsuario(db, m[1]!);
      if (!account) return { ok: false, reason: 'conta inexistente' };
      if (isSuspended(account.suspension)) return { ok: false, reason: 'conta desativada' };
      if ((account.codigo_servidor ?? nodeId) !== nodeId) return { ok: false, reason: 'conta de outro servidor' };
      // a rule of another module (the account is moving to another server) refuses an encoder as it refuses an engine row
      const refused = await deps.refusal?.(db, effectiveUserId(account));
      if (refused) return { ok: false, reason: refused.message };
      const source = CHANNEL_KINDS.find((k) => f[k] !== undefined);
      if (source) return sourcePublish(form, effectiveUserId(account), source);
      if (!account.stream_secret || !sameSecret(account.stream_secret, f.key ?? '')) {
        await recordRefusal(f.name, f.addr);
        return { ok: false, reason: 'chave incorreta' };
      }
      const name = f.name!;
      const clientId = f.clientid ?? null;
      // OBS takes the channel: the playlist or relay on air steps aside first. When it is the
      // standby signal, the playlist file as nginx set OBS's HLS up from is served meanwhile and
      // written back once it left (playlist-holds.ts): its last fragment, appended after that, is never listed
      const playlistFile = path.join(deps.hlsDir, `${name}.m3u8`);
      let asked: string | null = null;
      const holdPlaylist = async () => {
        asked = await fs.readFile(playlistFile, 'utf8').catch(() => null);
        if (asked !== null) deps.holds?.hold(name, asked);
      };
      try {
        const y = deps.channel ? await deps.channel.yieldTo(effectiveUserId(account), account.usuario, deps.holds && holdPlaylist) : { left: true, standby: false };
        if (!y.left) return { ok: false, reason: 'a playlist ou o relay ainda está saindo do ar' };
        if (y.standby && asked !== null) await writeAtomically(playlistFile, asked);
      } finally {
        if (asked !== null) deps.holds?.release(name);
      }
      const onName = await repo.liveByStream(db, name);
      // the playout or relay that just left waits to come back; only OBS broadcasts compete for the name
      for (const p of onName) if (p.tipo !== 'obs') await repo.update(db, p.id, { status: 'waiting', client_id: null });
      const open = onName.filter((o) => o.tipo === 'obs');
      if (open.length) {
        // nginx refuses a second publisher itself; saying no first keeps the first one's record intact.
        // Asked now: a stat from just before an nginx restart would still list the encoder reconnecting
        const st = await media.stat({ fresh: true }).catch(() => null);
        // without the media server's word the open broadcast may well be live: it is not ended for a newcomer
        if (!st) return { ok: false, reason: 'estado do servidor de mídia indisponível' };
        if (open.some((o) => publisherOf(st, o) && o.client_id !== clientId)) return { ok: false, reason: 'já existe um encoder transmitindo' };
      }
      const at = nowIso();
      const userId = effectiveUserId(account);
      const { id, resumed, fromStandby } = await db.transaction().execute(async (tx) => {
        const waiting = (await repo.waitingOfUser(tx, userId, 'obs')).find((w) => Date.now() - Date.parse(w.created_at) < WAITING_TTL_MS);
        // an open broadcast whose encoder nginx no longer has, though nginx never said it ended (it
        // was restarted: no publish_done), is OBS coming back by itself: the same broadcast goes on,
        // with its title, its platforms and its playlist. One prepared since (waiting) is a new one.
        const previous = waiting ? undefined : open[0];
        for (const o of open) if (o !== previous) await repo.end(tx, o.id, at, END_REASONS.replaced);
        if (previous) {
          await repo.update(tx, previous.id, { status: 'live', client_id: clientId, publish_addr: f.addr ?? null });
          // an OBS broadcast without a publisher of its own was on its standby signal
          return { id: previous.id, resumed: true, fromStandby: previous.client_id === null };
        }
        const live = { status: 'live' as const, client_id: clientId, publish_addr: f.addr ?? null, started_at: at };
        if (waiting) {
          await repo.update(tx, waiting.id, live);
          return { id: waiting.id, resumed: false, fromStandby: false };
        }
        const row = await repo.insert(tx, {
          user_id: userId, node_id: nodeId, tipo: 'obs', titulo: msg.defaultObsTitle, codigo_playlist: null,
          stream_name: name, platform_ids: '[]', created_at: at, ended_at: null, end_reason: null, ...live,
        });
        return { id: row.id, resumed: false, fromStandby: false };
      });
      if (resumed) {
        const titulo = await titleOf(userId, id);
        if (fromStandby) await activity.record(userId, 'standby_back', titulo);
        await wentLive(userId, id, name, titulo, true);
        return { ok: true, transmissionId: id };
      }
      // the previous broadcast's playlist must not be served as this one's (nginx writes a new one
      // at the first fragment); the previous session is closed, or nginx would refuse this publish
      await fs.rm(path.join(deps.hlsDir, `${name}.m3u8`), { force: true });
      // after the previous playlist is gone: the recorder reads this broadcast's from its first fragment
      const titulo = await titleOf(userId, id);
      await wentLive(userId, id, name, titulo, false);
      await activity.record(userId, 'transmission_started', titulo);
      return { ok: true, transmissionId: id };
    },

    /**
     * Only the publisher that opened a broadcast ends it: a refused duplicate also triggers
     * this call. A playlist or relay broadcast is not over when its process leaves (held for
     * OBS, a restarted worker, a relay's source that dropped): it waits for it to come back.
     */
    async onPublishDone(form: HookForm): Promise<void> {
      const f = form.fields;
      if (form.repeated.length) return; // never a publish this service accepted
      if (f.app !== LIVE_APPLICATION || !f.name) return;
      for (const o of await repo.liveByStream(db, f.name)) {
        if (o.client_id !== (f.clientid ?? null)) continue;
        if (o.tipo !== 'obs') {
          await repo.update(db, o.id, { status: 'waiting', client_id: null });
          continue;
        }
        // OBS dropped with a standby signal armed: the broadcast goes on (its title, platforms and
        // restreams), the standby takes the channel at once, and the recording pauses
        if (await deps.channel?.standbyOf(o.id)) {
          await repo.update(db, o.id, { client_id: null });
          // before the standby takes the channel: the recording pauses, so the standby is not recorded
          await deps.events?.publish('obs.drop', { userId: o.user_id, transmissionId: o.id, standby: true });
          await deps.channel!.release(o.user_id);
          await activity.record(o.user_id, 'standby_on_air', o.titulo);
          continue;
        }
        if (await repo.end(db, o.id, nowIso(), END_REASONS.publishDone)) {
          await activity.record(o.user_id, 'transmission_ended', o.titulo);
          await deps.events?.publish('obs.drop', { userId: o.user_id, transmissionId: o.id, standby: false });
          if (!(await repo.liveOfUser(db, o.user_id)).some((t) => t.tipo === 'obs')) await deps.channel?.release(o.user_id);
        }
      }
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;
