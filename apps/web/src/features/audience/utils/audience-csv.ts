import { viewerStatus } from '@painel/contract';

/*
 * The server writes the period's CSV (every session, not only the listed ones) in Portuguese:
 * header row, 'Ativo'/'Inativo', watch times as '12m 05s', dates as '23/11/2026, 14:05:10' in
 * the account's time zone, ';' between cells. The page rewrites it before saving so that it reads
 * like the page itself: the header and the status from the catalogue in the panel's language,
 * the watch time as the list writes it ('12:05'), the date in the panel's language.
 */

/** Columns of the server's CSV (AUDIENCE_CSV_COLUMNS) the page rewrites. */
const TIME = 5;
const STATUS = 6;
const CONNECTED = 7;

/** The cells of a CSV text: `sep` between cells, CRLF or LF between rows, quoted cells with doubled quotes. */
export function parseCsv(text: string, sep = ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * One cell as the server writes them (csv.ts): a value a spreadsheet would run as a formula gets
 * a leading quote (a cell the server already protected keeps its one), then a value holding the
 * separator, a quote or a line break is quoted.
 */
export function csvCell(value: string, sep = ';'): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return text.includes(sep) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Seconds of a watch time as the server writes it ('45s', '12m 05s', '2h 03m') or as the page does ('12:05', '2:03:00'); null otherwise. */
export function watchSeconds(text: string): number | null {
  const t = text.trim();
  const clock = /^(?:(\d+):)?(\d+):(\d{2})$/.exec(t);
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const units = /^(?:(\d+)h)?\s*(?:(\d+)m)?\s*(?:(\d+)s)?$/.exec(t);
  if (!units || !t || units.slice(1).every((u) => u === undefined)) return null;
  return Number(units[1] ?? 0) * 3600 + Number(units[2] ?? 0) * 60 + Number(units[3] ?? 0);
}

/**
 * The wall-clock instant of a date as the server writes it ('23/11/2026, 14:05:10', already in
 * the account's time zone), as a UTC Date holding those same figures; null otherwise.
 */
export function csvWallClock(text: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}),?\s+(\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [, d, mo, y, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

export interface CsvLanguage {
  /** The header row, in the server's order of columns. */
  columns: readonly string[];
  active: string;
  inactive: string;
  /** Seconds as the page writes a watch time. */
  duration: (seconds: number) => string;
  /** A date and time in the panel's language; its figures are the account's wall clock. */
  locale: string;
  /** Between cells: ',' where spreadsheets expect it (en-US), ';' otherwise. */
  separator: string;
}

/** The separator spreadsheets set to a language expect between cells. */
export const csvSeparator = (locale: string): string => (locale.startsWith('en') ? ',' : ';');

/** The server's CSV rewritten in the panel's language (see above); a cell the page does not recognise stays as it came. */
export function translateAudienceCsv(csv: string, lang: CsvLanguage): string {
  const rows = parseCsv(csv.replace(/^\uFEFF/, ''), ';');
  const date = new Intl.DateTimeFormat(lang.locale, { timeZone: 'UTC', dateStyle: 'short', timeStyle: 'medium' });
  const out = rows.map((cells, i) => {
    if (i === 0) return [...lang.columns];
    return cells.map((cell, col) => {
      if (col === TIME) {
        const s = watchSeconds(cell);
        return s === null ? cell : lang.duration(s);
      }
      if (col === STATUS) return cell === viewerStatus(true) ? lang.active : cell === viewerStatus(false) ? lang.inactive : cell;
      if (col === CONNECTED) {
        const at = csvWallClock(cell);
        return at ? date.format(at) : cell;
      }
      return cell;
    });
  });
  return `\uFEFF${out.map((cells) => cells.map((c) => csvCell(c, lang.separator)).join(lang.separator)).join('\r\n')}\r\n`;
}
