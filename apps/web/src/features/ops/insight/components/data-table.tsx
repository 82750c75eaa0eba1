import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Figures are right-aligned, in tabular digits. */
  numeric?: boolean;
}

/** A table of figures that scrolls sideways on a phone; its caption says what it counts. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  captionHidden = false,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  captionHidden?: boolean;
}) {
  return (
    <ScrollRegion label={caption}>
      <table className="w-full min-w-max text-sm">
        <caption className={captionHidden ? 'sr-only' : 'px-3 py-2 text-left text-sm font-semibold'}>
          {caption}
        </caption>
        <thead className="bg-raised text-left text-muted">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-3 py-2 font-medium ${column.numeric ? 'text-right' : ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-line">
              {columns.map((column, i) =>
                i === 0 ? (
                  <th
                    key={column.key}
                    scope="row"
                    className="px-3 py-2 text-left font-normal whitespace-nowrap"
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.key}
                    className={`px-3 py-2 whitespace-nowrap ${column.numeric ? 'text-right tabular-nums' : ''}`}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** A region that scrolls sideways on a phone, which a keyboard can reach to scroll. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrolling region a keyboard can reach, named by what it holds.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
    <section className="overflow-x-auto rounded-xl ring-1 ring-line" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
