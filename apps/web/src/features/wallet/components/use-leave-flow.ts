import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readPaymentContext } from './payment-context';

/** The index React Router's browser history keeps in each entry's state; undefined elsewhere. */
export function historyIndex(): number | undefined {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}

/**
 * Ends a payment flow at the wallet by going back to the entry it started from, so the phone's back
 * button cannot land on a spent payment screen and pay twice with one tap. Without that entry (a
 * reload elsewhere, a shared link), the wallet replaces the current screen.
 */
export function useLeaveFlow(): () => void {
  const navigate = useNavigate();
  const { flowStart } = readPaymentContext(useLocation().state);
  return useCallback(() => {
    const here = historyIndex();
    if (flowStart !== undefined && here !== undefined && flowStart < here) navigate(flowStart - here);
    else navigate('/account/wallet', { replace: true });
  }, [flowStart, navigate]);
}
