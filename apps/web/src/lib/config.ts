/** Where the login screen's "Entre em contato" link writes to (set VITE_SUPPORT_EMAIL at build time). */
export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL || 'suporte@painel.local';
