// What the M-Pesa sandbox charged and paid, from its own records: the sandbox process's PGlite data
// directory once that process stopped (`<sandboxDataDir>/db`, as a server's DATA_DIR holds its
// database), or, for a server running its sandbox in-process, the same table in its own database.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export interface SandboxTransaction {
  /** STK: CheckoutRequestID. B2C: ConversationID. */
  id: string;
  kind: 'stk' | 'b2c';
  /** STK: MerchantRequestID. B2C: our OriginatorConversationID. */
  requestId: string;
  phone: string;
  amountCents: bigint;
  resultCode: number;
  /** The customer answered (or the payout was decided) before the sandbox stopped. */
  isDecided: boolean;
  callbackSent: boolean;
  /** From the request to the outcome (an STK callback's delay), on the sandbox's clock. */
  decidedAfterMs: number;
}

const QUERY = `select id, kind, request_id, phone, amount, result_code,
  completes_at <= now() as is_decided, callback_sent_at is not null as callback_sent,
  (extract(epoch from completes_at - created_at) * 1000)::float8 as decided_after_ms
  from sandbox_daraja_transactions`;

interface Row {
  id: string;
  kind: 'stk' | 'b2c';
  request_id: string;
  phone: string;
  amount: number;
  result_code: number;
  is_decided: boolean;
  callback_sent: boolean;
  decided_after_ms: number;
}

const toTransaction = (row: Row): SandboxTransaction => ({
  id: row.id,
  kind: row.kind,
  requestId: row.request_id,
  phone: row.phone,
  amountCents: BigInt(row.amount) * 100n,
  resultCode: row.result_code,
  isDecided: row.is_decided,
  callbackSent: row.callback_sent,
  decidedAfterMs: Number(row.decided_after_ms),
});

/** The sandbox's transactions, and where they were read from (for the report). */
export async function readSandboxRecords(
  sandboxDataDir: string,
  playon: pg.Client,
): Promise<{ transactions: SandboxTransaction[]; source: string }> {
  const dir = [join(sandboxDataDir, 'db'), sandboxDataDir].find((candidate) =>
    existsSync(join(candidate, 'PG_VERSION')),
  );
  if (dir) {
    const sandbox = new PGlite(dir);
    try {
      const { rows } = await sandbox.query<Row>(QUERY);
      return { transactions: rows.map(toTransaction), source: dir };
    } finally {
      await sandbox.close();
    }
  }
  const { rows } = await playon.query<Row>(QUERY);
  return { transactions: rows.map(toTransaction), source: 'the PlayOn database (in-process sandbox)' };
}
