import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost';

const variants: Record<Variant, string> = {
  primary: 'bg-brand text-white active:bg-brand-strong disabled:bg-brand/50',
  secondary: 'border border-line bg-raised text-text active:bg-line',
  ghost: 'text-accent',
};

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  isBusy?: boolean;
}

/** A 48 px button; while busy it shows a spinner and ignores taps. */
export function Button({
  variant = 'primary',
  isBusy = false,
  className = '',
  children,
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      className={`flex h-12 items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold disabled:cursor-not-allowed ${variants[variant]} ${className}`}
    >
      {isBusy ? <Spinner size={20} label="" /> : null}
      {children}
    </button>
  );
}
