/** The index React Router's browser history keeps in each entry's state; undefined elsewhere. */
export function historyIndex(): number | undefined {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}
