/**
 * Wall-clock times in an account's time zone, as the panel's forms write them
 * (`dd/mm/yyyy hh:mm`), to and from instants. Daylight-saving changes are handled by the
 * platform's time-zone data (Intl), never by fixed offsets.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallParts(ts: number, timeZone: string): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const p = Object.fromEntries(formatter(timeZone).formatToParts(new Date(ts)).map((x) => [x.type, Number(x.value)]));
  return { y: p.year!, mo: p.month!, d: p.day!, h: p.hour!, mi: p.minute!, s: p.second! };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
function offsetAt(ts: number, timeZone: string): number {
  const w = wallParts(ts, timeZone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(ts / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `dd/mm/yyyy hh:mm` in the zone → epoch ms; null for anything else or a date that does not exist. */
export function parseZoned(text: string, timeZone: string): number | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [d, mo, y, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  let ts = wall - offsetAt(wall, timeZone);
  ts = wall - offsetAt(ts, timeZone); // once more, in case the guess crossed a DST change
  // 31/02, 25:00 or an hour skipped by a DST change do not round-trip
  return formatZoned(ts, timeZone) === `${pad(d)}/${pad(mo)}/${y} ${pad(h)}:${pad(mi)}` ? ts : null;
}

/** Epoch ms (or ISO) → `dd/mm/yyyy hh:mm` in the zone. */
export function formatZoned(at: number | string, timeZone: string): string {
  const w = wallParts(typeof at === 'string' ? Date.parse(at) : at, timeZone);
  return `${pad(w.d)}/${pad(w.mo)}/${w.y} ${pad(w.h)}:${pad(w.mi)}`;
}
