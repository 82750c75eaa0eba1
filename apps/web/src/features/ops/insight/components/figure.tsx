/** One headline figure with what it counts written under it. */
export function DefinedFigure({ term, value, help }: { term: string; value: string; help: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl bg-surface p-4 ring-1 ring-line">
      <dt className="text-sm font-semibold tracking-wide text-muted uppercase">{term}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      <dd className="text-xs text-muted">{help}</dd>
    </div>
  );
}

/** The headline figures of a report, as a definition list. */
export function Figures({ children }: { children: React.ReactNode }) {
  return <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">{children}</dl>;
}
