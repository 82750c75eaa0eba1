import { formatAmount } from '@playon/shared/format';
import { MpesaPhoneSchema } from '@playon/shared/payments';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { Icon } from '../../../components/ui/icon';
import { useTranslation } from '../../../lib/translation';
import { useBack } from '../../../lib/use-back';
import { useProfile } from '../../../lib/use-session';
import { isPayable, readPaymentContext } from '../components/payment-context';
import { PhoneField } from '../components/phone-field';
import { usePaymentSubmit } from '../components/use-payment-submit';

/** Subscribing with Safaricom airtime (Bronze only): its text, the phone to charge, 'Let's do it'. */
export function Component() {
  const { t } = useTranslation();
  const back = useBack('/account/subscription');
  const profile = useProfile();
  const context = readPaymentContext(useLocation().state);
  const [phone, setPhone] = useState(profile?.phone ?? '');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const { submit, isBusy } = usePaymentSubmit(context, setPhoneError);
  const request =
    isPayable(context) && context.type === 'SUBSCRIPTION' && context.paymentMethod === 'SAFARICOM_CREDIT'
      ? context
      : null;
  const isIncomplete = request === null;

  useEffect(() => {
    if (isIncomplete) back();
  }, [isIncomplete, back]);
  if (!request) return null;

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!request) return;
    const parsed = MpesaPhoneSchema.safeParse(phone);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // The schema's own check (not Safaricom's) is the empty field.
      setPhoneError(issue?.code === 'custom' ? t('payment.invalidPhone') : t('payment.phonePrompt'));
      return;
    }
    setPhoneError(null);
    submit({ ...request, mpesaPhoneNumber: parsed.data });
  }

  return (
    <>
      <Header title={t('payment.airtimeTitle')} subtitle={t('payment.types.SUBSCRIPTION')} back={back} />
      <main>
        <form
          noValidate
          onSubmit={confirm}
          className="mx-auto flex min-h-[calc(100dvh-3.5rem)] max-w-md flex-col px-5 pt-6 pb-6"
        >
          <div className="flex flex-col items-center gap-4 rounded-2xl bg-surface p-5 text-center ring-1 ring-line">
            <span className="flex size-14 items-center justify-center rounded-full bg-ok/15 text-ok">
              <Icon name="phone" className="size-7" />
            </span>
            <p className="leading-relaxed">
              {t('payment.airtimeText', { amount: formatAmount(request.amount) })}
            </p>
          </div>
          <PhoneField
            className="mt-6"
            label={t('payment.airtimePhoneLabel')}
            value={phone}
            error={phoneError}
            onChange={(next) => {
              setPhone(next);
              setPhoneError(null);
            }}
          />
          <div className="flex-1" />
          <Button type="submit" isBusy={isBusy} className="mt-8 w-full">
            {t('payment.letsDoIt')}
          </Button>
        </form>
      </main>
    </>
  );
}
