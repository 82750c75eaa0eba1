import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PagedList } from '../../components/paged-list';
import { type PaymentFilters, paymentsQuery } from '../api/get-payments';
import { paymentColumns } from '../components/payment-columns';
import { PaymentFiltersBar } from '../components/payment-filters';

/** Every payment intent, newest first, filtered; a row opens its timeline. */
export function Component() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<PaymentFilters>({});
  return (
    <PagedList
      query={paymentsQuery(filters)}
      rowKey={(payment) => payment.id}
      searchLabel="Search by id, receipt, M-Pesa checkout id, phone or e-mail"
      emptyText="No payment matches."
      filters={<PaymentFiltersBar value={filters} onChange={setFilters} />}
      onRowClick={(payment) => navigate(`/ops/payments/${payment.id}`)}
      columns={paymentColumns}
    />
  );
}
