import { formatAmount } from '@playon/shared/format';
import { messages } from '@playon/shared/messages';
import { MpesaPhoneSchema } from '@playon/shared/payments';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useBack } from '../../../lib/use-back';
import { useProfile } from '../../../lib/use-session';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { readPaymentContext } from '../components/payment-context';
import { type PaymentRequest, submitPayment } from '../components/submit-payment';
import { isOutcomeUnknown, useConfirmationKey } from '../components/use-confirmation-key';

/** Payment confirmation (state: type, amount, userId, paymentMethod, paymentMethodId, subscriptionId). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = useBack('/account/wallet');
  const queryClient = useQueryClient();
  const profile = useProfile();
  const context = readPaymentContext(useLocation().state);
  const [phone, setPhone] = useState(profile?.phone ?? '');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const confirmation = useConfirmationKey();
  const singleFlight = useSingleFlight();
  const { type, amount, paymentMethod, paymentMethodId } = context;
  const isIncomplete = !type || !amount || !paymentMethod || paymentMethodId === undefined;

  // The spec: a payment page without type and amount goes back.
  useEffect(() => {
    if (isIncomplete) back();
  }, [isIncomplete, back]);
  if (isIncomplete) return null;

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (isIncomplete) return;
    const request: PaymentRequest = { ...context, type, amount, paymentMethod, paymentMethodId };
    if (paymentMethod === 'MPESA') {
      const parsed = MpesaPhoneSchema.safeParse(phone);
      if (!parsed.success) {
        setPhoneError(parsed.error.issues[0]?.message ?? t('payment.phonePrompt'));
        return;
      }
      request.mpesaPhoneNumber = parsed.data;
    }
    setPhoneError(null);
    const key = confirmation.keyFor(request);
    singleFlight(async () => {
      setBusy(true);
      try {
        const response = await submitPayment(request, key);
        confirmation.settle();
        const intent = response.payload;
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
        if (response.statusMessage) toast.success(response.statusMessage);
        if (intent.txGwSessionUrl) window.open(intent.txGwSessionUrl, '_blank', 'noopener');
        navigate(`/waiting?id=${encodeURIComponent(intent.id)}`, {
          state: { id: intent.id, type: intent.type, amount: intent.amount, flowStart: context.flowStart },
        });
      } catch (error) {
        if (!isOutcomeUnknown(error)) confirmation.settle();
        const phoneProblem = error instanceof ApiError ? error.fields?.mpesaPhoneNumber : undefined;
        if (phoneProblem) setPhoneError(phoneProblem);
        toast.error(errorText(error, messages.genericError));
      } finally {
        setBusy(false);
      }
    });
  }

  const isPayout = type === 'WITHDRAWAL';
  return (
    <>
      <Header title={t('payment.payTitle')} subtitle={t(`payment.types.${type}`)} back={back} />
      <form
        noValidate
        onSubmit={confirm}
        className="mx-auto flex min-h-[calc(100dvh-3.5rem)] max-w-md flex-col px-5 pt-6 pb-6"
      >
        <div className="rounded-2xl bg-surface p-4 text-center ring-1 ring-line">
          <p className="text-sm text-muted">{t(`payment.types.${type}`)}</p>
          <p className="mt-1 text-3xl font-extrabold tabular-nums">
            <span className="mr-1.5 text-lg font-semibold text-muted">kes</span>
            {formatAmount(amount)}
          </p>
        </div>
        <div className="mt-6">
          {paymentMethod === 'MPESA' ? (
            <>
              <TextField
                label={t('payment.phoneLabel')}
                placeholder={t('payment.phonePrompt')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={phone}
                error={phoneError}
                onChange={(event) => {
                  setPhone(event.target.value);
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
            <p className="text-sm text-muted">{t('payment.walletHint')}</p>
          ) : null}
        </div>
        <div className="flex-1" />
        <Button type="submit" isBusy={isBusy} className="mt-8 w-full">
          {t(`payment.buttons.${type}`)}
        </Button>
      </form>
    </>
  );
}
