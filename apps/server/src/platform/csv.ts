/**
 * CSV as spreadsheets and the providers' statement exports write it (RFC 4180): fields separated by
 * commas, quoted when they hold a comma, a quote or a line break, a quote inside doubled.
 */

/** The rows of a CSV text; a byte-order mark and a last empty line are dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

/** One field, quoted when it must be; a leading =, +, - or @ is prefixed so no spreadsheet runs it. */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV text: the header, then one line per row, CRLF as RFC 4180 says. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows]
    .map((cells) => cells.map(field).join(','))
    .join('\r\n')
    .concat('\r\n');
}
