import { AUDIENCE, type AudienceInterval, type AudienceMapPoint, type AudiencePeriod, type Viewer } from '@painel/contract';
import { audienceTexts } from '../../../i18n/pt-BR/audience.ts';

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

/**
 * A history bar's label in the account's time zone: the time of day ('14:05') within a day's
 * periods, the day and hour ('23/11 14h') over 7 and 30 days.
 */
export function historyTick(iso: string, periodo: AudiencePeriod, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const withDay = periodo === '7d' || periodo === '30d';
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit', ...(withDay && { day: '2-digit', month: '2-digit' }),
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return withDay ? `${part('day')}/${part('month')} ${part('hour')}h` : `${part('hour')}:${part('minute')}`;
}

/** The dot's hover text: 'São Paulo, Brasil: 3 espectadores (2 ativos)'. */
export const dotTitle = (p: AudienceMapPoint): string => audienceTexts.dotTitle({ place: placeOf(p), n: p.count, active: p.ativos });
