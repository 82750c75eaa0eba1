import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { historyIndex } from '../../../lib/history-index';
import { readPaymentContext } from './payment-context';

/**
 * Ends a payment flow at `destination` by going back to the entry it started from, so the phone's
 * back button cannot land on a spent payment screen and pay twice with one tap. A flow started
 * elsewhere (the boost screen) has that entry replaced by the destination once back there. Without
 * that entry (a reload elsewhere, a shared link), the destination replaces the current screen.
 */
export function useLeaveFlow(destination = '/account/wallet'): () => void {
  const navigate = useNavigate();
  const { flowStart, flowStartPath = '/account/wallet' } = readPaymentContext(useLocation().state);
  return useCallback(() => {
    const here = historyIndex();
    if (flowStart === undefined || here === undefined || flowStart >= here) {
      void navigate(destination, { replace: true });
      return;
    }
    void Promise.resolve(navigate(flowStart - here)).then(() => {
      if (flowStartPath !== destination) void navigate(destination, { replace: true });
    });
  }, [flowStart, flowStartPath, destination, navigate]);
}
