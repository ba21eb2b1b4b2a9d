import { z } from 'zod';
import { msg } from './messages.ts';
import { LANGUAGES, REFRESH_INTERVAL, TIMEZONES } from './constants.ts';
import { DEFAULT_MENU, MENU_CATEGORIES } from './menu.ts';

const menuIds = DEFAULT_MENU.map((m) => m.id) as [string, ...string[]];

export const menuItem = z.object({
  id: z.enum(menuIds, { error: msg.invalidMenu }),
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
    .max(DEFAULT_MENU.length, msg.invalidMenu)
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, msg.invalidMenu),
  sidebar_collapsed: z.boolean(),
  notifications_enabled: z.boolean(),
  auto_refresh: z.boolean(),
  refresh_interval: z
    .number({ error: msg.refreshIntervalRange })
    .int(msg.refreshIntervalRange)
    .min(REFRESH_INTERVAL.min, msg.refreshIntervalRange)
    .max(REFRESH_INTERVAL.max, msg.refreshIntervalRange),
  language: z.enum(LANGUAGES, { error: msg.invalidLanguage }),
  timezone: z.enum(TIMEZONES, { error: msg.invalidTimezone }),
  id_user: z.number().int().optional(),
});
export type UserSettingsBody = z.infer<typeof userSettingsBody>;

export interface UserSettings extends Omit<UserSettingsBody, 'menu_items' | 'id_user'> {
  menu_items: import('./menu.ts').MenuItem[];
  id_user: number;
}

export const DEFAULT_SETTINGS: Omit<UserSettings, 'id_user' | 'menu_items'> = {
  sidebar_collapsed: false,
  notifications_enabled: true,
  auto_refresh: true,
  refresh_interval: REFRESH_INTERVAL.default,
  language: 'pt-BR',
  timezone: 'America/Sao_Paulo',
};
