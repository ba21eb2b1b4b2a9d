import type { Generated } from 'kysely';

export interface AndroidConfigsTable {
  user_id: number;
  webtv_nome: string;
  webtv_facebook: Generated<string>;
  webtv_twitter: Generated<string>;
  webtv_site: Generated<string>;
  webtv_descricao: Generated<string>;
  versao: Generated<string>;
  tema: Generated<string>;
  app_email: Generated<string>;
  app_whatsapp: Generated<string>;
  app_url_facebook: Generated<string>;
  app_url_instagram: Generated<string>;
  app_url_twitter: Generated<string>;
  app_url_site: Generated<string>;
  app_cor_texto: Generated<string>;
  app_cor_menu_claro: Generated<string>;
  app_cor_menu_escuro: Generated<string>;
  app_tela_inicial: Generated<number>;
  chat: Generated<number>;
  logo: string;
  icone: string;
  fundo: string;
  created_at: string;
  updated_at: string;
}

/** An APK build: 'done' names its file in `zip`, 'error' says why in `aviso`. */
export type ApkState = 'building' | 'done' | 'error';

/** Every APK built. */
export interface AndroidAppsTable {
  id: Generated<number>;
  user_id: number;
  origem: 'android' | 'multiplataforma';
  nome: string;
  versao: string;
  state: Generated<ApkState>;
  aviso: Generated<string>;
  zip: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    android_configs: AndroidConfigsTable;
    android_apps: AndroidAppsTable;
  }
}
