import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import type { FieldErrors } from './use-console-form';

/**
 * A console dialog's action: busy while it runs, and its failure shown in the dialog (the server's
 * field messages on their fields), so nothing typed is lost.
 */
export function useDialogAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields) setFieldErrors(failure.fields);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, fieldErrors, setFieldErrors, run };
}
