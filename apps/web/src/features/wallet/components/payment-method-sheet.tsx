import type { PaymentMethod, PaymentMethodCode, TransactionType } from '@playon/shared/payments';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { usePaymentMethods } from '../api/get-payment-methods';
import { methodRefusal, methodsShownFor } from './method-choice';

interface PaymentMethodSheetProps {
  type: TransactionType;
  /** The subscription package being bought, for the Bronze-only airtime rule. */
  packageName?: string | undefined;
  /** The method chosen before (the player came back from paying): marked as the current choice. */
  chosen?: PaymentMethodCode | undefined;
  onChoose: (method: PaymentMethod) => void;
  onClose: () => void;
}

/**
 * A list of methods, each a button that chooses it at once; a screen reader hears each one's name,
 * "current" on the one chosen before and "dimmed" (unavailable) with "Coming soon" on the others.
 * The dialog keeps focus inside, closes on Escape and gives focus back to Proceed.
 */
export function PaymentMethodSheet({
  type,
  packageName,
  chosen,
  onChoose,
  onClose,
}: PaymentMethodSheetProps) {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  // The server names the methods in English; the player reads them in their language.
  const methodName = (method: PaymentMethod) =>
    t(`payment.methodNames.${method.code}`, { defaultValue: method.name });

  function choose(method: PaymentMethod) {
    const refusal = methodRefusal(method, packageName);
    if (refusal === 'comingSoon') toast.info(t('payment.comingSoonToast', { name: methodName(method) }));
    else if (refusal === 'airtimeBronzeOnly') toast.info(t('notices.airtimeBronzeOnly'));
    else onChoose(method);
  }

  return (
    <Dialog title={t('payment.chooseMethod')} onClose={onClose}>
      {methods.isError ? (
        <div className="flex flex-col items-center gap-4 py-4 text-center">
          <p role="alert" className="text-sm text-muted">
            {t('common.loadFailed')}
          </p>
          <Button variant="secondary" onClick={() => void methods.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : methods.data ? (
        <ul className="flex flex-col gap-2">
          {methodsShownFor(type, methods.data).map((method) => (
            <li key={method.id}>
              <button
                type="button"
                aria-current={method.code === chosen || undefined}
                aria-disabled={!method.available || undefined}
                onClick={() => choose(method)}
                className={`flex min-h-14 w-full items-center gap-3 rounded-xl bg-raised px-4 text-left ring-1 ring-line active:bg-line ${method.available ? '' : 'text-muted'}`}
              >
                <span className="flex-1 font-semibold">{methodName(method)}</span>
                {method.code === chosen ? (
                  <Icon name="check" className="size-5 text-accent" />
                ) : method.available ? (
                  <Icon name="chevron" className="size-5 text-muted" />
                ) : (
                  <span className="text-xs font-medium text-muted">{t('payment.comingSoon')}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div aria-hidden="true" className="flex flex-col gap-2">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      )}
    </Dialog>
  );
}
