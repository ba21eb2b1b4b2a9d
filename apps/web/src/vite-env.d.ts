/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address of the "Entre em contato" link on the login screen. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
