interface ReasonFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field. */
  error?: string | null | undefined;
  /** Marks the field invalid when its error shows elsewhere, in the dialog's footer. */
  isInvalid?: boolean;
  rows?: number;
  maxLength?: number;
}

/** A typed reason (or answer) the console keeps: in the audit log, or mailed to the player. */
export function ReasonField({
  label,
  value,
  onChange,
  error,
  isInvalid = Boolean(error),
  rows = 3,
  maxLength = 500,
}: ReasonFieldProps) {
  return (
    <label>
      <span className="mb-1.5 block text-sm font-medium text-muted">{label}</span>
      <textarea
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={rows}
        maxLength={maxLength}
        aria-invalid={isInvalid ? true : undefined}
        className="w-full rounded-xl border border-line bg-raised px-4 py-3 text-base focus:border-brand focus:outline-none"
      />
      {error ? (
        <span role="alert" className="mt-1.5 block text-sm text-danger">
          {error}
        </span>
      ) : null}
    </label>
  );
}
