import type { SelectHTMLAttributes } from 'react';
import { controlClass, Field } from './field';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | null | undefined;
  hint?: string | undefined;
}

/** A labelled select, styled like TextField, with its error (or hint) underneath. */
export function SelectField({ label, error, hint, children, ...rest }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id, describedBy) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`h-12 px-3 ${controlClass(error)}`}
          {...rest}
        >
          {children}
        </select>
      )}
    </Field>
  );
}
