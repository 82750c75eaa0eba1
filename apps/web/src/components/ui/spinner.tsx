interface SpinnerProps {
  /** Read by screen readers; the spinner itself is decorative. */
  label?: string;
  size?: number;
}

export function Spinner({ label = 'Loading', size = 32 }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center justify-center">
      <span
        aria-hidden="true"
        className="inline-block rounded-full border-[3px] border-line border-t-brand animate-[spin_0.8s_linear_infinite]"
        style={{ width: size, height: size }}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A whole-screen wait: the route is loading or the auth state is not known yet. */
export function ScreenSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner size={40} {...(label ? { label } : {})} />
    </div>
  );
}
