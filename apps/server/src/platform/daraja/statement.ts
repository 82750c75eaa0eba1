/**
 * The M-Pesa organisation portal's account statement, exported as CSV: the one record of what a
 * short code received and paid that Safaricom gives (Daraja has no API listing a day's transactions).
 * Finance uploads it for the daily reconciliation; the Daraja sandbox serves its own in the same shape.
 */
import { parseCsv } from '../csv.ts';

/** The statement's columns we read, as the portal names them. */
export const STATEMENT_COLUMNS = [
  'Receipt No.',
  'Completion Time',
  'Initiation Time',
  'Details',
  'Transaction Status',
  'Paid In',
  'Withdrawn',
  'Balance',
  'Other Party Info',
  'A/C No.',
] as const;

/** One completed transaction of the statement. */
export interface StatementLine {
  receipt: string;
  completedAt: Date;
  /** IN: paid to the short code; OUT: paid out of it. */
  direction: 'IN' | 'OUT';
  amountCents: bigint;
  /** The other party's phone (2547XXXXXXXX), when the statement names one. */
  phone: string | null;
}

const PHONE = /(?:\+?254|\b0)([17]\d{8})\b/;

/** "2026-11-24 09:30:15" or "24-11-2026 09:30:15", Nairobi's time, as the portal writes it. */
function nairobiTime(text: string): Date | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text.trim());
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text.trim());
  const [year, month, day, hour, minute, second] = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
    : dmy
      ? [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6]]
      : [];
  if (!year) return null;
  const at = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}+03:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** "1,000.00" or "-1,000.00" as positive cents; null when empty or not a number. */
function cents(text: string | undefined): bigint | null {
  const cleaned = (text ?? '').replace(/[,\s]/g, '').replace(/^-/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/**
 * The completed transactions of a statement export; null when it has no header row we know (not a
 * statement). Lines before the header (the account holder, the period) are skipped.
 */
export function parseMpesaStatement(csv: string): StatementLine[] | null {
  const rows = parseCsv(csv);
  const headerAt = rows.findIndex((row) => row.some((cell) => cell.trim().toLowerCase() === 'receipt no.'));
  const header = rows[headerAt]?.map((cell) => cell.trim().toLowerCase());
  if (!header) return null;
  const column = (name: string) => header.indexOf(name.toLowerCase());
  const at = {
    receipt: column('Receipt No.'),
    completed: column('Completion Time'),
    status: column('Transaction Status'),
    paidIn: column('Paid In'),
    withdrawn: column('Withdrawn'),
    other: column('Other Party Info'),
  };
  if (at.completed < 0 || (at.paidIn < 0 && at.withdrawn < 0)) return null;
  const lines: StatementLine[] = [];
  for (const row of rows.slice(headerAt + 1)) {
    const status = at.status >= 0 ? (row[at.status] ?? '').trim().toLowerCase() : 'completed';
    const completedAt = nairobiTime(row[at.completed] ?? '');
    if (status !== 'completed' || !completedAt) continue;
    const paidIn = cents(row[at.paidIn]);
    const withdrawn = cents(row[at.withdrawn]);
    const direction = paidIn && paidIn > 0n ? 'IN' : 'OUT';
    const amountCents = direction === 'IN' ? paidIn : withdrawn;
    if (!amountCents) continue;
    const phone = PHONE.exec(row[at.other] ?? '')?.[1];
    lines.push({
      receipt: (row[at.receipt] ?? '').trim(),
      completedAt,
      direction,
      amountCents,
      phone: phone ? `254${phone}` : null,
    });
  }
  return lines;
}
