import { formatAmount } from '@playon/shared/format';
import { mayUse, type Operator } from '@playon/shared/ops';
import type { PlayerPayment } from '@playon/shared/ops-players';
import { Link, useOutletContext } from 'react-router';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { playerPaymentsQuery } from '../api/get-player-payments';

/** The payments the player made, and those that credited their wallet (a friend's boost). */
export function PaymentList({ uid }: { uid: string }) {
  // A payment's own page (timeline, refunds) is the money area's: linked for the roles that may open it.
  const operator = useOutletContext<Operator>();
  const opensPayments = mayUse(operator.role, 'money');
  return (
    <PagedList<PlayerPayment>
      query={playerPaymentsQuery(uid)}
      rowKey={(payment) => payment.id}
      searchLabel="Search by id, type, method, status, phone or receipt"
      emptyText="No payment yet."
      columns={[
        { header: 'When', cell: (payment) => formatWhen(payment.createdAt) },
        {
          header: 'Payment',
          cell: (payment) => (
            <>
              <span className="block font-medium">
                {payment.type} · {payment.method}
              </span>
              <span className="text-xs text-muted">
                {payment.walletUid !== uid
                  ? 'to another wallet'
                  : payment.payerUid !== uid
                    ? 'from a friend'
                    : ''}
              </span>
            </>
          ),
        },
        { header: 'Status', cell: (payment) => payment.status },
        {
          header: 'Amount (KES)',
          cell: (payment) => (
            <span className="font-mono">
              {formatAmount(payment.amount)}
              {payment.fee > 0 ? (
                <span className="block text-xs text-muted">fee {formatAmount(payment.fee)}</span>
              ) : null}
            </span>
          ),
        },
        { header: 'Phone', cell: (payment) => payment.phone ?? '—' },
        {
          header: 'Receipt / message',
          cell: (payment) => (
            <>
              <span className="block font-mono text-xs">{payment.receipt ?? ''}</span>
              <span className="text-xs text-muted">{payment.message ?? ''}</span>
            </>
          ),
        },
        {
          header: 'Id',
          cell: (payment) =>
            opensPayments ? (
              <Link
                to={`/ops/payments/${payment.id}`}
                className="font-mono text-xs break-all text-accent underline"
              >
                {payment.id}
              </Link>
            ) : (
              <span className="font-mono text-xs break-all">{payment.id}</span>
            ),
        },
      ]}
    />
  );
}
