import { formatAmount } from '@playon/shared/format';
import { MpesaPhoneSchema } from '@playon/shared/payments';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { findPackage, useSubscriptionPackages } from '../../../lib/subscription-packages';
import { useTranslation } from '../../../lib/translation';
import { useBack } from '../../../lib/use-back';
import { useProfile } from '../../../lib/use-session';
import { useBalance } from '../api/get-balance';
import { isPayable, readPaymentContext } from '../components/payment-context';
import { PhoneField } from '../components/phone-field';
import type { PaymentRequest } from '../components/submit-payment';
import { usePaymentSubmit } from '../components/use-payment-submit';

function WalletBalanceHint() {
  const { t } = useTranslation();
  const balance = useBalance();
  return (
    <p className="text-sm text-muted">
      {t('payment.walletHint')}
      {balance.data === undefined ? null : (
        <span className="mt-1 block font-semibold text-text">
          {t('payment.walletBalance', { balance: formatAmount(balance.data) })}
        </span>
      )}
    </p>
  );
}

/** Payment confirmation (state: type, amount, userId, paymentMethod, paymentMethodId, subscriptionId). */
export function Component() {
  const { t } = useTranslation();
  const back = useBack('/account/wallet');
  const profile = useProfile();
  const context = readPaymentContext(useLocation().state);
  const [phone, setPhone] = useState(profile?.phone ?? '');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const { submit, isBusy } = usePaymentSubmit(context, setPhoneError);
  const plans = useSubscriptionPackages(context.type === 'SUBSCRIPTION');
  const planName = findPackage(plans.data, context.subscriptionId)?.name;
  const request = isPayable(context) ? context : null;
  const isIncomplete = request === null;

  // Like review (docs/product.md, "Review screen"): a payment page without type and amount goes back.
  useEffect(() => {
    if (isIncomplete) back();
  }, [isIncomplete, back]);
  if (!request) return null;
  if (request.paymentMethod === 'SAFARICOM_CREDIT') {
    return <Navigate to="/account/payment/pay/airtime" replace state={context} />;
  }
  const { type, amount, paymentMethod } = request;

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!request) return;
    const toSend: PaymentRequest = { ...request };
    if (paymentMethod === 'MPESA') {
      const parsed = MpesaPhoneSchema.safeParse(phone);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        // Safaricom's check is the schema's one custom issue; any other means the field is empty.
        setPhoneError(issue?.code === 'custom' ? t('payment.invalidPhone') : t('payment.phonePrompt'));
        return;
      }
      toSend.mpesaPhoneNumber = parsed.data;
    }
    setPhoneError(null);
    submit(toSend);
  }

  const isPayout = type === 'WITHDRAWAL';
  return (
    <>
      <Header title={t('payment.payTitle')} subtitle={t(`payment.types.${type}`)} back={back} />
      <main>
        <form
          noValidate
          onSubmit={confirm}
          className="mx-auto flex min-h-[calc(100dvh-3.5rem)] max-w-md flex-col px-5 pt-6 pb-6"
        >
          <div className="rounded-2xl bg-surface p-4 text-center ring-1 ring-line">
            <p className="text-sm text-muted">
              {t(`payment.types.${type}`)}
              {context.friendUsername ? ` · @${context.friendUsername}` : null}
              {planName ? ` · ${planName}` : null}
            </p>
            <p className="mt-1 text-3xl font-extrabold tabular-nums">
              <span className="mr-1.5 text-lg font-semibold text-muted">kes</span>
              {formatAmount(amount)}
            </p>
          </div>
          <div className="mt-6">
            {paymentMethod === 'MPESA' ? (
              <>
                <PhoneField
                  label={t('payment.phoneLabel')}
                  value={phone}
                  error={phoneError}
                  onChange={(next) => {
                    setPhone(next);
                    setPhoneError(null);
                  }}
                />
                <p className="mt-2 text-sm text-muted">
                  {isPayout ? t('payment.mpesaPayoutHint') : t('payment.mpesaPayHint')}
                </p>
              </>
            ) : paymentMethod === 'CARD' ? (
              <p className="text-sm text-muted">{t('payment.cardHint')}</p>
            ) : paymentMethod === 'WALLET' ? (
              <WalletBalanceHint />
            ) : null}
          </div>
          <div className="flex-1" />
          <Button type="submit" isBusy={isBusy} className="mt-8 w-full">
            {t(`payment.buttons.${type}`)}
          </Button>
        </form>
      </main>
    </>
  );
}
