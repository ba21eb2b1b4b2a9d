import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { LOGO_MAX_BYTES, msg } from '@painel/contract';
import type { Auth } from '../../platform/auth.ts';
import { nowIso, type Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { ownerOf } from '../library/owner.ts';
import type { Quota } from '../library/quota.ts';
import { normaliseLogo } from './logo-image.ts';
import type { LogoRow, PlayersRepo } from './players.repo.ts';

/** What the bytes are, from their signature: the declared type and the name are not trusted. */
export function sniffImage(b: Buffer): { mime: 'image/png' | 'image/jpeg'; ext: 'png' | 'jpg' } | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', ext: 'png' };
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  return null;
}

export const logoUrl = (arquivo: string): string => `/logos/${arquivo}`;
export const LOGO_FILE = /^[a-f0-9]{24}\.(png|jpg)$/;

/**
 * Watermark logos: files under DATA_DIR/logos with generated names, rows scoped by account.
 * Their bytes count against the plan's storage like videos do (the library's usage adds them).
 */
export function createLogosService(deps: { db: Db; repo: PlayersRepo; dataDir: string; activity: ActivityService; quota: Quota }) {
  const { db, repo, activity, quota } = deps;
  const dir = path.join(deps.dataDir, 'logos');
  const view = (r: LogoRow) => ({ id: r.id, nome: r.nome, url: logoUrl(r.arquivo), tipo: r.mime, tamanho: r.tamanho, created_at: r.created_at });

  return {
    dir,
    view,
    list: async (auth: Auth) => (await repo.logos(db, auth.userId)).map(view),
    byId: (userId: number, id: number) => repo.logo(db, userId, id),

    async upload(auth: Auth, input: { nome: string | undefined; filename: string; data: Buffer; truncated: boolean }) {
      if (input.truncated || input.data.length > LOGO_MAX_BYTES) throw new AppError('logo_too_large', { mb: LOGO_MAX_BYTES / (1024 * 1024) });
      const kind = sniffImage(input.data);
      if (!kind) throw new AppError('logo_invalid_type');
      const nome = (input.nome?.trim() || path.parse(input.filename).name || 'logo').slice(0, 200);
      if (nome.length > 100) throw new AppError('logo_name_too_long');
      // what is stored and served is the image written anew, never the uploaded bytes
      const image = await normaliseLogo(input.data, kind.ext === 'png' ? 'png' : 'jpeg');
      // the quota's reservation holds the room until the row counts in the usage itself, so
      // parallel uploads (logos or videos) cannot together pass the plan's limit; 413 when it does not fit
      const reservation = await quota.open(ownerOf(auth), image.data.length);
      const arquivo = `${randomBytes(12).toString('hex')}.${kind.ext}`;
      const tmp = path.join(dir, `.${arquivo}.tmp`);
      let row: LogoRow | undefined;
      try {
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(tmp, image.data, { mode: 0o644 });
        await fs.rename(tmp, path.join(dir, arquivo));
        row = await repo.insertLogo(db, { user_id: auth.userId, nome, arquivo, mime: kind.mime, tamanho: image.data.length, created_at: nowIso() });
        await activity.record(auth.userId, 'logo_added', nome);
        return { success: true, message: msg.logoSaved, logo: view(row) };
      } catch (e) {
        // row and file exist together or not at all
        if (row) await repo.deleteLogo(db, auth.userId, row.id);
        await fs.rm(tmp, { force: true });
        await fs.rm(path.join(dir, arquivo), { force: true });
        throw e;
      } finally {
        // a reservation left behind only holds its room until the quota's sweep drops it
        await reservation.release().catch(() => undefined);
      }
    },

    async remove(auth: Auth, id: number) {
      const row = await repo.logo(db, auth.userId, id);
      if (!row) throw notFound();
      await db.transaction().execute(async (tx) => {
        await repo.clearLogo(tx, auth.userId, id);
        await repo.deleteLogo(tx, auth.userId, id);
      });
      await fs.rm(path.join(dir, row.arquivo), { force: true });
      await activity.record(auth.userId, 'logo_removed', row.nome);
      return { success: true, message: msg.logoRemoved };
    },

    /** A public logo file (the player on other sites shows it); unknown names are 404. */
    async file(arquivo: string): Promise<{ path: string; mime: string } | null> {
      if (!LOGO_FILE.test(arquivo)) return null;
      const row = await repo.logoByFile(db, arquivo);
      return row ? { path: path.join(dir, arquivo), mime: row.mime } : null;
    },

    /**
     * The channel's logo: the player's watermark logo, else the newest one uploaded; null when the
     * account has none. Its file name says which one it is; its path is where to read it.
     */
    async channelLogo(userId: number): Promise<{ arquivo: string; path: string } | null> {
      const chosen = (await repo.settings(db, userId))?.logo_id;
      const row = (chosen ? await repo.logo(db, userId, chosen) : undefined) ?? (await repo.logos(db, userId))[0];
      return row ? { arquivo: row.arquivo, path: path.join(dir, row.arquivo) } : null;
    },

    /** The account a logo file belongs to (its file is on that account's server), or null. */
    async ownerOfFile(arquivo: string): Promise<number | null> {
      if (!LOGO_FILE.test(arquivo)) return null;
      return (await repo.logoByFile(db, arquivo))?.user_id ?? null;
    },
  };
}
export type LogosService = ReturnType<typeof createLogosService>;
