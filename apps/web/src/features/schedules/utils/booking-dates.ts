import { FREQUENCY_LABELS, WEEKDAY_SHORT, type Booking } from '@painel/contract';

const WALL_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Today (yyyy-MM-dd) in the account's time zone, where bookings live. */
export function todayIn(timeZone: string): string {
  // en-CA writes dates as yyyy-MM-dd
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** 'yyyy-MM-dd[ HH:mm[:ss]]', a wall-clock time of the account's zone, as dd/MM/yyyy[ HH:mm[:ss]]; anything else as it came. */
export function formatWallTime(value: string, withSeconds = false): string {
  const m = WALL_RE.exec(value.trim());
  if (!m) return value;
  const date = `${m[3]}/${m[2]}/${m[1]}`;
  if (!m[4]) return date;
  return `${date} ${m[4]}:${m[5]}${withSeconds ? `:${m[6] ?? '00'}` : ''}`;
}

/** 'Diariamente', 'Somente uma vez', or 'Dias da Semana (Seg, Qua)'. */
export function frequencyText(b: Pick<Booking, 'frequencia' | 'dias_semana'>, names: readonly string[] = WEEKDAY_SHORT): string {
  const label = FREQUENCY_LABELS[b.frequencia];
  if (b.frequencia !== 'dias_da_semana' || b.dias_semana.length === 0) return label;
  const days = [...new Set(b.dias_semana)].sort((x, y) => x - y).map((d) => names[d] ?? String(d));
  return `${label} (${days.join(', ')})`;
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
