import {
  type FormEvent,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import type { z } from 'zod';
import { Dialog } from '../../../../components/ui/dialog';
import { ApiError } from '../../../../lib/api-error';
import { showToast } from '../../../../lib/toast';
import { DialogFooter } from '../../components/dialog-footer';

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

/** A dialog holding a console form: it scrolls on a phone, shows the form's error, saves or cancels. */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  busy,
  formError,
  saveLabel = 'Save',
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  formError: string | null;
  saveLabel?: string;
  children: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="-mx-1 flex max-h-[65dvh] flex-col gap-4 overflow-y-auto px-1">{children}</div>
        <DialogFooter error={formError} submitLabel={saveLabel} isBusy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

function Labelled({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-muted">
        {label}
      </label>
      {children(id, describedBy)}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const inputClass = (error?: string) =>
  `w-full rounded-xl border bg-raised px-4 text-base text-text focus:border-brand focus:outline-none ${error ? 'border-danger' : 'border-line'}`;

export function TextArea({
  label,
  error,
  hint,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | undefined;
  hint?: string;
}) {
  return (
    <Labelled label={label} error={error} {...(hint ? { hint } : {})}>
      {(id, describedBy) => (
        <textarea
          id={id}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass(error)} py-3`}
          {...rest}
        />
      )}
    </Labelled>
  );
}

export function Select({
  label,
  error,
  hint,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | undefined; hint?: string }) {
  return (
    <Labelled label={label} error={error} {...(hint ? { hint } : {})}>
      {(id, describedBy) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass(error)} h-12 px-3`}
          {...rest}
        >
          {children}
        </select>
      )}
    </Labelled>
  );
}

/** A yes/no setting, as a checkbox with its label beside it. */
export function Toggle({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  return (
    <label className="flex items-start gap-3 text-base">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-5 shrink-0 accent-brand"
      />
      <span>
        {label}
        {hint ? <span className="block text-xs text-muted">{hint}</span> : null}
      </span>
    </label>
  );
}

/** An ISO moment as a datetime-local value, in the browser's time zone (to the minute). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local value back to an ISO moment; '' stays null. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** Fields kept as text while typed, sent as numbers: '' becomes NaN so the schema names the field. */
export const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
