import { intentStatuses, intentTypes, paymentMethodCodes } from '@playon/shared/payments';
import type { PaymentFilters } from '../api/get-payments';

const selectClass = 'h-11 w-full rounded-xl border border-line bg-raised px-3 text-base';
const inputClass =
  'h-11 w-full rounded-xl border border-line bg-raised px-3 text-base focus:border-brand focus:outline-none';

interface PaymentFiltersProps {
  value: PaymentFilters;
  onChange: (next: PaymentFilters) => void;
}

/** The list's filters: status, method, type, the days it was made in, the phone and the player. */
export function PaymentFiltersBar({ value, onChange }: PaymentFiltersProps) {
  const set = (key: keyof PaymentFilters, next: string) => onChange({ ...value, [key]: next || undefined });
  const choose = (key: 'status' | 'method' | 'type', label: string, options: readonly string[]) => (
    <label className="min-w-0 md:w-40">
      <span className="mb-1.5 block text-sm font-medium text-muted">{label}</span>
      <select
        value={value[key] ?? ''}
        onChange={(event) => set(key, event.target.value)}
        className={selectClass}
      >
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
  const text = (key: 'from' | 'to' | 'phone' | 'player', label: string, type = 'text', wide = false) => (
    <label className={`min-w-0 md:flex-1 md:basis-40 ${wide ? 'col-span-2' : ''}`}>
      <span className="mb-1.5 block text-sm font-medium text-muted">{label}</span>
      <input
        type={type}
        value={value[key] ?? ''}
        onChange={(event) => set(key, event.target.value.trim())}
        className={inputClass}
      />
    </label>
  );
  return (
    // Two to a row on a phone, one line of them on a laptop.
    <div className="grid w-full grid-cols-2 items-end gap-3 md:flex md:flex-wrap">
      {choose('status', 'Status', intentStatuses)}
      {choose('method', 'Method', paymentMethodCodes)}
      {choose('type', 'Type', intentTypes)}
      {text('from', 'From (day)', 'date')}
      {text('to', 'To (day)', 'date')}
      {text('phone', 'Phone')}
      {text('player', 'Player uid or e-mail', 'text', true)}
    </div>
  );
}
