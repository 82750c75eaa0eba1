import { formatAmount } from '@playon/shared/format';
import type { TimelineItem } from '@playon/shared/ops-money';
import { formatWhen } from '../../components/format';
import { withKeys } from './unique-keys';

const kindLabels: Record<TimelineItem['kind'], string> = {
  created: 'Created',
  'request-sent': 'Sent',
  answer: 'Answer',
  callback: 'Callback',
  job: 'Job',
  ledger: 'Ledger',
  status: 'Final',
};

const kindTones: Record<TimelineItem['kind'], string> = {
  created: 'bg-raised text-muted',
  'request-sent': 'bg-brand/20 text-text',
  answer: 'bg-brand/10 text-text',
  callback: 'bg-accent/15 text-accent',
  job: 'bg-raised text-muted',
  ledger: 'bg-ok/15 text-ok',
  status: 'bg-raised text-text',
};

/** A body as JSON laid out for reading, or as it came when it is not JSON. */
function pretty(body: string) {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** A payment's life, oldest first: what was sent and received, waiting jobs, ledger entries, the end. */
export function Timeline({ items }: { items: TimelineItem[] }) {
  return (
    <ol className="flex flex-col gap-3">
      {withKeys(items, (item) => `${item.at}|${item.kind}|${item.title}`).map(({ key, item }) => (
        <li key={key} className="rounded-xl bg-surface p-3 ring-1 ring-line">
          <div className="flex flex-wrap items-center gap-2">
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${kindTones[item.kind]}`}>
              {kindLabels[item.kind]}
            </span>
            <span className="min-w-0 flex-1 basis-40 font-medium break-words">{item.title}</span>
            <span className="basis-full text-xs text-muted sm:basis-auto">
              {formatWhen(item.at)}
              {item.provider ? ` · ${item.provider}` : ''}
            </span>
          </div>
          {item.postings ? (
            <table className="mt-2 w-full text-left text-sm">
              <tbody>
                {withKeys(
                  item.postings,
                  (posting) => `${posting.accountCode ?? posting.ownerUid}|${posting.amount}`,
                ).map(({ key, item: posting }) => (
                  <tr key={key} className="border-t border-line">
                    <td className="py-1 pr-3 break-all">
                      {posting.accountCode ?? `wallet ${posting.ownerUid ?? ''}`}
                    </td>
                    <td className="py-1 text-right font-mono whitespace-nowrap">
                      {posting.amount < 0 ? '−' : '+'}
                      {formatAmount(Math.abs(posting.amount))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {item.body ? (
            <details className="mt-2">
              <summary className="cursor-pointer text-sm text-accent">Body</summary>
              <pre className="mt-2 max-h-72 overflow-auto rounded-lg bg-ink p-3 font-mono text-xs whitespace-pre-wrap break-all">
                {pretty(item.body)}
              </pre>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
