import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

/**
 * A row wider than the screen (a phone's tabs, the console's menu): it scrolls sideways, never wraps
 * or cuts a word, and fades at an edge where more of it is hidden, so the operator sees it goes on.
 * The selected item (aria-selected or aria-current) is scrolled into view.
 */
export function ScrollRow({ children, className = '' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const row = ref.current;
    if (!row) return;
    const before = row.scrollLeft > 1;
    const after = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    setHidden((was) => (was.before === before && was.after === after ? was : { before, after }));
  }, []);

  // The selected item is brought into view when it changes (a new screen, another tab), never on a
  // render the operator's own scrolling caused: the row stays where they scrolled it.
  const centred = useRef<Element | null>(null);
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const selected = row.querySelector<HTMLElement>('[aria-selected="true"], [aria-current="page"]');
    if (selected && selected !== centred.current && row.scrollWidth > row.clientWidth) {
      row.scrollLeft = Math.max(0, selected.offsetLeft - (row.clientWidth - selected.offsetWidth) / 2);
    }
    centred.current = selected;
    measure();
  });

  useEffect(() => {
    const row = ref.current;
    if (!row || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    return () => observer.disconnect();
  }, [measure]);

  const fade = 'pointer-events-none absolute inset-y-0 w-10 from-ink to-transparent transition-opacity';
  return (
    <div className={`relative ${className}`}>
      <div
        ref={ref}
        onScroll={measure}
        className="overflow-x-auto overscroll-x-contain [scrollbar-width:none]"
      >
        {children}
      </div>
      <span
        aria-hidden="true"
        className={`${fade} left-0 bg-gradient-to-r ${hidden.before ? '' : 'opacity-0'}`}
      />
      <span
        aria-hidden="true"
        className={`${fade} right-0 bg-gradient-to-l ${hidden.after ? '' : 'opacity-0'}`}
      />
    </div>
  );
}
