import type { TextareaHTMLAttributes } from 'react';
import { controlClass, Field } from './field';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | null | undefined;
  hint?: string | undefined;
}

/** A labelled multi-line input, styled like TextField, with its error (or hint) underneath. */
export function TextArea({ label, error, hint, ...rest }: TextAreaProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id, describedBy) => (
        <textarea
          id={id}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`block resize-y px-4 py-3 ${controlClass(error)}`}
          {...rest}
        />
      )}
    </Field>
  );
}
