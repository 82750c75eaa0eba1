import { formatAmount } from '@playon/shared/format';
import type { PaymentMethod } from '@playon/shared/payments';
import { FriendUsernameSchema } from '@playon/shared/users';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { Skeleton } from '../../../components/ui/skeleton';
import { findPackage, useSubscriptionPackages } from '../../../lib/subscription-packages';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { useSubscriptions } from '../../../lib/user-subscriptions';
import { useBalance } from '../api/get-balance';
import { useWithdrawCharges } from '../api/get-withdraw-charges';
import { HeldPlansNote } from '../components/held-plans-note';
import { payRouteFor } from '../components/method-choice';
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
      <dd className="min-w-0 text-right font-semibold break-words tabular-nums">{children}</dd>
    </div>
  );
}

const RetryLink = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <button type="button" onClick={onRetry} className="text-sm text-accent">
      {t('common.retry')}
    </button>
  );
};

// The empty string fails the schema: its message is "Please enter your friend's username."
const friendMissingMessage = FriendUsernameSchema.safeParse('').error?.issues[0]?.message ?? '';

/** Review: label, amount, estimated fee (withdrawal only), total; Proceed opens the method sheet. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const context = readPaymentContext(location.state);
  const [isChoosing, setChoosing] = useState(false);
  const isWithdrawal = context.type === 'WITHDRAWAL';
  const isSubscription = context.type === 'SUBSCRIPTION';
  const isBoostWithoutFriend = context.type === 'BOOST' && !context.userId;
  const amount = context.amount ?? 0;
  const fee = useWithdrawCharges(amount, isWithdrawal && amount > 0);
  const balance = useBalance(isWithdrawal);
  const packages = useSubscriptionPackages(isSubscription && context.subscriptionId !== undefined);
  const subscriptionPackage = findPackage(packages.data, context.subscriptionId);
  // What the player already holds is said before they can pay for another plan.
  const holdings = useSubscriptions(isSubscription);

  // docs/product.md, "Review screen": a boost without a friend says so and returns to the boost screen.
  useEffect(() => {
    if (isBoostWithoutFriend) toast.error(friendMissingMessage);
  }, [isBoostWithoutFriend]);

  // docs/product.md, "Review screen": without type or amount it goes to the amount route.
  if (!context.type || !context.amount) {
    return (
      <Navigate to="/account/payment/amount" replace state={context.type ? { type: context.type } : null} />
    );
  }
  if (isBoostWithoutFriend) return <Navigate to="/account/boost" replace />;
  // A subscription is chosen on its plan card, not typed in: without a known plan, back to the plans.
  if (isSubscription && (!context.subscriptionId || (packages.data && !subscriptionPackage))) {
    return <Navigate to="/account/subscription" replace />;
  }
  const type = context.type;
  const feeAmount = isWithdrawal ? fee.data : 0;
  const total = feeAmount === undefined ? undefined : amount + feeAmount;
  // A withdrawal the balance cannot cover is refused here, not after the phone step; when the
  // balance cannot be read, the server still refuses it.
  const isBalanceKnown = !isWithdrawal || balance.data !== undefined || balance.isError;
  const available = isWithdrawal ? balance.data : undefined;
  const isShort = available !== undefined && total !== undefined && total > available;
  const isPlanKnown =
    !isSubscription ||
    (subscriptionPackage !== undefined && (holdings.data !== undefined || holdings.isError));
  const isReady = feeAmount !== undefined && isBalanceKnown && isPlanKnown;

  function choose(method: PaymentMethod) {
    setChoosing(false);
    navigate(payRouteFor(method), {
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
          {context.friendUsername ? <Line label={t('payment.friend')}>@{context.friendUsername}</Line> : null}
          {isSubscription ? (
            <Line label={t('payment.package')}>
              {packages.isError ? (
                <RetryLink onRetry={() => void packages.refetch()} />
              ) : (
                (subscriptionPackage?.name ?? <Skeleton className="ml-auto h-5 w-20" />)
              )}
            </Line>
          ) : null}
          <Line label={t('payment.amount')}>{kes(amount)}</Line>
          {isWithdrawal ? (
            <Line label={t('payment.fee')}>
              {fee.isError ? <RetryLink onRetry={() => void fee.refetch()} /> : kes(feeAmount)}
            </Line>
          ) : null}
          <Line label={t('payment.total')} isTotal>
            {kes(total)}
          </Line>
        </dl>
        {isShort ? (
          <div role="alert" className="mt-4 rounded-2xl bg-danger/10 p-4 text-sm ring-1 ring-danger/40">
            <p className="font-semibold text-danger">{t('payment.withdrawalShort')}</p>
            <p className="mt-1 text-text">{t('payment.available', { balance: formatAmount(available) })}</p>
          </div>
        ) : null}
        {subscriptionPackage ? <HeldPlansNote plan={subscriptionPackage} /> : null}
        <div className="flex-1" />
        {isShort ? (
          <Button
            className="mt-6 w-full"
            onClick={() =>
              navigate('/account/payment/amount', { replace: true, state: { ...context, amount } })
            }
          >
            {t('payment.changeAmount')}
          </Button>
        ) : (
          <Button className="mt-6 w-full" disabled={!isReady} onClick={() => setChoosing(true)}>
            {t('payment.proceed')}
          </Button>
        )}
      </main>
      {isChoosing ? (
        <PaymentMethodSheet
          type={type}
          packageName={subscriptionPackage?.name}
          chosen={context.paymentMethod}
          onChoose={choose}
          onClose={() => setChoosing(false)}
        />
      ) : null}
    </>
  );
}
