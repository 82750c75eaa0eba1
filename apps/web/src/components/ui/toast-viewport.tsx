import { useSyncExternalStore } from 'react';
import { formText } from '../../lib/locales/form-text';
import { dismissToast, getToasts, subscribeToasts, type ToastKind } from '../../lib/toast';
import { useTranslation } from '../../lib/translation';

const kindStyles: Record<ToastKind, string> = {
  success: 'border-ok/60 bg-[#10261b]',
  error: 'border-danger/60 bg-[#2a1316]',
  info: 'border-accent/50 bg-[#0f2230]',
};

/**
 * The toasts, inside the polite live region of toast-region.tsx (default export, for React.lazy).
 * Every toast is a status, errors too: a toast reports what already happened and asks nothing
 * within a time, so it waits for the screen reader to finish its sentence; what is urgent (a form's
 * refusal) is an alert on the screen itself, beside the field.
 */
export default function ToastViewport() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  return (
    <>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          className={`pointer-events-auto flex items-start gap-3 rounded-xl border px-4 py-3 text-sm text-text shadow-lg shadow-black/40 animate-[toast-in_0.2s_ease-out] ${kindStyles[toast.kind]}`}
        >
          <p className="min-w-0 flex-1 py-0.5 [overflow-wrap:anywhere]">{formText(toast.message)}</p>
          <button
            type="button"
            aria-label={t('a11y.dismiss')}
            onClick={() => dismissToast(toast.id)}
            className="-my-2 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-lg text-muted"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      ))}
    </>
  );
}
