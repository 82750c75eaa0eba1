// How often the rush met Daraja's realistic behaviour (docs/mpesa-sandbox.md), and that each was
// handled: an STK Push refused by spike arrest ended its payment at once, the player told why (the
// money checks prove nothing moved); callbacks slower than reconciliation's first look; payouts to
// the phones whose answers are lost or queued, each settled.
import type pg from 'pg';
import { paymentMessages } from '../../apps/server/src/modules/payments/messages.ts';
import type { IntentRow } from './checks-money.ts';
import type { ClientLog } from './client-log.ts';
import { isPayoutOnItsWay } from './options.ts';
import type { SandboxTransaction } from './sandbox-records.ts';
import { RECONCILE_AFTER_MS } from './stack.ts';

const SPIKE_ARREST_CODE = '500.003.02';

export interface DarajaBehaviour {
  /** STK Pushes Daraja refused with 500.003.02: payments that ended at once. */
  spikeArrested: number;
  /** STK callbacks that came after reconciliation's first look (which heard "being processed"). */
  slowCallbacks: number;
  /** Withdrawals to a "Payouts on their way" phone (one still open is a problem of the money checks). */
  payoutsOnTheirWay: number;
  problems: string[];
}

const few = (ids: string[]) => ids.slice(0, 3).join(', ') + (ids.length > 3 ? ', ...' : '');

export async function checkDarajaBehaviour(
  client: pg.Client,
  log: ClientLog | undefined,
  intents: IntentRow[],
  sandbox: SandboxTransaction[],
): Promise<DarajaBehaviour> {
  const problems: string[] = [];
  const { rows } = await client.query<{ intent_id: string }>(
    `select distinct intent_id::text from payment_events
     where operation = 'stk-push' and kind = 'answer' and (body::jsonb)->>'code' = $1`,
    [SPIKE_ARREST_CODE],
  );
  const arrested = new Set(rows.map((row) => row.intent_id));
  const byId = new Map(intents.map((intent) => [intent.id, intent]));
  const notEnded = [...arrested].filter((id) => byId.get(id)?.status !== 'ERROR');
  if (notEnded.length)
    problems.push(
      `${notEnded.length} payments refused by spike arrest did not end in ERROR: ${few(notEnded)}`,
    );
  const untold = (log?.payments ?? [])
    .filter((payment) => payment.intentId && arrested.has(payment.intentId))
    .filter((payment) => payment.lastStatus !== 'ERROR' || payment.lastMessage !== paymentMessages.mpesaBusy)
    .map((payment) => `${payment.kind} ${payment.intentId} (${payment.lastStatus})`);
  if (untold.length)
    problems.push(
      `${untold.length} players were not told M-Pesa was busy when spike arrest refused their payment: ${few(untold)}`,
    );

  const slowCallbacks = sandbox.filter(
    (t) => t.kind === 'stk' && t.callbackSent && t.decidedAfterMs > RECONCILE_AFTER_MS,
  ).length;
  return {
    spikeArrested: arrested.size,
    slowCallbacks,
    payoutsOnTheirWay: intents.filter((i) => i.type === 'WITHDRAWAL' && isPayoutOnItsWay(i.phone)).length,
    problems,
  };
}
