import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditChange, fieldChanges } from './audit-change';

const entry = (before: unknown, after: unknown) =>
  ({
    id: 1,
    at: '2026-11-24T09:30:00.000Z',
    actorUid: 'a',
    actorEmail: 'admin@playon.test',
    actorRole: 'admin',
    action: 'content.package-update',
    targetType: 'subscription-package',
    targetId: '2',
    reason: 'Price change',
    before,
    after,
  }) as const;

describe("an audit entry's change", () => {
  it('lists each field that changed with its before and after, and leaves equal ones out', () => {
    expect(
      fieldChanges(entry({ price: 10, name: 'Silver' }, { price: 15, name: 'Silver', active: true })),
    ).toEqual([
      { field: 'price', before: 10, after: 15 },
      { field: 'active', before: undefined, after: true },
    ]);
    expect(fieldChanges(entry(null, null))).toEqual([]);
  });

  it('says one change in a line, and opens several field by field', () => {
    const { unmount } = render(<AuditChange entry={entry({ price: 10 }, { price: 15 })} />);
    expect(screen.getByText('price: 10 → 15')).toBeTruthy();
    unmount();
    render(<AuditChange entry={entry({ price: 10, days: 1 }, { price: 15, days: 7 })} />);
    fireEvent.click(screen.getByText('2 fields: price, days'));
    expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'FieldBeforeAfter',
      'price1015',
      'days17',
    ]);
  });
});
