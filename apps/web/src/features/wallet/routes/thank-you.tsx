import { formatAmount } from '@playon/shared/format';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useTranslation } from '../../../lib/translation';
import { readPaymentContext } from '../components/payment-context';
import { useLeaveFlow } from '../components/use-leave-flow';

/** Thank-you: a heading and message per type (docs/product.md, "Thank-you screen"), then back to the wallet. */
export function Component() {
  const { t } = useTranslation();
  const leaveFlow = useLeaveFlow();
  const { type, amount } = readPaymentContext(useLocation().state);
  if (!type) return <Navigate to="/account/wallet" replace />;

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center px-6 py-10 text-center">
      <span className="mx-auto flex size-20 items-center justify-center rounded-full bg-ok/15 text-ok">
        <Icon name="check" className="size-10" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold">{t(`thankYou.headings.${type}`)}</h1>
      <p className="mt-3 text-muted">
        {t(`thankYou.messages.${type}`, { amount: formatAmount(amount ?? 0) })}
      </p>
      <Button className="mt-10 w-full" onClick={leaveFlow}>
        {t('thankYou.viewWallet')}
      </Button>
    </main>
  );
}
