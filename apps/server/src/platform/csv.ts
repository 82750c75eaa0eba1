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

/** A number as a spreadsheet reads one ("-50.00", "+254712345678", "1,000.5"): a value, never a formula. */
const PLAIN_NUMBER = /^[+-]?\d[\d,]*(\.\d+)?$/;
/** What a spreadsheet would take for a formula: a leading =, +, - or @, or a tab or CR before one. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field, quoted when it must be. Text a spreadsheet would run as a formula is prefixed with an
 * apostrophe; a plain number is written as it is, so a statement's "-50.00" stays a withdrawal that
 * parses back (parseCsv, then the statement's reader).
 */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV text: the header, then one line per row, CRLF as RFC 4180 says. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows]
    .map((cells) => cells.map(field).join(','))
    .join('\r\n')
    .concat('\r\n');
}
