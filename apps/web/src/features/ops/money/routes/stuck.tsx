import { useNavigate } from 'react-router';
import { PagedList } from '../../components/paged-list';
import { stuckPaymentsQuery } from '../api/get-stuck-payments';
import { paymentColumns } from '../components/payment-columns';

/** Payments still open past their give-up time, oldest first: a person must look at each. */
export function Component() {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        Open longer than the give-up time (24 hours unless configured). Open one and ask its provider, or
        settle it with the provider's statement in hand.
      </p>
      <PagedList
        query={stuckPaymentsQuery}
        rowKey={(payment) => payment.id}
        searchLabel="Search by id, receipt, phone or e-mail"
        emptyText="No payment is stuck."
        onRowClick={(payment) => navigate(`/ops/payments/${payment.id}`)}
        columns={paymentColumns}
      />
    </div>
  );
}
