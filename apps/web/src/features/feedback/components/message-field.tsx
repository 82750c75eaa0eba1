import { type TextareaHTMLAttributes, useId } from 'react';

interface MessageFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | null | undefined;
}

/** A labelled multi-line input, styled like TextField, with its error underneath. */
export function MessageField({ label, error, ...rest }: MessageFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-muted">
        {label}
      </label>
      <textarea
        id={id}
        rows={6}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`block w-full resize-y rounded-xl border bg-raised px-4 py-3 text-base text-text placeholder:text-muted/70 focus:border-brand focus:outline-none ${error ? 'border-danger' : 'border-line'}`}
        {...rest}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
