/** Daraja's clock: timestamps in East Africa Time, and the STK Push password built on one. */
import { parseMpesaTimestamp } from '@playon/shared/format';

const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

/** yyyymmddhhmmss in East Africa Time (UTC+3 all year), as Daraja's Timestamp and TransactionDate. */
export function darajaTimestamp(date: Date = new Date()): string {
  const eat = new Date(date.getTime() + EAT_OFFSET_MS);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${eat.getUTCFullYear()}${pad(eat.getUTCMonth() + 1)}${pad(eat.getUTCDate())}` +
    `${pad(eat.getUTCHours())}${pad(eat.getUTCMinutes())}${pad(eat.getUTCSeconds())}`
  );
}

/** The inverse of darajaTimestamp (the M-Pesa parser shared with the web app); null when not a real date. */
export function parseDarajaTimestamp(value: string | number): Date | null {
  try {
    const date = parseMpesaTimestamp(value);
    return darajaTimestamp(date) === String(value) ? date : null;
  } catch {
    return null;
  }
}

/** STK Push's Password: base64(shortcode + passkey + timestamp). */
export function stkPassword(shortCode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortCode}${passkey}${timestamp}`).toString('base64');
}
