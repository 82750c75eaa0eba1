import { formatAmount } from '@playon/shared/format';
import type { OpsPayment } from '@playon/shared/ops-money';
import { EmailText } from '../../components/email-text';
import { formatWhen } from '../../components/format';
import type { Column } from '../../components/paged-list';
import { StatusBadge } from './status-badge';

const methodNames: Record<string, string> = {
  MPESA: 'M-Pesa',
  CARD: 'Card',
  SAFARICOM_CREDIT: 'Airtime',
  WALLET: 'Wallet',
};

/** A payment list's columns: when, what, who, how much, its state and its provider's reference. */
export const paymentColumns: Column<OpsPayment>[] = [
  { header: 'When', cell: (payment) => formatWhen(payment.createdAt) },
  {
    header: 'Payment',
    cell: (payment) => (
      <>
        <span className="block font-medium">
          {payment.type} · {methodNames[payment.method] ?? payment.method}
        </span>
        <span title={payment.id} className="font-mono text-xs text-muted">
          {payment.id.slice(0, 8)}
        </span>
      </>
    ),
  },
  {
    header: 'Payer',
    cell: (payment) => (
      <>
        <EmailText className="block" email={payment.payerEmail ?? payment.payerUid} />
        <span className="text-xs text-muted">{payment.phone ?? ''}</span>
      </>
    ),
  },
  {
    header: 'KES',
    cell: (payment) => (
      <span className="font-mono">
        {formatAmount(payment.amount)}
        {payment.refunded > 0 ? (
          <span className="block text-xs text-muted">refunded {formatAmount(payment.refunded)}</span>
        ) : null}
      </span>
    ),
  },
  { header: 'Status', cell: (payment) => <StatusBadge status={payment.status} /> },
  {
    header: 'Receipt',
    cell: (payment) => <span className="font-mono text-xs break-all">{payment.receipt ?? '—'}</span>,
  },
];
