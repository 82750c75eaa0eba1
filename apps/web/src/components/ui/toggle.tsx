interface ToggleProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A line under the label saying what the setting does. */
  hint?: string;
}

/** A yes/no setting, as a checkbox with its label beside it. */
export function Toggle({ label, checked, onChange, hint }: ToggleProps) {
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
