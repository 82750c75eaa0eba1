/** A grey block of fixed size standing in for content that is loading. */
export function Skeleton({ className }: { className: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-raised ${className}`} />;
}
