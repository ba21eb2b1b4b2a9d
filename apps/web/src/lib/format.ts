import { commonCatalogue } from '../i18n/common.ts';
import { textsNow } from '../i18n/store.ts';
import { currentLocale } from './locale.ts';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;
const MEBIBYTE = 1024 * 1024;

/**
 * Four-digit figures stay ungrouped ('1000 MB', '2500', as the plan limits are written) and
 * larger ones are grouped by the locale ('12.500' in pt-BR, '12,500' in en-US).
 */
const GROUPING = 'min2' as const;

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { useGrouping: GROUPING, ...options });
    formatters.set(key, formatter);
  }
  return formatter;
}

const finiteOrZero = (n: number | null | undefined): number => (n !== null && n !== undefined && Number.isFinite(n) ? n : 0);

/** A plain figure (counts, views): 1234 → '1234', 12345 → '12.345' in pt-BR. */
export function formatNumber(value: number | null | undefined, maxFractionDigits = 0, locale: string = currentLocale()): string {
  return numberFormat(locale, { maximumFractionDigits: maxFractionDigits }).format(finiteOrZero(value));
}

/** 1536 → '1,5 KB': 1024 steps up to GB, at most 2 decimals. */
export function formatBytes(bytes: number | null | undefined, locale: string = currentLocale()): string {
  const n = finiteOrZero(bytes);
  const number = numberFormat(locale, { maximumFractionDigits: 2 });
  if (n <= 0) return `${number.format(0)} ${BYTE_UNITS[0]}`;
  let exp = Math.min(Math.floor(Math.log(n) / Math.log(1024)), BYTE_UNITS.length - 1);
  // 1023.999 KB would round to '1024 KB': write it in the next unit instead
  if (exp < BYTE_UNITS.length - 1 && Math.round((n / 1024 ** exp) * 100) / 100 >= 1024) exp += 1;
  return `${number.format(n / 1024 ** exp)} ${BYTE_UNITS[exp]}`;
}

/** Sizes the server keeps in MB (plan quota, folders, disk): 1649 → '1,61 GB'. */
export function formatMegabytes(megabytes: number | null | undefined, locale: string = currentLocale()): string {
  return formatBytes(finiteOrZero(megabytes) * MEBIBYTE, locale);
}

/**
 * 2500 → '2500 kbps', never grouped: the server's messages (limits exceeded, conversions) write
 * bitrates that way, and a page shows them beside its own figures.
 */
export function formatBitrate(kbps: number | null | undefined, locale: string = currentLocale()): string {
  return `${numberFormat(locale, { maximumFractionDigits: 0, useGrouping: false }).format(finiteOrZero(kbps))} kbps`;
}

/** A percentage given from 0 to 100: 45.67 → '46%' ('45,7%' with one decimal). */
export function formatPercent(percent: number | null | undefined, maxFractionDigits = 0, locale: string = currentLocale()): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: maxFractionDigits }).format(finiteOrZero(percent) / 100);
}

const twoDigits = (n: number, locale: string) => numberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false }).format(n);
const oneDigit = (n: number, locale: string) => numberFormat(locale, { useGrouping: false }).format(n);

/** Seconds as m:ss, or h:mm:ss from one hour on: 0 → '0:00', 725 → '12:05', 7380 → '2:03:00'. */
export function formatTimeSpan(seconds: number | null | undefined, locale: string = currentLocale()): string {
  const total = Math.max(0, Math.floor(finiteOrZero(seconds)));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const ss = twoDigits(total % 60, locale);
  return h > 0 ? `${oneDigit(h, locale)}:${twoDigits(m, locale)}:${ss}` : `${oneDigit(m, locale)}:${ss}`;
}

/**
 * A media duration as m:ss or h:mm:ss; 'N/A' when absent. A zero duration is what the server
 * stores before a file was probed, so it counts as absent too.
 */
export function formatDuration(seconds: number | null | undefined, locale: string = currentLocale()): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    return textsNow(commonCatalogue).notAvailable;
  }
  return formatTimeSpan(seconds, locale);
}

/** Seconds as HH:MM:SS, the form of uptimes and playlist totals (hours keep counting past 99 instead of wrapping). */
export function formatClock(totalSeconds: number, locale: string = currentLocale()): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  return `${twoDigits(Math.floor(s / 3600), locale)}:${twoDigits(Math.floor((s % 3600) / 60), locale)}:${twoDigits(s % 60, locale)}`;
}

/**
 * An ISO instant as the language's short date and its hours and minutes, in the account's time
 * zone ('05/01/2026 00:07' in pt-BR, '01/05/2026 12:07 AM' in en-US); '' when it is no date.
 */
export function formatMinute(iso: string, timeZone: string, locale: string = currentLocale()): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return '';
  const date = new Intl.DateTimeFormat(locale, { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(at);
  return `${date} ${time}`;
}
