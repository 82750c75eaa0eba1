import { sql } from 'drizzle-orm';
import { isFinal } from '../../src/modules/payments/intents/states.ts';
import type { Db } from '../../src/platform/db.ts';

interface IntentWithEntries {
  id: string;
  type: string;
  method: string;
  status: string;
  entries: string[];
}

/**
 * The journal entries an intent must have in its status (intents/postings.ts): money in (top-up,
 * boost, subscription) posts its one entry when it completes and nothing before or on failure; a
 * payout reserves when asked for, then settles or is reversed; a refund posts at once and, sent by
 * M-Pesa or to the card, settles like a payout or is put back.
 */
function expectedEntries({ type, method, status }: IntentWithEntries): string[] | undefined {
  const open = !isFinal(status);
  switch (type) {
    case 'TOPUP':
    case 'BOOST':
    case 'SUBSCRIPTION':
      return status === 'COMPLETED' ? [type] : [];
    case 'WITHDRAWAL':
      if (open) return ['WITHDRAWAL_RESERVE'];
      return ['WITHDRAWAL_RESERVE', status === 'COMPLETED' ? 'WITHDRAWAL_SETTLE' : 'WITHDRAWAL_REVERSAL'];
    case 'REFUND':
      if ((method !== 'MPESA' && method !== 'CARD') || open) return ['REFUND'];
      if (status !== 'COMPLETED') return ['REFUND', 'REFUND_REVERSAL'];
      return ['REFUND', method === 'CARD' ? 'REFUND_SETTLE' : 'WITHDRAWAL_SETTLE'];
    default:
      return undefined;
  }
}

/** Payment intents whose ledger entries do not fit their status, each a sentence; empty when all do. */
export async function intentEntryMismatches(db: Db): Promise<string[]> {
  const { rows } = (await db.execute(sql`
    select i.id, i.type, i.method_code as method, i.status,
      coalesce(array_agg(e.kind order by e.kind) filter (where e.kind is not null), '{}') as entries
    from payment_intents i left join journal_entries e on e.intent_id = i.id
    group by i.id`)) as unknown as { rows: IntentWithEntries[] };
  const found: string[] = [];
  for (const intent of rows) {
    const expected = expectedEntries(intent)?.sort();
    if (!expected) {
      found.push(`intent ${intent.id} has a type no rule covers: ${intent.type}`);
    } else if (expected.join() !== intent.entries.join()) {
      found.push(
        `${intent.status} ${intent.type} ${intent.id} (${intent.method}) has entries [${intent.entries.join(', ')}], not [${expected.join(', ')}]`,
      );
    }
  }
  return found;
}
