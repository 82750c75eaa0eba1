import type { InputHTMLAttributes } from 'react';
import { controlClass, Field } from './field';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null | undefined;
  /** Shown under it while there is no error. */
  hint?: string | undefined;
}

/** A labelled input with its error underneath, announced to screen readers. */
export function TextField({ label, error, hint, className = '', ...rest }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(id, describedBy) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`h-12 px-4 ${controlClass(error)}`}
          {...rest}
        />
      )}
    </Field>
  );
}
