interface ReasonAreaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
}

/** A typed reason, kept in the audit log: the same field as the console's confirm-with-reason. */
export function ReasonArea({ label, value, onChange, error }: ReasonAreaProps) {
  return (
    <label>
      <span className="mb-1.5 block text-sm font-medium text-muted">{label}</span>
      <textarea
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={3}
        maxLength={500}
        aria-invalid={error ? true : undefined}
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
