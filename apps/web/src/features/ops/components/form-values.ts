/** An ISO moment as a datetime-local value, in the browser's time zone (to the minute). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local value back to an ISO moment; '' stays null. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** Fields kept as text while typed, sent as numbers: '' becomes NaN so the schema names the field. */
export const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
