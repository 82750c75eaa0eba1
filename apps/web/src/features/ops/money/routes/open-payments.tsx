import { openForMinutes } from '@playon/shared/ops-money';
import { useNavigate, useSearchParams } from 'react-router';
import { PagedList } from '../../components/paged-list';
import { openPaymentsQuery } from '../api/get-open-payments';
import { paymentColumns } from '../components/payment-columns';

const DEFAULT_MINUTES = 5;

/**
 * Payments still open a few minutes after they were made, oldest first: a provider slow to answer,
 * seen before the give-up time makes it stuck. The minutes are in the address, so the view is linked.
 */
export function Component() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('minutes'));
  const minutes = (openForMinutes as readonly number[]).includes(asked) ? asked : DEFAULT_MINUTES;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        Still open (pending or in progress) this long after they were made, the stuck ones too. Most end
        within a minute: open one and ask its provider.
      </p>
      <PagedList
        key={minutes}
        query={openPaymentsQuery(minutes)}
        rowKey={(payment) => payment.id}
        searchLabel="Search by id, receipt, phone or e-mail"
        emptyText={`No payment has been open for more than ${minutes} minutes.`}
        onRowClick={(payment) => navigate(`/ops/payments/${payment.id}`)}
        columns={paymentColumns}
        filters={
          <label className="min-w-0 md:w-48">
            <span className="mb-1.5 block text-sm font-medium text-muted">Open for more than</span>
            <select
              value={minutes}
              onChange={(event) => setSearch({ minutes: event.target.value }, { replace: true })}
              className="h-11 w-full rounded-xl border border-line bg-raised px-3 text-base"
            >
              {openForMinutes.map((choice) => (
                <option key={choice} value={choice}>
                  {choice} minutes
                </option>
              ))}
            </select>
          </label>
        }
      />
    </div>
  );
}
