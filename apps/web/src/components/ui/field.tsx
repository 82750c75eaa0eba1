import { type ReactNode, useId } from 'react';

interface FieldProps {
  label: string;
  error?: string | null | undefined;
  /** Shown under the control while there is no error. */
  hint?: string | undefined;
  className?: string | undefined;
  /** The control, given its id and what describes it (the error, or else the hint). */
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

/** A label above a form control, and its error (announced to screen readers) or hint underneath. */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-muted">
        {label}
      </label>
      {children(id, error ? errorId : hint ? hintId : undefined)}
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The look every text control shares; red-bordered while its field has an error. */
export const controlClass = (error: string | null | undefined) =>
  `w-full rounded-xl border bg-raised text-base text-text placeholder:text-muted/70 focus:border-brand focus:outline-none ${error ? 'border-danger' : 'border-line'}`;
