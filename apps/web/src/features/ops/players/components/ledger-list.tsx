import type { LedgerEntry } from '@playon/shared/ops-players';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { ledgerQuery } from '../api/get-ledger';
import { signedKes } from './money';

const accountName = (posting: LedgerEntry['postings'][number], uid: string) =>
  posting.accountKind === 'WALLET'
    ? posting.ownerUid === uid
      ? 'This wallet'
      : `Wallet ${posting.ownerUid ?? ''}`
    : (posting.accountCode ?? posting.accountKind);

/** Every entry that moved the player's wallet, each with all of its postings (they sum to zero). */
export function LedgerList({ uid }: { uid: string }) {
  return (
    <PagedList<LedgerEntry>
      query={ledgerQuery(uid)}
      rowKey={(entry) => entry.id}
      searchLabel="Search by kind, description, entry or payment id"
      emptyText="No ledger entry for this wallet."
      columns={[
        { header: 'When', cell: (entry) => formatWhen(entry.createdAt) },
        {
          header: 'Entry',
          cell: (entry) => (
            <>
              <span className="block font-medium">{entry.kind}</span>
              <span className="text-xs text-muted">{entry.description}</span>
            </>
          ),
        },
        {
          header: 'Wallet (KES)',
          cell: (entry) => (
            <span className={`font-mono ${entry.walletAmount < 0 ? 'text-danger' : 'text-ok'}`}>
              {signedKes(entry.walletAmount)}
            </span>
          ),
        },
        {
          header: 'Postings (KES)',
          cell: (entry) => (
            <ul className="flex flex-col gap-0.5 text-xs">
              {entry.postings.map((posting, index) => (
                // Postings have no id on the wire; their order within an entry is fixed.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index} className="flex justify-between gap-3">
                  <span className="break-all text-muted">{accountName(posting, uid)}</span>
                  <span className="font-mono whitespace-nowrap">{signedKes(posting.amount)}</span>
                </li>
              ))}
            </ul>
          ),
        },
        {
          header: 'Payment',
          cell: (entry) => <span className="font-mono text-xs break-all">{entry.intentId ?? '—'}</span>,
        },
      ]}
    />
  );
}
