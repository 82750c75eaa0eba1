import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';

export type FieldErrors = Record<string, string>;

/** The first message of each field, keyed by its path ('prizes.1'), as the server's `fields` are. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * A console form's submit: checked with the shared schema first (the server's own rules and
 * messages), then sent; the server's refusal lands on its fields, or above the buttons.
 */
export function useConsoleForm<S extends z.ZodType>(schema: S, send: (body: z.output<S>) => Promise<string>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(values: unknown): Promise<boolean> {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      setFormError('Please correct the fields marked below.');
      return false;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      showToast(await send(parsed.data), 'success');
      return true;
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields) setErrors(failure.fields);
      setFormError(failure instanceof Error ? failure.message : String(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { errors, formError, busy, submit };
}
