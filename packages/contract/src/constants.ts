export const DEFAULT_BITRATE = 2500;
export const DEFAULT_VIEWER_LIMIT = 100;
export const DEFAULT_STORAGE_MB = 1000;
/** Lives (restreams) of an account that may run at the same instant, each one ffmpeg on the media node. */
export const DEFAULT_MAX_LIVES_ATIVAS = 5;
/** Lives of an account not over yet (scheduled or running). */
export const DEFAULT_MAX_LIVES = 50;
/** Bookings (agendamentos) of an account. */
export const DEFAULT_MAX_AGENDAMENTOS = 200;
export const DEFAULT_APPLICATION = 'live';
export const MAX_BROADCAST_HOURS = 24;

export const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'] as const;
export const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  'pt-BR': 'Português (Brasil)',
  'en-US': 'English (US)',
  'es-ES': 'Español',
};
export const TIMEZONES = ['America/Sao_Paulo', 'America/New_York', 'Europe/London', 'Asia/Tokyo'] as const;
export const TIMEZONE_LABELS: Record<(typeof TIMEZONES)[number], string> = {
  'America/Sao_Paulo': 'São Paulo (GMT-3)',
  'America/New_York': 'Nova York (GMT-5)',
  'Europe/London': 'Londres (GMT+0)',
  'Asia/Tokyo': 'Tóquio (GMT+9)',
};

export const REFRESH_INTERVAL = { min: 10, max: 300, default: 30 } as const;

export const TIMINGS = {
  toastShellMs: 3000,
  toastLoginMs: 5000,
  pageTransitionS: 0.3,
  dashboardRefreshMs: 60_000,
  liveStatusPollMs: 10_000,
  managementPollMs: 30_000,
  uptimeTickMs: 1000,
} as const;

export const DRAG_ACTIVATION_PX = 8;
