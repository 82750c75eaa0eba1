import { useSearchParams } from 'react-router';
import type { InsightPeriod } from '../api/get-insight';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Today in Nairobi (UTC+3 all year), YYYY-MM-DD. */
export const nairobiToday = (now = Date.now()) => new Date(now + 3 * 3_600_000).toISOString().slice(0, 10);
export const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** The period in the address (?from=&to=), so a report's link and the tabs keep it; else the last 30 days. */
export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const today = nairobiToday();
  const from = params.get('from');
  const to = params.get('to');
  const period: Required<InsightPeriod> = {
    from: from && DAY.test(from) ? from : daysBefore(today, 29),
    to: to && DAY.test(to) ? to : today,
  };
  const setPeriod = (next: { from: string; to: string }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('from', next.from);
        updated.set('to', next.to);
        return updated;
      },
      { replace: true },
    );
  return { period, setPeriod, today, search: params.toString() };
}
