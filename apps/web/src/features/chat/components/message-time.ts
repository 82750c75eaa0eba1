import { LOCALE } from '@playon/shared/format';
import { formatDateTime } from '../../../lib/format';

const timeOfDay = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit' });

/** When a message was written: the time alone today, else dd/mm/yyyy and the time (en-GB). */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const isToday = date.toDateString() === now.toDateString();
  return isToday ? timeOfDay.format(date) : formatDateTime(iso);
}
