import { formatAmount } from '@playon/shared/format';
import { useEffect, useId, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { Keypad } from '../../../components/ui/keypad';
import { useTranslation } from '../../../lib/translation';
import { useBalance } from '../api/get-balance';
import { amountOf, appendDigit, removeLastDigit } from '../components/amount-entry';
import { readPaymentContext } from '../components/payment-context';

/** Enter amount (state: type, userId): whole shillings from an on-screen keypad. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const context = readPaymentContext(useLocation().state);
  const labelId = useId();
  const [digits, setDigits] = useState(() => (context.amount ? String(context.amount) : ''));
  const amount = amountOf(digits);
  // A withdrawal comes out of the balance: show what there is before the player types.
  const balance = useBalance(context.type === 'WITHDRAWAL');

  // A phone with a keyboard (or a desktop) types too.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Backspace') setDigits(removeLastDigit);
      else if (/^\d$/.test(event.key)) setDigits((current) => appendDigit(current, event.key));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (!context.type) return <Navigate to="/account/wallet" replace />;
  const type = context.type;

  return (
    <>
      <Header
        title={t('payment.amountTitle')}
        subtitle={
          context.friendUsername
            ? `${t(`payment.types.${type}`)} · @${context.friendUsername}`
            : t(`payment.types.${type}`)
        }
      />
      <main className="mx-auto flex min-h-[calc(100dvh-3.5rem)] max-w-md flex-col px-5 pt-6 pb-6">
        <p id={labelId} className="text-center text-sm font-medium text-muted">
          {t('payment.amountLabel')}
        </p>
        {/* Read whole after each key ("kes 150"), not only the digit that changed. */}
        <output
          aria-live="polite"
          aria-atomic="true"
          aria-labelledby={labelId}
          data-testid="amount-display"
          className="mt-2 block text-center text-4xl font-extrabold tabular-nums"
        >
          <span className="mr-2 text-xl font-semibold text-muted">kes</span>
          {formatAmount(amount)}
        </output>
        {context.type === 'WITHDRAWAL' && balance.data !== undefined ? (
          <p className="mt-2 text-center text-sm text-muted">
            {t('payment.available', { balance: formatAmount(balance.data) })}
          </p>
        ) : null}
        <div className="flex-1" />
        <Keypad
          onDigit={(digit) => setDigits((current) => appendDigit(current, digit))}
          onBackspace={() => setDigits(removeLastDigit)}
          backspaceLabel={t('payment.backspace')}
        />
        <Button
          className="mt-4 w-full"
          disabled={amount === 0}
          onClick={() => navigate('/account/payment/review', { state: { ...context, type, amount } })}
        >
          {t('payment.review')}
        </Button>
      </main>
    </>
  );
}
