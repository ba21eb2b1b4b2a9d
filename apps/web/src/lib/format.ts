import { commonTexts } from '../i18n/pt-BR/common.ts';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 1536 → '1.5 KB': 1024 steps up to GB, at most 2 decimals. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exp = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1);
  const value = bytes / 1024 ** exp;
  return `${parseFloat(value.toFixed(2))} ${BYTE_UNITS[exp]}`;
}

/**
 * Seconds as m:ss, or h:mm:ss from one hour on; 'N/A' when absent. A zero duration is
 * what the server stores before a file was probed, so it counts as absent too.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    return commonTexts.notAvailable;
  }
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** An ISO instant as dd/MM/yyyy HH:mm in the account's time zone; '' when it is no date. */
export function formatMinute(iso: string, timeZone: string): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}
