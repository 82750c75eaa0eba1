import { sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db.ts';

type Row = Record<string, unknown>;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const cents = (value: unknown) => BigInt(String(value ?? 0));

/** Callbacks the M-Pesa sandbox still has to send (claimed ones count as sent). */
export async function callbacksOwed(db: Db): Promise<number> {
  const [row] = await rows(
    db,
    sql`select count(*)::int as owed from sandbox_daraja_transactions where deliveries > 0 and callback_sent_at is null`,
  );
  return Number(row?.owed ?? 0);
}

/** Broken ledger rules, each a sentence; empty when the books are sound. */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const row of await rows(
    db,
    sql`select entry_id, sum(amount) as total from postings group by entry_id having sum(amount) <> 0`,
  )) {
    found.push(`journal entry ${row.entry_id} does not balance: its postings sum to ${row.total}`);
  }
  // Wallets keep their balance as a cache of their postings (system accounts are only summed).
  for (const row of await rows(
    db,
    sql`select a.id, a.balance, coalesce(sum(p.amount), 0) as posted from ledger_accounts a
        left join postings p on p.account_id = a.id where a.kind = 'WALLET' group by a.id, a.balance
        having a.balance <> coalesce(sum(p.amount), 0)`,
  )) {
    found.push(`wallet ${row.id} holds ${row.balance} but its postings sum to ${row.posted}`);
  }
  for (const row of await rows(
    db,
    sql`select id, balance from ledger_accounts where kind = 'WALLET' and balance < 0`,
  )) {
    found.push(`wallet ${row.id} is below zero: ${row.balance}`);
  }
  const [total] = await rows(db, sql`select coalesce(sum(amount), 0) as total from postings`);
  if (cents(total?.total) !== 0n) found.push(`all postings together sum to ${total?.total}, not 0`);
  return found;
}

/**
 * Shillings lost or created, in cents, judged against what the M-Pesa sandbox recorded in its own
 * table: every STK payment the sandbox took succeeded in exactly one completed top-up of that amount,
 * every B2C payment it made in exactly one completed withdrawal, and nothing else completed. Each
 * wallet then holds its completed top-ups less its completed withdrawals and their fees.
 */
export async function moneyAgainstSandbox(db: Db) {
  let lost = 0n;
  let created = 0n;
  const problems: string[] = [];
  const stk = await rows(
    db,
    sql`select s.id, s.amount, s.result_code, i.id as intent, i.status, i.amount_cents
        from sandbox_daraja_transactions s left join payment_intents i on i.checkout_request_id = s.id
        where s.kind = 'stk'`,
  );
  for (const row of stk) {
    const paid = Number(row.result_code) === 0 ? BigInt(Number(row.amount) * 100) : 0n;
    const credited = row.status === 'COMPLETED' ? cents(row.amount_cents) : 0n;
    if (paid > credited) lost += paid - credited;
    if (credited > paid) created += credited - paid;
    if (paid !== credited) problems.push(`STK ${row.id}: M-Pesa took ${paid}, the wallet got ${credited}`);
  }
  const b2c = await rows(
    db,
    sql`select s.id, s.amount, s.result_code, i.id as intent, i.status, i.amount_cents
        from sandbox_daraja_transactions s left join payment_intents i on i.originator_conversation_id = s.request_id
        where s.kind = 'b2c'`,
  );
  for (const row of b2c) {
    const paidOut = Number(row.result_code) === 0 ? BigInt(Number(row.amount) * 100) : 0n;
    const debited = row.status === 'COMPLETED' ? cents(row.amount_cents) : 0n;
    if (paidOut > debited) created += paidOut - debited;
    if (debited > paidOut) lost += debited - paidOut;
    if (paidOut !== debited)
      problems.push(`B2C ${row.id}: M-Pesa paid out ${paidOut}, the wallet gave ${debited}`);
  }
  const unmatched = await rows(
    db,
    sql`select i.id, i.type, i.amount_cents from payment_intents i
        where i.status = 'COMPLETED' and i.method_code = 'MPESA' and not exists (
          select 1 from sandbox_daraja_transactions s
          where s.result_code = 0 and (s.id = i.checkout_request_id or s.request_id = i.originator_conversation_id))`,
  );
  for (const row of unmatched) {
    if (row.type === 'WITHDRAWAL') lost += cents(row.amount_cents);
    else created += cents(row.amount_cents);
    problems.push(`intent ${row.id} (${row.type}) completed with no M-Pesa payment behind it`);
  }
  const wallets = await rows(
    db,
    sql`select a.owner_uid, a.balance,
          coalesce(sum(case when i.type = 'TOPUP' and i.status = 'COMPLETED' then i.amount_cents else 0 end), 0)
          - coalesce(sum(case when i.type = 'WITHDRAWAL' and i.status = 'COMPLETED' then i.amount_cents + i.fee_cents else 0 end), 0)
            as expected
        from ledger_accounts a left join payment_intents i on i.wallet_uid = a.owner_uid
        where a.kind = 'WALLET' group by a.owner_uid, a.balance`,
  );
  for (const row of wallets) {
    const difference = cents(row.balance) - cents(row.expected);
    if (difference > 0n) created += difference;
    if (difference < 0n) lost -= difference;
    if (difference !== 0n) {
      problems.push(
        `wallet of ${row.owner_uid} holds ${row.balance}, its completed payments say ${row.expected}`,
      );
    }
  }
  return { lostCents: lost, createdCents: created, problems };
}
