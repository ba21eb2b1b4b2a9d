import { AUDIENCE, type AudienceInterval, type AudienceMapPoint, type AudiencePeriod, type Viewer } from '@painel/contract';

/*
 * What the Espectadores page derives from the server's answers: pure, so the rules a person
 * sees (dot sizes, the top lists, the list's search) are tested without a browser.
 */

/**
 * The map dot's diameter for each count: AUDIENCE.dotMinPx for the period's smallest count,
 * dotMaxPx for its largest, linear between. When every point has the same count no point is
 * bigger than another, so all get the middle size.
 */
export function dotSizer(counts: readonly number[]): (count: number) => number {
  const { dotMinPx: min, dotMaxPx: max } = AUDIENCE;
  if (counts.length === 0) return () => min;
  const lo = Math.min(...counts);
  const hi = Math.max(...counts);
  if (hi <= lo) return () => (min + max) / 2;
  return (count) => min + ((Math.min(hi, Math.max(lo, count)) - lo) / (hi - lo)) * (max - min);
}

/** 'São Paulo, Brasil', or the country alone when the address located only the country. */
export const placeOf = (p: Pick<AudienceMapPoint, 'cidade' | 'pais'>): string => (p.cidade ? `${p.cidade}, ${p.pais}` : p.pais);

export interface TopEntry {
  nome: string;
  count: number;
  /** Share of the period's sessions, 0–100. */
  percent: number;
}

/**
 * The `n` largest entries of one of estatisticas' maps (paises, dispositivos), the largest
 * first (ties by name, so the order does not jump between reloads), each with its share of
 * the period's `total` sessions.
 */
export function topEntries(counts: Readonly<Record<string, number>>, total: number, n: number = AUDIENCE.topEntries): TopEntry[] {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    // the names are the server's own, in Portuguese, whatever the panel's language
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b, 'pt-BR'))
    .slice(0, n)
    .map(([nome, count]) => ({ nome, count, percent: total > 0 ? (count / total) * 100 : 0 }));
}

export const STATUS_FILTERS = ['todos', 'ativos', 'inativos'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

// 'sao paulo' finds 'São Paulo': viewers' places are typed without accents as often as with
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');

/** The sessions whose country, city, device or browser contain every word typed, in the chosen status. */
export function filterViewers(viewers: readonly Viewer[], text: string, status: StatusFilter): Viewer[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  return viewers.filter((v) => {
    if (status === 'ativos' && !v.ativo) return false;
    if (status === 'inativos' && v.ativo) return false;
    if (words.length === 0) return true;
    const hay = fold([v.pais, v.cidade, v.dispositivo, v.navegador].join(' '));
    return words.every((w) => hay.includes(w));
  });
}

/** The history's interval: 5 minutes bars for the last hour, hourly bars otherwise. */
export const historyInterval = (periodo: AudiencePeriod): AudienceInterval => (periodo === '1h' ? '5m' : '1h');

/** Whether a language writes the time of day on a 12-hour clock (en-US: '2:05 PM'). */
const twelveHour = (locale: string): boolean => {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h11' || cycle === 'h12';
};

/**
 * A history bar's label in the account's time zone and the panel's language: the time of day
 * ('14:05', '2:05 PM') within a day's periods, the day and hour ('23/11 14h', '11/23 2 PM') over
 * 7 and 30 days.
 */
export function historyTick(iso: string, periodo: AudiencePeriod, timeZone: string, locale = 'pt-BR'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const withDay = periodo === '7d' || periodo === '30d';
  const h12 = twelveHour(locale);
  const clock: Intl.DateTimeFormatOptions = h12 ? { hour: 'numeric' } : { hourCycle: 'h23', hour: '2-digit' };
  if (!withDay) return new Intl.DateTimeFormat(locale, { timeZone, ...clock, minute: '2-digit' }).format(date);
  const day = new Intl.DateTimeFormat(locale, { timeZone, day: '2-digit', month: '2-digit' }).format(date);
  const hour = new Intl.DateTimeFormat(locale, { timeZone, ...clock }).formatToParts(date);
  // a 24-hour clock writes the hour alone as '14h'; a 12-hour one as '2 PM'
  const hourText = h12 ? hour.map((p) => p.value).join('') : `${hour.find((p) => p.type === 'hour')?.value ?? ''}h`;
  return `${day} ${hourText}`;
}

/** The values of the dot's hover text ('São Paulo, Brasil: 3 espectadores (2 ativos)'). */
export const dotTitleValues = (p: AudienceMapPoint): { place: string; n: number; active: number } => ({ place: placeOf(p), n: p.count, active: p.ativos });

export type Ago = { unit: 'now' } | { unit: 'min' | 'h' | 'd'; n: number };

/** How long ago an instant was, as the list says it: now under a minute, then whole minutes, hours, days. */
export function ago(iso: string, now: number = Date.now()): Ago {
  const s = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (s < 60) return { unit: 'now' };
  const m = Math.floor(s / 60);
  if (m < 60) return { unit: 'min', n: m };
  const h = Math.floor(m / 60);
  if (h < 24) return { unit: 'h', n: h };
  return { unit: 'd', n: Math.floor(h / 24) };
}
