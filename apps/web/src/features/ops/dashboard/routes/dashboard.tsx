import { mayUse, type Operator, type OpsArea } from '@playon/shared/ops';
import { type Dashboard, type MethodTotal, methodLabels } from '@playon/shared/ops-dashboard';
import { useOutletContext } from 'react-router';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { formatWhen } from '../../components/format';
import { opsSections } from '../../components/ops-nav';
import { useDashboard } from '../api/get-dashboard';
import { BarChart } from '../components/bar-chart';
import { Figure, Tile } from '../components/tile';

const kes = (amount: number) =>
  `KES ${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const whole = (value: number) => value.toLocaleString('en-GB');
/** A Nairobi day (YYYY-MM-DD) as the chart's axis says it: Mon, Tue…; the last one is today. */
const dayLabel = (day: string, isToday: boolean) =>
  isToday
    ? 'Today'
    : new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });

function MethodRows({ rows, fill }: { rows: MethodTotal[]; fill: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted">None yet today.</p>;
  const max = Math.max(...rows.map((row) => row.amount), 1);
  return (
    <ul className="flex flex-col gap-2">
      {rows.map((row) => (
        <li key={row.method} className="text-sm">
          <div className="flex justify-between gap-2">
            <span>
              {methodLabels[row.method] ?? row.method} <span className="text-muted">× {row.count}</span>
            </span>
            <span className="tabular-nums">{kes(row.amount)}</span>
          </div>
          <svg
            viewBox="0 0 100 4"
            preserveAspectRatio="none"
            className="mt-1 h-1.5 w-full"
            aria-hidden="true"
          >
            <rect width="100" height="4" rx="2" className="fill-raised" />
            <rect width={(row.amount / max) * 100} height="4" rx="2" className={fill} />
          </svg>
        </li>
      ))}
    </ul>
  );
}

function Tiles({
  data,
  linkTo,
}: {
  data: Dashboard;
  linkTo: (area: OpsArea, path?: string) => string | undefined;
}) {
  const days = data.signUps.perDay.map((row, i, all) => dayLabel(row.day, i === all.length - 1));
  const totalIn = data.money.inToday.reduce((sum, row) => sum + row.amount, 0);
  const totalOut = data.money.outToday.reduce((sum, row) => sum + row.amount, 0);
  const link = (area: OpsArea, label: string, path?: string) => {
    const to = linkTo(area, path);
    return to ? { to, label } : undefined;
  };
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <Tile title="Sign-ups" link={link('players', 'Players')}>
        <div className="flex gap-6">
          <Figure value={whole(data.signUps.today)} caption="today" />
          <Figure value={whole(data.signUps.last7Days)} caption="last 7 days" />
        </div>
        <BarChart
          label={`Sign-ups per day: ${data.signUps.perDay.map((row) => `${row.day} ${row.count}`).join(', ')}`}
          groups={data.signUps.perDay.map((row, i) => ({ label: days[i] ?? row.day, values: [row.count] }))}
          series={[{ name: 'Sign-ups', fill: 'fill-brand' }]}
          format={whole}
        />
      </Tile>
      <Tile title="Money today" link={link('money', 'Payments')}>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Figure value={kes(totalIn)} caption="in" size="medium" />
          <Figure value={kes(totalOut)} caption="out" size="medium" />
        </div>
        <BarChart
          label={`Money in and out per day: ${data.money.perDay.map((row) => `${row.day} in ${kes(row.in)}, out ${kes(row.out)}`).join('; ')}`}
          groups={data.money.perDay.map((row, i) => ({
            label: days[i] ?? row.day,
            values: [row.in, row.out],
          }))}
          series={[
            { name: 'In', fill: 'fill-ok' },
            { name: 'Out', fill: 'fill-accent' },
          ]}
          format={kes}
        />
      </Tile>
      <Tile title="By method, today">
        <h3 className="text-sm font-medium">In</h3>
        <MethodRows rows={data.money.inToday} fill="fill-ok" />
        <h3 className="text-sm font-medium">Out</h3>
        <MethodRows rows={data.money.outToday} fill="fill-accent" />
      </Tile>
      <Tile title="Payments" link={link('money', 'Payments')}>
        <div className="flex gap-6">
          <Figure value={whole(data.payments.open)} caption="open" />
          <Figure
            value={whole(data.payments.stuck)}
            caption="stuck (open past the give-up time)"
            {...(data.payments.stuck > 0 ? { tone: 'danger' as const } : {})}
          />
        </div>
      </Tile>
      <Tile title="Feedback" link={link('community', 'Inbox', '/ops/community/feedback?status=new')}>
        <Figure value={whole(data.feedback.unanswered)} caption="waiting for an answer" />
      </Tile>
      <Tile title="Tournaments" link={link('content', 'Tournaments', '/ops/content/tournaments')}>
        <Figure value={whole(data.tournaments.running)} caption="running now" />
      </Tile>
    </div>
  );
}

/** /ops: what every operator opens the console on, each tile leading to its area when theirs. */
export function Component() {
  const operator = useOutletContext<Operator>();
  const dashboard = useDashboard();
  const linkTo = (area: OpsArea, path?: string) => {
    if (!mayUse(operator.role, area)) return undefined;
    return path ?? opsSections.find((section) => section.area === area)?.to;
  };
  return (
    <section className="flex flex-col gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold">Dashboard</h1>
        {dashboard.data ? (
          <p className="text-sm text-muted">As of {formatWhen(dashboard.data.at)} (Nairobi)</p>
        ) : null}
      </div>
      {dashboard.isError ? (
        <LoadError onRetry={() => void dashboard.refetch()} text={dashboard.error.message} />
      ) : !dashboard.data ? (
        <div aria-hidden="true" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
            <Skeleton key={key} className="h-44 w-full rounded-xl" />
          ))}
        </div>
      ) : (
        <Tiles data={dashboard.data} linkTo={linkTo} />
      )}
    </section>
  );
}
