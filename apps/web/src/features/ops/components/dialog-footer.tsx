import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

interface DialogFooterProps {
  /** Why the last try failed, read out as it appears. */
  error?: string | null | undefined;
  submitLabel: ReactNode;
  isBusy: boolean;
  /** Without it there is no Cancel button. */
  onCancel?: () => void;
  /** Without it the button submits the form around it. */
  onSubmit?: () => void;
}

/** The end of a console form: the server's refusal, then Cancel and the action. */
export function DialogFooter({ error, submitLabel, isBusy, onCancel, onSubmit }: DialogFooterProps) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        {onSubmit ? (
          <Button isBusy={isBusy} onClick={onSubmit}>
            {submitLabel}
          </Button>
        ) : (
          <Button type="submit" isBusy={isBusy}>
            {submitLabel}
          </Button>
        )}
      </div>
    </>
  );
}
