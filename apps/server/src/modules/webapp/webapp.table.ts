import type { Generated } from 'kysely';

/** One installable web app per account (the published page at /webapp/{login}/). */
export interface WebappsTable {
  user_id: number;
  nome: string;
  email: Generated<string>;
  whatsapp: Generated<string>;
  url_facebook: Generated<string>;
  url_instagram: Generated<string>;
  url_twitter: Generated<string>;
  url_site: Generated<string>;
  url_youtube: Generated<string>;
  cor_texto: Generated<string>;
  cor_menu_claro: Generated<string>;
  cor_menu_escuro: Generated<string>;
  cor_splash: Generated<string>;
  /** File names under the account's app folder. */
  logo: string | null;
  background: string | null;
  text_prog: Generated<string>;
  text_hist: Generated<string>;
  modelo: Generated<number>;
  chat: Generated<number>;
  contador: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface WebappBannersTable {
  id: Generated<number>;
  user_id: number;
  nome: string;
  link: Generated<string>;
  imagem: string;
  exibicoes: Generated<number>;
  cliques: Generated<number>;
  created_at: string;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  /** Keyed hash of the subscriber's address, per channel ('' for rows made before it was kept). */
  ip_hash: Generated<string>;
}

export interface PushNotificationsTable {
  id: Generated<number>;
  user_id: number;
  titulo: string;
  icone: string;
  imagem: string | null;
  link: Generated<string>;
  mensagem: string;
  enviados: Generated<number>;
  falhas: Generated<number>;
  created_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  user_id: number;
  nome: string;
  mensagem: string;
  ip_hash: string;
  created_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    webapps: WebappsTable;
    webapp_banners: WebappBannersTable;
    push_subscriptions: PushSubscriptionsTable;
    push_notifications: PushNotificationsTable;
    chat_messages: ChatMessagesTable;
  }
}
