import fs from 'node:fs/promises';
import path from 'node:path';
import { fallbackMsg, type FallbackBody, type FallbackConfig } from '@painel/contract';
import type { Auth } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { nowIso, type Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Channel } from '../channel/channel.service.ts';
import type { Processes } from '../engine/processes.service.ts';
import { playlistNotFound, type PlaylistsService } from '../playlists/playlists.service.ts';
import type { PlayoutService } from '../playout/playout.service.ts';
import type { FallbackRepo } from './fallback.repo.ts';
import { renderSlate } from './slate.ts';

/**
 * Where an account's slate lives on its server: the video its child loops, the picture shown as a
 * preview, and what they were made of (text and logo), so a slate whose logo changed is made again.
 */
export function slateFiles(dataDir: string, userId: number) {
  const dir = path.join(dataDir, 'fallback', String(userId));
  return { dir, video: path.join(dir, 'sinal.mp4'), picture: path.join(dir, 'sinal.png'), made: path.join(dir, 'sinal.json') };
}

/**
 * The channel's standby signal ('Sinal reserva'). The owner chooses it; when OBS goes live, a
 * standby source is armed for that broadcast (held behind OBS): the slate (engine kind
 * 'reserva') or a playout of the chosen playlist. When OBS drops, the ingest releases it and the
 * standby publishes the same broadcast, so players, restreams and the broadcast's platforms go
 * on; when OBS comes back it takes the channel again. Finishing the broadcast ends the standby.
 */
export function createFallbackService(deps: {
  db: Db; repo: FallbackRepo; config: Config; channel: Pick<Channel, 'arm'>; processes: Processes;
  playlists: Pick<PlaylistsService, 'totals'>; playout: Pick<PlayoutService, 'attachStandby'>;
  /** The channel's logo for its slate (the player's watermark logo, else the newest), or null. */
  logo: (userId: number) => Promise<{ arquivo: string; path: string } | null>;
  log?: (m: string) => void;
}) {
  const { db, repo, config } = deps;
  const log = deps.log ?? ((m: string) => console.log(`[sinal-reserva] ${m}`));
  /** One render at a time per account (a save and an arm at once). */
  const rendering = new Map<number, Promise<void>>();

  /** What a slate of this text and logo is made of, as recorded next to it. */
  const recipe = (texto: string | null, logo: { arquivo: string } | null) => JSON.stringify({ texto: texto ?? fallbackMsg.defaultText, logo: logo?.arquivo ?? null });

  function render(userId: number, texto: string | null): Promise<void> {
    const files = slateFiles(config.dataDir, userId);
    const run = (rendering.get(userId) ?? Promise.resolve()).catch(() => undefined).then(async () => {
      const logo = await deps.logo(userId);
      // only a render reads the logo's bytes (a file gone since shows the text alone)
      const data = logo ? await fs.readFile(logo.path).catch(() => null) : null;
      await renderSlate({
        texto: texto ?? fallbackMsg.defaultText, logo: data, out: files.video, picture: files.picture,
        ffmpegBin: config.media.ffmpegBin, signal: AbortSignal.timeout(60_000),
      });
      await fs.writeFile(files.made, recipe(texto, logo));
    });
    rendering.set(userId, run);
    return run.finally(() => {
      if (rendering.get(userId) === run) rendering.delete(userId);
    });
  }

  /**
   * The slate's video of an account, made (again) first when it is missing (an account moved
   * here, a data folder restored) or its logo changed since (uploaded, removed, another chosen).
   */
  async function ensureSlate(userId: number): Promise<string> {
    const files = slateFiles(config.dataDir, userId);
    const texto = (await repo.ofUser(db, userId))?.texto ?? null;
    const [made, video, logo] = await Promise.all([
      fs.readFile(files.made, 'utf8').catch(() => ''), fs.stat(files.video).catch(() => null), deps.logo(userId),
    ]);
    if (!video?.size || made !== recipe(texto, logo)) await render(userId, texto);
    return files.video;
  }

  /** The choice as it stands: a playlist choice whose playlist was deleted arms nothing, and says so ('nenhum'). */
  async function current(userId: number) {
    const row = await repo.ofUser(db, userId);
    const tipo = !row || (row.tipo === 'playlist' && row.codigo_playlist === null) ? 'nenhum' : row.tipo;
    return { row, tipo };
  }

  async function view(auth: Auth, message?: string): Promise<FallbackConfig> {
    const userId = auth.userId;
    const { row, tipo } = await current(userId);
    const armed = await repo.armed(db, userId);
    const live = !!armed && armed.transmission_status === 'live';
    return {
      success: true, tipo, codigo_playlist: tipo === 'playlist' ? row!.codigo_playlist : null,
      playlist_nome: tipo === 'playlist' ? row!.playlist_nome : null,
      texto: row?.texto ?? fallbackMsg.defaultText,
      com_logo: (await deps.logo(userId)) !== null,
      armado: live && armed.held === 1, no_ar: live && armed.held === 0,
      ...(message ? { message } : {}),
    };
  }

  /** Arms the account's standby for an OBS broadcast (nothing when none is chosen or the channel has a source). */
  async function armFor(userId: number, nodeId: number, transmissionId: number): Promise<void> {
    const { row, tipo } = await current(userId);
    if (!row || tipo === 'nenhum') return;
    if (tipo === 'playlist') {
      const p = await deps.playlists.totals(userId, row.codigo_playlist!);
      if (!p?.total_videos) {
        log(`conta ${userId}: a playlist do sinal reserva está vazia ou não existe; nada armado`);
        return;
      }
    }
    const armed = await db.transaction().execute(async (tx) => {
      const id = await deps.channel.arm(tx, { userId, nodeId, kind: tipo === 'imagem' ? 'reserva' : 'playout', transmissionId });
      if (id === null) return false;
      if (tipo === 'playlist') await deps.playout.attachStandby(tx, id, userId, row.codigo_playlist!);
      await repo.setProcess(tx, userId, id);
      return true;
    });
    // ready before OBS drops: the first time (or after a move) the slate is made now, not at the drop
    if (armed && tipo === 'imagem') void ensureSlate(userId).catch((e: Error) => log(`conta ${userId}: ${e.message}`));
  }

  return {
    ensureSlate,
    get: (auth: Auth) => view(auth),

    /**
     * Saves the choice. A playlist must be the account's and have videos; a slate is made (and its
     * preview) before anything is saved, so a failure changes nothing. A standby armed behind OBS
     * now is armed again with the new choice; one on air stays until the broadcast ends.
     */
    async set(auth: Auth, body: FallbackBody): Promise<FallbackConfig> {
      const userId = auth.userId;
      if (body.tipo === 'playlist') {
        const p = await deps.playlists.totals(userId, body.codigo_playlist!);
        if (!p) throw playlistNotFound();
        if (!p.total_videos) throw new AppError('playlist_empty');
      }
      const texto = body.texto?.trim() || null;
      if (body.tipo === 'imagem') {
        try {
          await render(userId, texto);
        } catch (e) {
          log(`conta ${userId}: ${(e as Error).message}`);
          throw new AppError('fallback_slate_failed');
        }
      }
      const before = await repo.ofUser(db, userId);
      const armed = await repo.armed(db, userId);
      await db.transaction().execute(async (tx) => {
        await repo.save(tx, {
          user_id: userId, tipo: body.tipo, codigo_playlist: body.tipo === 'playlist' ? body.codigo_playlist! : null,
          // the text is kept while another kind is chosen, for when the slate is chosen again
          texto: body.tipo === 'imagem' ? texto : (before?.texto ?? null), process_id: before?.process_id ?? null, updated_at: nowIso(),
        });
        if (armed?.held === 1 && armed.transmission_status === 'live') {
          await deps.processes.stop(tx, userId, armed.id);
          await repo.setProcess(tx, userId, null);
        }
      });
      if (armed?.held === 1 && armed.transmission_status === 'live' && armed.transmission_id !== null) {
        await armFor(userId, auth.account.codigo_servidor ?? config.media.nodeId, armed.transmission_id);
      }
      return view(auth, fallbackMsg.saved);
    },

    /** The slate's picture (PNG), made again when it is missing or its logo changed; 404 when the choice is not the slate. */
    async image(auth: Auth): Promise<string> {
      if ((await current(auth.userId)).tipo !== 'imagem') throw new AppError('fallback_not_image');
      await ensureSlate(auth.userId);
      return slateFiles(config.dataDir, auth.userId).picture;
    },

    /** OBS went live (nginx's on_publish): the standby is armed behind it. Never refuses the publish. */
    async onObsLive(b: { userId: number; nodeId: number; transmissionId: number }): Promise<void> {
      await armFor(b.userId, b.nodeId, b.transmissionId);
    },

    /** The standby of the account's OBS broadcast on air: armed behind OBS, or on air (OBS away); null when none. */
    async standby(userId: number): Promise<{ tipo: 'imagem' | 'playlist'; no_ar: boolean } | null> {
      const armed = await repo.armed(db, userId);
      if (!armed || armed.transmission_status !== 'live') return null;
      return { tipo: armed.kind === 'reserva' ? 'imagem' : 'playlist', no_ar: armed.held === 0 };
    },
  };
}
export type FallbackService = ReturnType<typeof createFallbackService>;
