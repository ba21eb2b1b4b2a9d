export interface UserSettingsTable {
  user_id: number;
  menu_items: string;
  sidebar_collapsed: number;
  notifications_enabled: number;
  auto_refresh: number;
  refresh_interval: number;
  language: string;
  timezone: string;
  updated_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    user_settings: UserSettingsTable;
  }
}
