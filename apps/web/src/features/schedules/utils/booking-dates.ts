import type { Booking } from '@painel/contract';
import type { schedulesCatalogue } from '@/i18n/schedules.ts';
import type { Texts } from '@/i18n/runtime.ts';
import { currentLocale } from '@/lib/locale.ts';

type SchedulesTexts = Texts<typeof schedulesCatalogue.source>;

const WALL_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Today (yyyy-MM-dd) in the account's time zone, where bookings live. */
export function todayIn(timeZone: string): string {
  // en-CA writes dates as yyyy-MM-dd
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

// a wall time is already the account's: written as is, read as UTC so no zone shifts it
function wallFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = wallFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
    wallFormats.set(key, format);
  }
  return format;
}

/**
 * 'yyyy-MM-dd[ HH:mm[:ss]]', a wall-clock time of the account's zone, as the panel's language
 * writes a date and a time (dd/MM/yyyy HH:mm in pt-BR, MM/dd/yyyy hh:mm AM in en-US); anything
 * else as it came.
 */
export function formatWallTime(value: string, withSeconds = false, locale: string = currentLocale()): string {
  const m = WALL_RE.exec(value.trim());
  if (!m) return value;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  const date = wallFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
  if (!m[4]) return date;
  const time = wallFormat(locale, { hour: '2-digit', minute: '2-digit', ...(withSeconds ? { second: '2-digit' } : {}) }).format(at);
  return `${date} ${time}`;
}

/** 'Diariamente', 'Somente uma vez', or 'Dias da Semana (Seg, Qua)' (weekdays named by `names`, short ones by default). */
export function frequencyText(
  b: Pick<Booking, 'frequencia' | 'dias_semana'>, texts: SchedulesTexts, names: readonly string[] = texts.weekdayShort,
): string {
  const label = texts.frequencies[b.frequencia];
  if (b.frequencia !== 'dias_da_semana' || b.dias_semana.length === 0) return label;
  const days = [...new Set(b.dias_semana)].sort((x, y) => x - y).map((d) => names[d] ?? String(d));
  return texts.frequencyDays({ frequency: label, days: days.join(', ') });
}

const DAY_MS = 86_400_000;
const dayNumber = (ymd: string) => Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))) / DAY_MS;

/**
 * Whether a booking starts on some day between `from` and `to` (yyyy-MM-dd, either may be
 * empty): once on its date, daily from its date on, or on its weekdays from its date on.
 */
export function occursBetween(b: Pick<Booking, 'data' | 'inicio' | 'frequencia' | 'dias_semana'>, from: string, to: string): boolean {
  const first = (b.data || b.inicio).slice(0, 10);
  if (!WALL_RE.test(first)) return true;
  if (b.frequencia === 'uma_vez') return (!from || first >= from) && (!to || first <= to);
  const start = from && from > first ? from : first;
  if (to && start > to) return false;
  if (b.frequencia === 'diariamente' || !to) return true;
  // the first week of the range holds every weekday it can
  const startDay = dayNumber(start);
  const last = Math.min(dayNumber(to), startDay + 6);
  for (let d = startDay; d <= last; d++) {
    // 1970-01-01 was a Thursday (4)
    if (b.dias_semana.includes((((d + 4) % 7) + 7) % 7)) return true;
  }
  return false;
}
