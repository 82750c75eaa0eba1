import { formatAmount } from '@playon/shared/format';
import type { UnmatchedCallback } from '@playon/shared/ops-money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { opsKeys } from '../../api/query-keys';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { unmatchedQuery } from '../api/get-unmatched';
import { CreditDialog } from '../components/credit-dialog';

const statuses = [
  { value: 'OPERATOR', label: 'Waiting for a person' },
  { value: 'MATCHED', label: 'Matched' },
  { value: 'OPEN', label: 'Being matched' },
];

const kinds: Record<string, string> = {
  stk: 'STK callback (money in)',
  'b2c/result': 'B2C result (payout)',
  'status/result': 'Transaction Status result',
};

/**
 * The M-Pesa callbacks kept for a person: STK callbacks no payment has (money came in: credit it to
 * the player it came from) and payout results that did not match their payout (never applied).
 */
export function Component() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('OPERATOR');
  const [crediting, setCrediting] = useState<UnmatchedCallback | null>(null);
  return (
    <>
      <PagedList<UnmatchedCallback>
        query={unmatchedQuery(status)}
        rowKey={(callback) => String(callback.id)}
        searchLabel="Search by checkout or conversation id, phone, receipt or reason"
        emptyText="No M-Pesa callback is waiting."
        filters={
          <label>
            <span className="mb-1.5 block text-sm font-medium text-muted">Show</span>
            <select
              value={status}
              onChange={(event) => setStatus(event.target.value)}
              className="h-11 rounded-xl border border-line bg-raised px-3 text-base"
            >
              {statuses.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        }
        columns={[
          { header: 'Received', cell: (callback) => formatWhen(callback.createdAt) },
          {
            header: 'Callback',
            cell: (callback) => (
              <>
                <span className="block font-medium">{kinds[callback.kind] ?? callback.kind}</span>
                <span className="text-xs text-muted">
                  result {callback.resultCode}
                  {callback.reason ? ` · ${callback.reason}` : ''}
                </span>
              </>
            ),
          },
          {
            header: 'KES',
            cell: (callback) => (
              <span className="font-mono">
                {callback.amount === null ? '—' : formatAmount(callback.amount)}
              </span>
            ),
          },
          {
            header: 'Phone / receipt',
            cell: (callback) => (
              <>
                <span className="block">{callback.phone ?? '—'}</span>
                <span className="font-mono text-xs break-all text-muted">{callback.receipt ?? ''}</span>
              </>
            ),
          },
          {
            header: 'Body',
            cell: (callback) => (
              <details>
                <summary className="cursor-pointer text-sm text-accent">As received</summary>
                <pre className="mt-2 max-h-56 overflow-auto rounded-lg bg-ink p-2 font-mono text-xs whitespace-pre-wrap break-all">
                  {JSON.stringify(JSON.parse(callback.body), null, 2)}
                </pre>
              </details>
            ),
          },
          {
            header: 'Action',
            cell: (callback) =>
              callback.canCreditPlayer ? (
                <Button className="h-10" onClick={() => setCrediting(callback)}>
                  Credit to a player
                </Button>
              ) : callback.intentId ? (
                <Link to={`/ops/payments/${callback.intentId}`} className="text-sm text-accent">
                  Its payment
                </Link>
              ) : (
                <span className="text-sm text-muted">—</span>
              ),
          },
        ]}
      />
      {crediting ? (
        <CreditDialog
          callback={crediting}
          onDone={() => queryClient.invalidateQueries({ queryKey: opsKeys.money.all() })}
          onClose={() => setCrediting(null)}
        />
      ) : null}
    </>
  );
}
