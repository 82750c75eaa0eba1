import { formatAmount } from '@playon/shared/format';
import type { PaymentMethod } from '@playon/shared/payments';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { Skeleton } from '../../../components/ui/skeleton';
import { useWithdrawCharges } from '../api/get-withdraw-charges';
import { readPaymentContext } from '../components/payment-context';
import { PaymentMethodSheet } from '../components/payment-method-sheet';

function Line({
  label,
  children,
  isTotal = false,
}: {
  label: string;
  children: ReactNode;
  isTotal?: boolean;
}) {
  return (
    <div className={`flex items-center justify-between gap-4 py-3 ${isTotal ? 'text-lg font-bold' : ''}`}>
      <dt className={isTotal ? '' : 'text-muted'}>{label}</dt>
      <dd className="text-right font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

/** Review: label, amount, estimated fee (withdrawal only), total; Proceed opens the method sheet. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const context = readPaymentContext(location.state);
  const [isChoosing, setChoosing] = useState(false);
  const isWithdrawal = context.type === 'WITHDRAWAL';
  const amount = context.amount ?? 0;
  const fee = useWithdrawCharges(amount, isWithdrawal && amount > 0);

  // The spec: review without type or amount goes to the amount route.
  if (!context.type || !context.amount) {
    return (
      <Navigate to="/account/payment/amount" replace state={context.type ? { type: context.type } : null} />
    );
  }
  const type = context.type;
  const feeAmount = isWithdrawal ? fee.data : 0;

  function choose(method: PaymentMethod) {
    setChoosing(false);
    navigate('/account/payment/pay', {
      state: { ...context, paymentMethod: method.code, paymentMethodId: method.id },
    });
  }

  const kes = (value: number | undefined) =>
    value === undefined ? <Skeleton className="ml-auto h-5 w-24" /> : `kes ${formatAmount(value)}`;

  return (
    <>
      <Header title={t('payment.reviewTitle')} />
      <main className="mx-auto flex min-h-[calc(100dvh-3.5rem)] max-w-md flex-col px-5 pt-6 pb-6">
        <dl className="divide-y divide-line rounded-2xl bg-surface px-4 ring-1 ring-line">
          <Line label={t('payment.transaction')}>{t(`payment.types.${type}`)}</Line>
          <Line label={t('payment.amount')}>{kes(amount)}</Line>
          {isWithdrawal ? (
            <Line label={t('payment.fee')}>
              {fee.isError ? (
                <button type="button" onClick={() => void fee.refetch()} className="text-sm text-accent">
                  {t('common.retry')}
                </button>
              ) : (
                kes(feeAmount)
              )}
            </Line>
          ) : null}
          <Line label={t('payment.total')} isTotal>
            {kes(feeAmount === undefined ? undefined : amount + feeAmount)}
          </Line>
        </dl>
        <div className="flex-1" />
        <Button className="mt-6 w-full" disabled={feeAmount === undefined} onClick={() => setChoosing(true)}>
          {t('payment.proceed')}
        </Button>
      </main>
      {isChoosing ? (
        <PaymentMethodSheet type={type} onChoose={choose} onClose={() => setChoosing(false)} />
      ) : null}
    </>
  );
}
