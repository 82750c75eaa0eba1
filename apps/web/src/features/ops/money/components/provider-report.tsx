import { formatAmount } from '@playon/shared/format';
import type { differenceKinds, ProviderReport, ReconciliationLine } from '@playon/shared/ops-money';
import { formatWhen } from '../../components/format';
import { withKeys } from './unique-keys';

const names: Record<ProviderReport['provider'], string> = {
  MPESA: 'M-Pesa',
  CARD: 'Card',
  AIRTIME: 'Airtime',
};
const differenceLabels: Record<(typeof differenceKinds)[number], string> = {
  'provider-only': 'Provider only',
  'ledger-only': 'Ledger only',
  'amount-differs': 'Amounts differ',
  'reversed-in-ledger': 'Refunded, and put back in the ledger',
  matched: 'Matched',
};
/** What a difference means where its label alone does not say. */
const differenceHints: Partial<Record<(typeof differenceKinds)[number], string>> = {
  'reversed-in-ledger':
    'The provider paid this refund out, yet the ledger failed it and put the money back: it was given twice.',
};

/** Money out through the card gateway is a refund to the card (ADR 0069). */
const directionOf = (line: ReconciliationLine) =>
  line.direction === 'IN' ? 'in' : line.provider === 'CARD' ? 'refund to the card' : 'out';

const kes = (amount: number | null) => (amount === null ? '—' : formatAmount(amount));

/** One provider's day: its figures beside the ledger's, and every difference. */
export function ProviderReportCard({ report }: { report: ProviderReport }) {
  const totals: [string, number, number][] = [
    ['Received', report.providerIn, report.ledgerIn],
    [report.provider === 'CARD' ? 'Refunded' : 'Paid out', report.providerOut, report.ledgerOut],
  ];
  return (
    <article className="flex flex-col gap-3 rounded-xl bg-surface p-4 ring-1 ring-line">
      <header className="flex flex-wrap items-baseline gap-2">
        <h2 className="text-lg font-bold">{names[report.provider]}</h2>
        <span className="text-sm text-muted">from {report.source}</span>
      </header>
      {report.note ? (
        <p role="status" className="rounded-lg bg-raised p-3 text-sm">
          {report.note}
        </p>
      ) : null}
      <table className="w-full text-left text-sm">
        <thead className="text-muted">
          <tr>
            <th className="py-1 font-medium">KES</th>
            <th className="py-1 text-right font-medium">Provider</th>
            <th className="py-1 text-right font-medium">Ledger</th>
          </tr>
        </thead>
        <tbody>
          {totals.map(([label, provider, ledger]) => (
            <tr key={label} className="border-t border-line">
              <td className="py-1.5">{label}</td>
              <td className="py-1.5 text-right font-mono">
                {report.available ? formatAmount(provider) : '—'}
              </td>
              <td
                className={`py-1.5 text-right font-mono ${report.available && provider !== ledger ? 'text-danger' : ''}`}
              >
                {formatAmount(ledger)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-muted">
        {report.matched} matched · {report.differences.length} difference
        {report.differences.length === 1 ? '' : 's'}
      </p>
      {report.differences.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {withKeys(report.differences, (line) => `${line.reference}|${line.intentId}|${line.at}`).map(
            ({ key, item: line }) => (
              <li key={key} className="flex flex-wrap gap-x-4 gap-y-1 rounded-lg bg-raised p-3 text-sm">
                <span className="font-semibold text-danger">{differenceLabels[line.difference]}</span>
                <span>{directionOf(line)}</span>
                <span className="font-mono">
                  provider {kes(line.providerAmount)} · ledger {kes(line.ledgerAmount)}
                </span>
                <span className="text-muted">{formatWhen(line.at)}</span>
                {differenceHints[line.difference] ? (
                  <span className="w-full">{differenceHints[line.difference]}</span>
                ) : null}
                <span className="w-full font-mono text-xs break-all text-muted">
                  {[line.reference, line.phone, line.intentId].filter(Boolean).join(' · ')}
                </span>
              </li>
            ),
          )}
        </ul>
      ) : null}
    </article>
  );
}
