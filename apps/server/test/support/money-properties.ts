import { sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db.ts';
import { ledgerViolations } from './attack-ledger.ts';
import { intentEntryMismatches } from './intent-entries.ts';

type Row = Record<string, unknown>;
const rows = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const cents = (value: unknown) => BigInt(String(value ?? 0));

/**
 * Each payment paid once or not at all, judged against the providers' own tables: every STK Push
 * the sandbox took and every carrier charge it made is one completed intent of that amount and
 * nothing else completed; no payout paid twice for one OriginatorConversationID, and paid exactly
 * when its intent completed; every card charge paid exactly when its intent completed; each refund
 * to the card asked of the gateway once, processed exactly when its intent completed.
 */
export async function paidOnceProblems(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const row of await rows(
    db,
    sql`select s.id, s.amount * 100 as paid, s.result_code, i.id as intent, i.status, i.amount_cents
        from sandbox_daraja_transactions s left join payment_intents i on i.checkout_request_id = s.id
        where s.kind = 'stk'`,
  )) {
    const paid = Number(row.result_code) === 0 ? cents(row.paid) : 0n;
    const credited = row.status === 'COMPLETED' ? cents(row.amount_cents) : 0n;
    if (paid !== credited)
      found.push(`STK ${row.id}: M-Pesa took ${paid}, intent ${row.intent} ${row.status} got ${credited}`);
  }
  for (const row of await rows(
    db,
    sql`select i.id, i.type, i.status, i.amount_cents,
          count(s.id) filter (where s.result_code = 0) as payouts,
          coalesce(sum(s.amount * 100) filter (where s.result_code = 0), 0) as paid
        from payment_intents i left join sandbox_daraja_transactions s
          on s.kind = 'b2c' and s.request_id = i.originator_conversation_id
        where i.originator_conversation_id is not null group by i.id`,
  )) {
    const payouts = Number(row.payouts);
    if (payouts > 1) found.push(`${row.type} ${row.id}: paid out ${payouts} times by M-Pesa`);
    const expected = row.status === 'COMPLETED' ? cents(row.amount_cents) : 0n;
    if (cents(row.paid) !== expected)
      found.push(
        `${row.status} ${row.type} ${row.id}: M-Pesa paid out ${row.paid}, the ledger says ${expected}`,
      );
  }
  for (const row of await rows(
    db,
    sql`select s.request_id from sandbox_daraja_transactions s where s.kind = 'b2c' and s.result_code = 0
        and not exists (select 1 from payment_intents i where i.originator_conversation_id = s.request_id)`,
  )) {
    found.push(`M-Pesa paid out ${row.request_id}, which no withdrawal or refund sent`);
  }
  for (const row of await rows(
    db,
    sql`select i.id, i.type, i.status, i.method_code, i.amount_cents,
          (select count(*) from sandbox_daraja_transactions s
            where s.kind = 'stk' and s.id = i.checkout_request_id and s.result_code = 0) as stk,
          (select coalesce(sum(c.amount), 0) from sandbox_paystack_transactions c
            where c.reference = i.id::text and c.status in ('success', 'reversed')) as card,
          (select coalesce(sum(a.amount), 0) * 100 from sandbox_airtime_charges a
            where a.reference = i.id::text and a.result_code = 0) as airtime
        from payment_intents i where i.type in ('TOPUP', 'BOOST', 'SUBSCRIPTION')`,
  )) {
    const expected = row.status === 'COMPLETED' ? cents(row.amount_cents) : 0n;
    const paid =
      row.method_code === 'MPESA'
        ? cents(row.amount_cents) * cents(row.stk)
        : row.method_code === 'CARD'
          ? cents(row.card)
          : row.method_code === 'SAFARICOM_CREDIT'
            ? cents(row.airtime)
            : expected;
    if (paid !== expected)
      found.push(
        `${row.status} ${row.type} ${row.id} by ${row.method_code}: the provider took ${paid}, the ledger says ${expected}`,
      );
  }
  for (const row of await rows(
    db,
    sql`select i.id, i.status, i.amount_cents, count(r.id) as asked,
          count(r.id) filter (where r.status = 'processed') as processed,
          coalesce(sum(r.amount) filter (where r.status = 'processed'), 0) as refunded
        from payment_intents i left join sandbox_paystack_refunds r on r.merchant_note = i.id::text
        where i.type = 'REFUND' and i.method_code = 'CARD' group by i.id`,
  )) {
    if (Number(row.asked) > 1)
      found.push(`card refund ${row.id} was asked of the gateway ${row.asked} times`);
    const expected = row.status === 'COMPLETED' ? cents(row.amount_cents) : 0n;
    if (cents(row.refunded) !== expected)
      found.push(
        `${row.status} card refund ${row.id}: the gateway gave back ${row.refunded}, the ledger says ${expected}`,
      );
  }
  for (const row of await rows(
    db,
    sql`select c.reference, c.amount, coalesce(sum(r.amount) filter (where r.status = 'processed'), 0) as refunded
        from sandbox_paystack_transactions c join sandbox_paystack_refunds r on r.transaction_id = c.id
        group by c.reference, c.amount having coalesce(sum(r.amount) filter (where r.status = 'processed'), 0) > c.amount`,
  )) {
    found.push(`card payment ${row.reference} of ${row.amount} was refunded ${row.refunded}`);
  }
  return found;
}

/**
 * The books: every entry balanced and each intent's entries those of its status (no payment both
 * completed and reversed), and the system accounts what the providers say: each clearing account
 * holds what left through it less what came in (its provider's own records), PENDING_PAYOUTS what
 * open payouts hold back.
 */
export async function ledgerProblems(db: Db): Promise<string[]> {
  const found = [...(await ledgerViolations(db)), ...(await intentEntryMismatches(db))];
  const [providers] = await rows(
    db,
    sql`select
          (select coalesce(sum(amount) filter (where kind = 'b2c' and result_code = 0), 0)
            - coalesce(sum(amount) filter (where kind = 'stk' and result_code = 0), 0)
            from sandbox_daraja_transactions) * 100 as mpesa,
          (select coalesce(sum(amount), 0) from sandbox_paystack_refunds where status = 'processed')
            - (select coalesce(sum(amount), 0) from sandbox_paystack_transactions where status in ('success', 'reversed'))
            as card,
          -(select coalesce(sum(amount), 0) from sandbox_airtime_charges where result_code = 0) * 100 as airtime,
          (select coalesce(sum(amount_cents + fee_cents), 0) from payment_intents
            where status in ('PENDING', 'IN_PROGRESS')
              and (type = 'WITHDRAWAL' or (type = 'REFUND' and method_code in ('MPESA', 'CARD')))) as pending`,
  );
  const expected: Record<string, bigint> = {
    MPESA_CLEARING: cents(providers?.mpesa),
    CARD_CLEARING: cents(providers?.card),
    AIRTIME_CLEARING: cents(providers?.airtime),
    PENDING_PAYOUTS: cents(providers?.pending),
  };
  const held = new Map(
    (
      await rows(
        db,
        sql`select a.code, coalesce(sum(p.amount), 0) as total from ledger_accounts a
            left join postings p on p.account_id = a.id where a.kind <> 'WALLET' group by a.code`,
      )
    ).map((row) => [String(row.code), cents(row.total)]),
  );
  for (const [code, amount] of Object.entries(expected)) {
    const total = held.get(code) ?? 0n;
    if (total !== amount) found.push(`${code} holds ${total}, its provider's records say ${amount}`);
  }
  return found;
}
