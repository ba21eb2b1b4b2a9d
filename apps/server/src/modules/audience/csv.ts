/**
 * One cell of the CSV exports (';'-separated, as spreadsheets in Brazil expect).
 *
 * A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is read as a formula by
 * Excel, LibreOffice and Google Sheets, and some of what a channel's CSV holds comes from its
 * viewers (a browser name taken from the User-Agent they send, a city): such a cell gets a
 * leading single quote, as OWASP recommends against CSV injection, whatever the column. Then a
 * cell holding the separator, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
