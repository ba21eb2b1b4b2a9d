import { z } from 'zod';
import { coded } from './coded.ts';
import { LANGUAGES, REFRESH_INTERVAL, TIMEZONES } from './constants.ts';
import { DEFAULT_MENU, MENU_CATEGORIES } from './menu.ts';

const menuIds = DEFAULT_MENU.map((m) => m.id) as [string, ...string[]];

export const menuItem = z.object({
  id: z.enum(menuIds, coded('invalid_menu')),
  label: z.string().max(100).optional(),
  path: z.string().max(200).optional(),
  icon: z.string().max(50).optional(),
  visible: z.boolean(),
  order: z.number().int().min(0).max(1000),
  category: z.enum(MENU_CATEGORIES).optional(),
});

export const userSettingsBody = z.object({
  menu_items: z
    .array(menuItem)
    .max(DEFAULT_MENU.length, coded('invalid_menu'))
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, coded('invalid_menu')),
  sidebar_collapsed: z.boolean(),
  notifications_enabled: z.boolean(),
  auto_refresh: z.boolean(),
  refresh_interval: z
    .number(coded('refresh_interval_range'))
    .int(coded('refresh_interval_range'))
    .min(REFRESH_INTERVAL.min, coded('refresh_interval_range'))
    .max(REFRESH_INTERVAL.max, coded('refresh_interval_range')),
  language: z.enum(LANGUAGES, coded('invalid_language')),
  timezone: z.enum(TIMEZONES, coded('invalid_timezone')),
  id_user: z.number().int().optional(),
});
export type UserSettingsBody = z.infer<typeof userSettingsBody>;

/** A menu entry as the server answers it: the catalogue's entry with the account's order and visibility. */
export const menuItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  path: z.string(),
  icon: z.string(),
  visible: z.boolean(),
  order: z.number(),
  category: z.enum(MENU_CATEGORIES),
});

/** GET /api/user-settings (the settings themselves, no envelope). */
export const userSettingsSchema = z.object({
  menu_items: z.array(menuItemSchema),
  sidebar_collapsed: z.boolean(),
  notifications_enabled: z.boolean(),
  auto_refresh: z.boolean(),
  refresh_interval: z.number(),
  language: z.enum(LANGUAGES),
  timezone: z.enum(TIMEZONES),
  id_user: z.number(),
  /** false while the account has never saved its settings (these are the defaults). */
  salvas: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
export const saveUserSettingsResponseSchema = z.object({ success: z.literal(true), settings: userSettingsSchema });

export const DEFAULT_SETTINGS: Omit<UserSettings, 'id_user' | 'menu_items' | 'salvas'> = {
  sidebar_collapsed: false,
  notifications_enabled: true,
  auto_refresh: true,
  refresh_interval: REFRESH_INTERVAL.default,
  language: 'pt-BR',
  timezone: 'America/Sao_Paulo',
};
