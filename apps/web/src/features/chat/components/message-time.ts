import { formatDateTime, formatTimeOfDay } from '../../../lib/format';

/** When a message was written: the time alone today, else dd/mm/yyyy and the time. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const isToday = date.toDateString() === now.toDateString();
  return isToday ? formatTimeOfDay(date) : formatDateTime(iso);
}
