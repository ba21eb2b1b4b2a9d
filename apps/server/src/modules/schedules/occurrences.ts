import { formatZoned, parseZoned } from '../../platform/zoned-time.ts';

/**
 * When a booking starts. Pure: dates are wall-clock days in the account's time zone
 * (yyyy-MM-dd), the start time is the booking's, and instants come from the zone's own rules
 * (daylight-saving changes included).
 */
export interface Rule {
  frequencia: 'diariamente' | 'dias_da_semana' | 'uma_vez';
  /** 0 = Sunday … 6 = Saturday */
  dias: number[];
  /** yyyy-MM-dd HH:mm:ss, wall clock */
  inicio: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const dayKey = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
const shift = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Whether the booking starts on that day. */
export function occursOn(r: Rule, day: string): boolean {
  const first = r.inicio.slice(0, 10);
  if (day < first) return false;
  if (r.frequencia === 'uma_vez') return day === first;
  if (r.frequencia === 'dias_da_semana') return r.dias.includes(weekday(day));
  return true;
}

/** The instant of the occurrence on `day`, or null when that wall time does not exist there. */
export function instantOn(r: Rule, day: string, tz: string): number | null {
  const [y, m, d] = day.split('-');
  return parseZoned(`${d}/${m}/${y} ${r.inicio.slice(11, 16)}`, tz);
}

/** Days of a month (yyyy-MM) on which it starts. */
export function daysInMonth(r: Rule, month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const n = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const out: string[] = [];
  for (let d = 1; d <= n; d++) if (occursOn(r, dayKey(y, m, d))) out.push(dayKey(y, m, d));
  return out;
}

/** The latest occurrence at or before `now` (looking back a week at most): its day and instant. */
export function latestDue(r: Rule, now: number, tz: string): { day: string; at: number } | null {
  const today = formatZoned(now, tz); // dd/mm/yyyy hh:mm
  let day = `${today.slice(6, 10)}-${today.slice(3, 5)}-${today.slice(0, 2)}`;
  for (let i = 0; i < 8; i++, day = shift(day, -1)) {
    if (!occursOn(r, day)) continue;
    const at = instantOn(r, day, tz);
    if (at !== null && at <= now) return { day, at };
  }
  return null;
}

/** What `nextAfter` answers for a booking that has no occurrence left (a single one that passed). */
export const NEVER = Number.POSITIVE_INFINITY;

/**
 * A lower bound of the first occurrence strictly after `now`: its instant when one falls within
 * the next two weeks (always, for a booking that repeats), `NEVER` when the booking has none
 * left, and otherwise (a single one further ahead, or none found) an instant no later than it.
 */
export function nextAfter(r: Rule, now: number, tz: string): number {
  const today = formatZoned(now, tz); // dd/mm/yyyy hh:mm
  const first = r.inicio.slice(0, 10);
  let day = `${today.slice(6, 10)}-${today.slice(3, 5)}-${today.slice(0, 2)}`;
  if (r.frequencia === 'uma_vez' && first < day) return NEVER;
  if (first > day) day = first;
  for (let i = 0; i < 15; i++, day = shift(day, 1)) {
    if (!occursOn(r, day)) continue;
    const at = instantOn(r, day, tz);
    if (at !== null && at > now) return at;
    // its only day, and its time there has passed (or does not exist)
    if (r.frequencia === 'uma_vez') return NEVER;
  }
  // none in the two weeks looked at: the next one is on `day` or later, in whatever zone
  return Date.parse(`${day}T00:00:00Z`) - 86_400_000;
}
