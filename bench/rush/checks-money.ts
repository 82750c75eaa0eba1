// Money, to the cent, against the sandbox's own records: each STK payment the sandbox completed is
// credited once to the right wallet, each B2C payout it made matches one settled withdrawal, nothing
// is credited without a payment behind it, and the ledger keeps its invariants (balanced entries,
// balances equal to their postings, no wallet below zero, the whole ledger summing to zero).
import type pg from 'pg';
import { createWalletService } from '../../apps/server/src/modules/wallet/service.ts';
import { openDatabase } from '../../apps/server/src/platform/db.ts';
import type { SandboxTransaction } from './sandbox-records.ts';

export interface MoneyFindings {
  lostCents: bigint;
  createdCents: bigint;
  problems: string[];
}

export interface IntentRow {
  id: string;
  type: string;
  method: string;
  status: string;
  walletUid: string;
  playerUid: string;
  amountCents: bigint;
  feeCents: bigint;
  phone: string | null;
  checkoutRequestId: string | null;
  originatorConversationId: string | null;
  entries: string[];
}

export async function readIntents(client: pg.Client): Promise<IntentRow[]> {
  const { rows } = await client.query(`
    select i.id, i.type, i.method_code, i.status, i.wallet_uid, i.player_uid, i.amount_cents::text,
      i.fee_cents::text, i.phone, i.checkout_request_id, i.originator_conversation_id,
      coalesce(array_agg(e.kind) filter (where e.kind is not null), '{}') as entries
    from payment_intents i left join journal_entries e on e.intent_id = i.id group by i.id`);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    method: row.method_code,
    status: row.status,
    walletUid: row.wallet_uid,
    playerUid: row.player_uid,
    amountCents: BigInt(row.amount_cents),
    feeCents: BigInt(row.fee_cents),
    phone: row.phone,
    checkoutRequestId: row.checkout_request_id,
    originatorConversationId: row.originator_conversation_id,
    entries: row.entries,
  }));
}

const few = (ids: string[]) => ids.slice(0, 3).join(', ') + (ids.length > 3 ? ', ...' : '');
const kes = (cents: bigint) => `KES ${(Number(cents) / 100).toFixed(2)}`;
/** The entry a completed payment in posts (a top-up, a boost, a subscription). */
const creditEntry: Record<string, string> = { TOPUP: 'TOPUP', BOOST: 'BOOST', SUBSCRIPTION: 'SUBSCRIPTION' };

/** Groups failures of one kind into one sentence with their count, sum and a few ids. */
function collect() {
  const groups = new Map<string, { ids: string[]; cents: bigint }>();
  return {
    add(sentence: string, id: string, cents = 0n) {
      const group = groups.get(sentence) ?? { ids: [], cents: 0n };
      group.ids.push(id);
      group.cents += cents;
      groups.set(sentence, group);
    },
    sentences: () =>
      [...groups].map(
        ([sentence, { ids, cents }]) =>
          `${ids.length} ${sentence}${cents ? ` (${kes(cents)})` : ''}: ${few(ids)}`,
      ),
  };
}

function checkPaymentsIn(
  intents: IntentRow[],
  sandbox: SandboxTransaction[],
  matchedCallbacks: Map<string, string>,
  found: ReturnType<typeof collect>,
) {
  let lost = 0n;
  let created = 0n;
  const byId = new Map(intents.map((i) => [i.id, i]));
  const byCheckout = new Map(intents.filter((i) => i.checkoutRequestId).map((i) => [i.checkoutRequestId, i]));
  // A callback for a push whose answer we lost was matched to its intent by phone and amount.
  for (const [checkoutId, intentId] of matchedCallbacks) {
    const intent = byId.get(intentId);
    if (intent && !byCheckout.has(checkoutId)) byCheckout.set(checkoutId, intent);
  }
  const backed = new Set<string>();
  for (const paid of sandbox.filter((t) => t.kind === 'stk' && t.resultCode === 0 && t.isDecided)) {
    const intent = byCheckout.get(paid.id);
    if (!intent) {
      lost += paid.amountCents;
      found.add('M-Pesa payments the sandbox completed match no PlayOn payment', paid.id, paid.amountCents);
      continue;
    }
    backed.add(intent.id);
    const entry = creditEntry[intent.type];
    if (intent.status !== 'COMPLETED' || !entry || !intent.entries.includes(entry)) {
      lost += paid.amountCents;
      found.add(
        `M-Pesa payments the sandbox completed were not credited (still ${intent.status})`,
        intent.id,
        paid.amountCents,
      );
    } else if (intent.amountCents !== paid.amountCents || intent.phone !== paid.phone) {
      found.add(
        'M-Pesa payments were credited with another amount or phone than the sandbox charged',
        intent.id,
      );
    }
  }
  for (const intent of intents.filter((i) => i.method === 'MPESA' && creditEntry[i.type])) {
    const hasCredit = intent.entries.includes(creditEntry[intent.type] as string);
    if ((intent.status === 'COMPLETED' || hasCredit) && !backed.has(intent.id)) {
      created += intent.amountCents;
      found.add(
        'M-Pesa payments were credited without a payment the sandbox completed',
        intent.id,
        intent.amountCents,
      );
    }
  }
  return { lost, created };
}

function checkPayouts(
  intents: IntentRow[],
  sandbox: SandboxTransaction[],
  found: ReturnType<typeof collect>,
) {
  let lost = 0n;
  let created = 0n;
  const paidByOriginator = new Map<string, SandboxTransaction[]>();
  for (const payout of sandbox.filter((t) => t.kind === 'b2c' && t.resultCode === 0 && t.isDecided)) {
    paidByOriginator.set(payout.requestId, [...(paidByOriginator.get(payout.requestId) ?? []), payout]);
  }
  const withdrawals = intents.filter((i) => i.type === 'WITHDRAWAL');
  const known = new Set(withdrawals.map((i) => i.originatorConversationId));
  for (const [originator, payouts] of paidByOriginator) {
    if (known.has(originator) || intents.some((i) => i.originatorConversationId === originator)) continue;
    for (const payout of payouts) {
      created += payout.amountCents;
      found.add('B2C payouts the sandbox paid match no withdrawal', payout.id, payout.amountCents);
    }
  }
  for (const intent of withdrawals) {
    const paid = paidByOriginator.get(intent.originatorConversationId ?? '') ?? [];
    const debited = intent.amountCents + intent.feeCents;
    if (paid.length > 1) {
      created += intent.amountCents * BigInt(paid.length - 1);
      found.add('withdrawals were paid out more than once', intent.id, intent.amountCents);
    }
    if (intent.status === 'COMPLETED' && paid.length === 0) {
      lost += debited;
      found.add('withdrawals were settled without a payout the sandbox paid', intent.id, debited);
    } else if (intent.status === 'ERROR' || intent.status === 'CANCELLED') {
      if (paid.length > 0) {
        created += intent.amountCents;
        found.add(
          'withdrawals were paid out and also given back to the wallet',
          intent.id,
          intent.amountCents,
        );
      } else if (!intent.entries.includes('WITHDRAWAL_REVERSAL')) {
        lost += debited;
        found.add('failed withdrawals were neither paid nor given back', intent.id, debited);
      }
    } else if (intent.status !== 'COMPLETED') {
      found.add(`withdrawals are still open (${intent.status}, their money reserved)`, intent.id, debited);
    }
  }
  return { lost, created };
}

/** The ledger's own invariants, as apps/server/test/support/ledger-audit.ts holds them in tests. */
async function checkLedger(databaseUrl: string, found: ReturnType<typeof collect>) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolMax: 2 });
  try {
    const { accounts, unbalanced } = await createWalletService(database.db).audit();
    let created = 0n;
    for (const entry of unbalanced) {
      const total = BigInt(entry.total);
      created += total < 0n ? -total : total;
      found.add('ledger entries do not sum to zero', entry.entryId, total < 0n ? -total : total);
    }
    // System accounts keep no running balance; a wallet's must equal its postings.
    for (const account of accounts.filter((a) => a.kind === 'WALLET')) {
      if (BigInt(account.balance) !== account.postingsSum)
        found.add('wallets hold another balance than their postings sum to', account.ownerUid ?? account.id);
      if (BigInt(account.balance) < 0n) found.add('wallets are below zero', account.ownerUid ?? account.id);
    }
    const total = accounts.reduce((sum, account) => sum + account.postingsSum, 0n);
    if (total !== 0n) {
      created += total < 0n ? -total : total;
      found.add('times the whole ledger did not sum to zero', `sum ${total}`);
    }
    return created;
  } finally {
    await database.close();
  }
}

export async function checkMoney(
  client: pg.Client,
  databaseUrl: string,
  intents: IntentRow[],
  sandbox: SandboxTransaction[],
): Promise<MoneyFindings> {
  const found = collect();
  const { rows: kept } = await client.query<{
    checkout_request_id: string;
    intent_id: string | null;
    status: string;
  }>(`select checkout_request_id, intent_id, status from unmatched_mpesa_callbacks where kind = 'stk'`);
  const matched = new Map(
    kept
      .filter((row) => row.status === 'MATCHED' && row.intent_id)
      .map((row) => [row.checkout_request_id, row.intent_id as string]),
  );
  for (const row of kept.filter((row) => row.status !== 'MATCHED'))
    found.add(`M-Pesa callbacks are kept unmatched (${row.status})`, row.checkout_request_id);
  const paymentsIn = checkPaymentsIn(intents, sandbox, matched, found);
  const payouts = checkPayouts(intents, sandbox, found);
  const ledgerCreated = await checkLedger(databaseUrl, found);
  return {
    lostCents: paymentsIn.lost + payouts.lost,
    createdCents: paymentsIn.created + payouts.created + ledgerCreated,
    problems: found.sentences(),
  };
}
