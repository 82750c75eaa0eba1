import { formatAmount } from '@playon/shared/format';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { errorText } from '../../../../lib/api-error';
import { showToast } from '../../../../lib/toast';
import { opsKeys } from '../../api/query-keys';
import { EmailText } from '../../components/email-text';
import { formatWhen } from '../../components/format';
import { askProvider } from '../api/ask-provider';
import { usePayment } from '../api/get-payment';
import { RefundPanel } from '../components/refund-panel';
import { StatusBadge } from '../components/status-badge';
import { Timeline } from '../components/timeline';

/** The page of the player a payment names: the payer, or whose wallet it moves. */
const playerPage = (uid: string) => `/ops/players/${encodeURIComponent(uid)}`;

/** One payment: what it is, ask its provider, refund it, and its whole timeline. */
export function Component() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const detail = usePayment(id);
  const [asking, setAsking] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: opsKeys.money.all() });

  async function ask() {
    setAsking(true);
    try {
      const { message, payload } = await askProvider(id);
      showToast(message, payload.changed ? 'success' : 'info');
      await reload();
    } catch (error) {
      showToast(errorText(error, 'The provider could not be asked.'), 'error');
    } finally {
      setAsking(false);
    }
  }

  if (detail.isError) return <LoadError onRetry={() => void detail.refetch()} text={detail.error.message} />;
  if (!detail.data) return <Skeleton className="h-64 w-full rounded-xl" />;
  const { payment, timeline, refunds, refundable, canAskProvider } = detail.data;
  const facts: [string, ReactNode][] = [
    [
      'Amount',
      `KES ${formatAmount(payment.amount)}${payment.fee ? ` (fee ${formatAmount(payment.fee)})` : ''}`,
    ],
    [
      'Payer',
      <Link key="payer" to={playerPage(payment.payerUid)} className="text-accent">
        <EmailText email={payment.payerEmail ?? payment.payerUid} />
      </Link>,
    ],
    [
      'Wallet',
      <Link
        key="wallet"
        to={playerPage(payment.walletUid)}
        className="font-mono text-sm break-all text-accent"
      >
        {payment.walletUid}
      </Link>,
    ],
    ['Phone', payment.phone ?? '—'],
    ['Receipt', payment.receipt ?? '—'],
    ['Created', formatWhen(payment.createdAt)],
    ['Message', payment.message ?? '—'],
  ];
  return (
    <section className="flex max-w-4xl flex-col gap-5">
      <Link to="/ops/payments" className="text-sm text-accent">
        ← Payments
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-xl font-bold break-words">
          {payment.type} · {payment.method}
        </h1>
        <StatusBadge status={payment.status} />
      </div>
      <p className="font-mono text-xs break-all text-muted">{payment.id}</p>
      {payment.refundOf ? (
        <p className="text-sm">
          Refund of{' '}
          <Link to={`/ops/payments/${payment.refundOf}`} className="font-mono text-accent break-all">
            {payment.refundOf}
          </Link>
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-xl bg-surface p-4 text-sm ring-1 ring-line sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="flex gap-3">
            <dt className="w-20 shrink-0 text-muted">{label}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      {canAskProvider ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-surface p-4 ring-1 ring-line">
          <p className="min-w-0 flex-1 basis-64 text-sm text-muted">
            Still open. Ask its provider what happened now (STK Push Query or Transaction Status, card verify,
            airtime look-up); what it says is applied at once.
          </p>
          <Button onClick={() => void ask()} isBusy={asking}>
            Ask the provider now
          </Button>
        </div>
      ) : null}
      {refundable > 0 ? <RefundPanel detail={detail.data} onDone={reload} /> : null}
      {refunds.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h2 className="text-base font-bold">Refunds</h2>
          <ul className="flex flex-col gap-2">
            {refunds.map((refund) => (
              <li key={refund.id}>
                <Link
                  to={`/ops/payments/${refund.id}`}
                  className="flex flex-wrap items-center gap-3 rounded-xl bg-surface p-3 ring-1 ring-line hover:bg-raised"
                >
                  <span className="font-mono">KES {formatAmount(refund.amount)}</span>
                  <span className="text-sm text-muted">
                    {refund.method === 'WALLET'
                      ? 'to the wallet'
                      : refund.method === 'CARD'
                        ? 'to the card'
                        : `by M-Pesa to ${refund.phone ?? ''}`}
                  </span>
                  <StatusBadge status={refund.status} />
                  <span className="ml-auto text-xs text-muted">{formatWhen(refund.createdAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-col gap-2">
        <h2 className="text-base font-bold">Timeline</h2>
        <Timeline items={timeline} />
      </div>
    </section>
  );
}
