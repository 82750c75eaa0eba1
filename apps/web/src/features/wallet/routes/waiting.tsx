import { formatAmount } from '@playon/shared/format';
import { isFinalStatus } from '@playon/shared/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { subscribeRealtime } from '../../../lib/realtime-client';
import { dismissToast, getToasts, toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { useBack } from '../../../lib/use-back';
import { getPayment } from '../api/get-payment';
import { readPaymentContext } from '../components/payment-context';
import { TaskOutcome } from '../components/task-outcome';
import { isTaskMessage, newerTask, type TaskState } from '../components/task-status';
import { useLeaveFlow } from '../components/use-leave-flow';

/** The fallback when the socket is down or a push was missed. */
export const POLL_INTERVAL_MS = 4000;
/** How long the success shows before the thank-you page. */
export const SUCCESS_PAUSE_MS = 1200;

/** Waiting (`/waiting?id=`): follows a payment intent over /ws, and by polling, to its end. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = useBack('/account/wallet');
  const leaveFlow = useLeaveFlow();
  // docs/product.md, "Offline and waiting screens": a completed subscription goes to the subscriptions route.
  const leaveToSubscriptions = useLeaveFlow('/account/subscription');
  const queryClient = useQueryClient();
  const location = useLocation();
  const [params] = useSearchParams();
  const carried = readPaymentContext(location.state);
  const { flowStart, flowStartPath } = carried;
  const carriedId = (location.state as { id?: unknown } | null)?.id;
  const id = params.get('id') ?? (typeof carriedId === 'string' ? carriedId : null);
  const [task, setTask] = useState<TaskState | null>(null);
  const [hasSocketError, setSocketError] = useState(false);
  const isFinal = task !== null && isFinalStatus(task.status);

  const intent = useQuery({
    queryKey: ['payments', id],
    queryFn: () => getPayment(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: isFinal ? false : POLL_INTERVAL_MS,
  });
  const type = intent.data?.type ?? carried.type;
  const amount = intent.data?.amount ?? carried.amount;
  // Not this player's payment, or no such payment: nothing will ever arrive for it.
  const unknownError =
    intent.error instanceof ApiError && (intent.error.status === 404 || intent.error.status === 403)
      ? intent.error.message
      : null;

  useEffect(() => {
    const data = intent.data;
    if (data) setTask((current) => newerTask(current, { status: data.status, message: data.message }));
  }, [intent.data]);

  useEffect(() => {
    if (id === null) return;
    return subscribeRealtime((event) => {
      if (event.kind === 'error') setSocketError(true);
      if (event.kind === 'open') {
        setSocketError(false);
        // Whatever changed while the socket was down.
        void queryClient.invalidateQueries({ queryKey: ['payments', id] });
      }
      if (event.kind === 'message' && isTaskMessage(event.data, id)) {
        const { status, message } = event.data;
        setTask((current) => newerTask(current, { status, message }));
      }
    });
  }, [id, queryClient]);

  useEffect(() => {
    if (!isFinal) return;
    // The result is on screen now; the pay page's 'check your phone' toast is history.
    for (const shown of getToasts()) dismissToast(shown.id);
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    if (task.status !== 'COMPLETED' || !type) return;
    const timer = setTimeout(() => {
      if (type === 'SUBSCRIPTION') {
        void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
        toast.success(t('thankYou.messages.SUBSCRIPTION', { amount: formatAmount(amount ?? 0) }));
        leaveToSubscriptions();
        return;
      }
      navigate('/account/payment/thank-you', {
        replace: true,
        state: { type, amount, flowStart, flowStartPath },
      });
    }, SUCCESS_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [
    isFinal,
    task?.status,
    type,
    amount,
    flowStart,
    flowStartPath,
    navigate,
    queryClient,
    leaveToSubscriptions,
    t,
  ]);

  if (id === null) return <Navigate to="/account/wallet" replace />;

  const viewWallet = (
    <Button variant="secondary" className="w-full" onClick={leaveFlow}>
      {t('waiting.viewWallet')}
    </Button>
  );

  let content: ReactNode;
  if (task?.status === 'COMPLETED') {
    content = <TaskOutcome icon="check" tone="ok" title={t('waiting.done')} />;
  } else if (task?.status === 'ERROR' || unknownError) {
    content = (
      <TaskOutcome
        icon="alert"
        tone="danger"
        title={t('waiting.errorTitle')}
        text={task?.message ?? unknownError ?? t('common.genericError')}
      >
        <Button onClick={back}>{t('common.back')}</Button>
        {viewWallet}
      </TaskOutcome>
    );
  } else if (task?.status === 'CANCELLED') {
    content = (
      <TaskOutcome icon="close" tone="muted" title={t('waiting.cancelledTitle')} text={task.message}>
        <Button onClick={back}>{t('common.back')}</Button>
      </TaskOutcome>
    );
  } else {
    content = (
      <div className="flex flex-col items-center gap-5 text-center">
        <Spinner size={56} label="" />
        <h1 className="text-lg font-semibold">{t('waiting.moment')}</h1>
        {hasSocketError ? (
          <p role="alert" className="text-sm text-danger">
            {t('waiting.socketError')}
          </p>
        ) : null}
        <p className="text-sm text-muted">{t('waiting.leaveHint')}</p>
        <div className="mt-4 w-full">{viewWallet}</div>
      </div>
    );
  }

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center px-6 py-10">{content}</main>
  );
}
