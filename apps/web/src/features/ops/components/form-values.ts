/** Nairobi keeps East Africa Time, UTC+3 all year (no summer time): the console's one time zone. */
const NAIROBI_OFFSET_MS = 3 * 60 * 60_000;

/** How the console labels every time it shows or asks for. */
export const NAIROBI_TIME = 'Nairobi time';

/**
 * An ISO moment as a datetime-local value in Nairobi time (to the minute), whatever the zone of the
 * operator's laptop: the console shows every time in Nairobi's, so its forms ask in it too.
 */
export function toNairobiInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value typed in Nairobi time back to an ISO moment; '' and nonsense stay null. */
export function fromNairobiInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const at = new Date(`${value.length === 16 ? `${value}:00` : value}+03:00`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** Fields kept as text while typed, sent as numbers: '' becomes NaN so the schema names the field. */
export const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
