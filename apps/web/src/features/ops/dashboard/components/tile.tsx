import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A dashboard tile: its figures, and a link to the area behind them when the operator may use it. */
export function Tile({
  title,
  link,
  children,
}: {
  title: string;
  link?: { to: string; label: string } | undefined;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="flex min-w-0 flex-col gap-3 rounded-xl bg-surface p-4 ring-1 ring-line"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-sm font-semibold tracking-wide text-muted uppercase">{title}</h2>
        {link ? (
          <Link to={link.to} className="shrink-0 text-sm font-medium text-accent">
            {link.label} →
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** A big number with its caption. */
export function Figure({
  value,
  caption,
  tone,
  size = 'large',
}: {
  value: string;
  caption: string;
  tone?: 'danger';
  /** Amounts are long: a size down keeps in and out side by side. */
  size?: 'large' | 'medium';
}) {
  return (
    <div className="min-w-0">
      <p
        className={`font-bold tabular-nums ${size === 'large' ? 'text-3xl' : 'text-2xl'} ${tone === 'danger' ? 'text-danger' : ''}`}
      >
        {value}
      </p>
      <p className="text-sm text-muted">{caption}</p>
    </div>
  );
}
