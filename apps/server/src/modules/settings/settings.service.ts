import { DEFAULT_MENU, DEFAULT_SETTINGS, mergeMenu, type UserSettings, type UserSettingsBody } from '@painel/contract';
import { bool, nowIso, type Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { Auth } from '../../platform/auth.ts';
import { recheckBookings } from '../schedules/schedules.service.ts';
import type { SettingsRepo } from './settings.repo.ts';

type StoredMenu = { id: string; visible: boolean; order: number }[];

function readMenu(json: string): StoredMenu {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v as StoredMenu) : [];
  } catch {
    return [];
  }
}

export function createSettingsService(deps: { db: Db; repo: SettingsRepo }) {
  const { db, repo } = deps;
  return {
    async get(auth: Auth): Promise<UserSettings> {
      const row = await repo.get(db, auth.userId);
      if (!row) return { ...DEFAULT_SETTINGS, menu_items: DEFAULT_MENU.map((m) => ({ ...m })), id_user: auth.userId, salvas: false };
      return {
        menu_items: mergeMenu(readMenu(row.menu_items)),
        sidebar_collapsed: bool(row.sidebar_collapsed),
        notifications_enabled: bool(row.notifications_enabled),
        auto_refresh: bool(row.auto_refresh),
        refresh_interval: row.refresh_interval,
        language: row.language as UserSettings['language'],
        timezone: row.timezone as UserSettings['timezone'],
        id_user: auth.userId,
        salvas: true,
      };
    },

    async save(auth: Auth, body: UserSettingsBody): Promise<UserSettings> {
      // id_user names whose settings these are; only the acting account's own are reachable
      if (body.id_user !== undefined && body.id_user !== auth.userId) throw notFound();
      const menu: StoredMenu = mergeMenu(body.menu_items).map(({ id, visible, order }) => ({ id, visible, order }));
      const zoneBefore = (await repo.get(db, auth.userId))?.timezone;
      await repo.upsert(db, {
        user_id: auth.userId,
        menu_items: JSON.stringify(menu),
        sidebar_collapsed: body.sidebar_collapsed ? 1 : 0,
        notifications_enabled: body.notifications_enabled ? 1 : 0,
        auto_refresh: body.auto_refresh ? 1 : 0,
        refresh_interval: body.refresh_interval,
        language: body.language,
        timezone: body.timezone,
        updated_at: nowIso(),
      });
      // the bookings' wall-clock times are instants of another zone now: the worker works them out again
      if (zoneBefore !== body.timezone) await recheckBookings(db, auth.userId);
      return this.get(auth);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
