import type { ReactNode } from 'react';

/** One numbered section of a legal page; the surrounding `<ol>` numbers it. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="space-y-2">
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </li>
  );
}
