import type { ReconciliationLine } from '@playon/shared/ops-money';
import type { IntentRow } from '../intents/repo.ts';
import type { ConsolePayments } from './payments-repo.ts';

const PUT_BACK = new Set(['ERROR', 'CANCELLED']);

/**
 * The card gateway's refunds that no entry of the day settled, told apart (ADR 0069): each is named
 * by the refund intent it belongs to, found by the gateway's refund id we kept or by its merchant
 * note (our refund's id); one whose intent failed is `reversed-in-ledger`, its money put back in
 * the ledger while the gateway gave it to the card. Others stay `provider-only` (processed there,
 * not settled here yet, or not ours).
 */
export function createCardRefundLines(payments: Pick<ConsolePayments, 'cardRefundsNamed'>) {
  return async function explain(lines: ReconciliationLine[]): Promise<ReconciliationLine[]> {
    const unsettled = lines.filter((line) => line.difference === 'provider-only' && line.direction === 'OUT');
    if (unsettled.length === 0) return lines;
    const refunds = await payments.cardRefundsNamed(
      unsettled.flatMap((line) => (line.intentId ? [line.intentId] : [])),
      unsettled.flatMap((line) => (line.reference ? [line.reference] : [])),
    );
    const byKeptId = new Map(refunds.flatMap((row) => (row.cardRefundId ? [[row.cardRefundId, row]] : [])));
    const byId = new Map(refunds.map((row) => [row.id, row]));
    const intentOf = (line: ReconciliationLine): IntentRow | undefined => {
      const kept = line.reference ? byKeptId.get(line.reference) : undefined;
      if (kept) return kept;
      const noted = line.intentId ? byId.get(line.intentId) : undefined;
      // A note naming a refund that kept another gateway refund's id is not that refund.
      return noted && (noted.cardRefundId === null || noted.cardRefundId === line.reference)
        ? noted
        : undefined;
    };
    return lines.map((line) => {
      if (!unsettled.includes(line)) return line;
      const intent = intentOf(line);
      if (!intent) return { ...line, intentId: null };
      return {
        ...line,
        intentId: intent.id,
        difference: PUT_BACK.has(intent.status) ? 'reversed-in-ledger' : 'provider-only',
      };
    });
  };
}
