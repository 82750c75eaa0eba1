import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { openCheckoutTab } from './card-tab';
import { type PaymentRequest, submitPayment } from './submit-payment';
import { isOutcomeUnknown, useConfirmationKey } from './use-confirmation-key';

type FlowReturn = { flowStart?: number | undefined; flowStartPath?: string | undefined };

/**
 * Sends a payment confirmation once (one at a time, with its Idempotency-Key) and opens the waiting
 * page for the intent. A card's checkout opens in a new tab; a wallet payment comes back completed,
 * and the waiting page shows it at once from the answer seeded here.
 */
export function usePaymentSubmit(flow: FlowReturn, onPhoneError: (message: string) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmation = useConfirmationKey();
  const singleFlight = useSingleFlight();
  const [isBusy, setBusy] = useState(false);

  function submit(request: PaymentRequest) {
    const key = confirmation.keyFor(request);
    // Runs synchronously up to its first await, so the card tab opens within the tap.
    singleFlight(async () => {
      const tab = request.paymentMethod === 'CARD' ? openCheckoutTab(t('payment.cardOpening')) : null;
      setBusy(true);
      try {
        const response = await submitPayment(request, key);
        confirmation.settle();
        const intent = response.payload;
        queryClient.setQueryData(['payments', intent.id], intent);
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
        if (intent.txGwSessionUrl) {
          if (tab) tab.location.href = intent.txGwSessionUrl;
          else {
            // Blocked: the checkout takes this tab, and its return leads to the same waiting page.
            window.location.assign(intent.txGwSessionUrl);
            return;
          }
        } else tab?.close();
        if (response.statusMessage) toast.success(response.statusMessage);
        navigate(`/waiting?id=${encodeURIComponent(intent.id)}`, {
          state: {
            id: intent.id,
            type: intent.type,
            amount: intent.amount,
            flowStart: flow.flowStart,
            flowStartPath: flow.flowStartPath,
          },
        });
      } catch (error) {
        tab?.close();
        if (!isOutcomeUnknown(error)) confirmation.settle();
        const phoneProblem = error instanceof ApiError ? error.fields?.mpesaPhoneNumber : undefined;
        if (phoneProblem) onPhoneError(phoneProblem);
        toast.error(errorText(error, t('common.genericError')));
      } finally {
        setBusy(false);
      }
    });
  }

  return { submit, isBusy };
}
