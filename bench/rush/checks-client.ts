// What the client did, held against what PlayOn kept: every payment it started is final (or why
// not), every score report counted once and on the boards, every chat message stored once, every
// durable job done once, and no honest player refused by a limit.
import type pg from 'pg';
import type { IntentRow } from './checks-money.ts';
import type { ClientLog } from './client-log.ts';
import type { ActionRecord } from './types.ts';

const few = (ids: string[]) => ids.slice(0, 3).join(', ') + (ids.length > 3 ? ', ...' : '');
const sentence = (problems: string[], ids: string[], text: string) => {
  if (ids.length > 0) problems.push(`${ids.length} ${text}: ${few(ids)}`);
};
const FINAL = new Set(['COMPLETED', 'ERROR', 'CANCELLED']);

export async function checkPaymentsFinal(client: pg.Client, log: ClientLog, intents: IntentRow[]) {
  const problems: string[] = [];
  const byId = new Map(intents.map((intent) => [intent.id, intent]));
  // A POST whose answer never came may still have made an intent: its key's stored answer names it.
  const { rows } = await client.query<{ player_uid: string; key: string; intent_id: string | null }>(
    `select player_uid, key, response->'payload'->>'id' as intent_id from idempotency_keys where player_uid = any($1)`,
    [[...new Set(log.payments.map((payment) => payment.uid))]],
  );
  const byKey = new Map(rows.map((row) => [`${row.player_uid} ${row.key}`, row.intent_id]));
  const open: string[] = [];
  const unanswered: string[] = [];
  const missing: string[] = [];
  for (const payment of log.payments) {
    const intentId = payment.intentId ?? byKey.get(`${payment.uid} ${payment.key}`) ?? undefined;
    if (!intentId) {
      if (!payment.failure?.startsWith('4'))
        unanswered.push(`${payment.kind} ${payment.key} (${payment.failure})`);
      continue;
    }
    const intent = byId.get(intentId);
    if (!intent) missing.push(intentId);
    else if (!FINAL.has(intent.status)) open.push(`${payment.kind} ${intent.id} ${intent.status}`);
  }
  sentence(problems, open, 'payments the client started are not final');
  sentence(problems, unanswered, 'payments the client started got no answer and made no intent');
  sentence(problems, missing, 'payments the client was answered for have no intent in the database');
  const refused = log.payments.filter((payment) => payment.failure?.startsWith('4'));
  sentence(
    problems,
    refused.map((payment) => `${payment.kind} ${payment.failure}`),
    'payments were refused',
  );
  return problems;
}

export async function checkRuns(client: pg.Client, log: ClientLog, tournamentId: number) {
  const problems: string[] = [];
  const { rows: sessions } = await client.query<{
    id: string;
    uid: string;
    points: number | null;
    reported: boolean;
  }>(
    `select id::text, uid, points_hundredths as points, reported_at is not null as reported
     from play_sessions where uid = any($1)`,
    [[...new Set(log.runs.map((run) => run.uid))]],
  );
  const byId = new Map(sessions.map((session) => [session.id, session]));
  const reportedIds = new Set(log.runs.map((run) => run.sessionId));
  const lost: string[] = [];
  const wrong: string[] = [];
  const landedUnseen: string[] = [];
  for (const run of log.runs) {
    const session = byId.get(run.sessionId);
    if (run.outcome === 'accepted' && !session?.reported) lost.push(run.sessionId);
    else if (run.outcome === 'accepted' && session?.points !== Math.round(run.points * 100))
      wrong.push(run.sessionId);
    else if (run.outcome === 'failed' && session?.reported) landedUnseen.push(run.sessionId);
  }
  const unreported = sessions.filter((session) => session.reported && !reportedIds.has(session.id));
  sentence(problems, lost, 'score reports answered as saved are not on their play session');
  sentence(problems, wrong, 'score reports were kept with other points than reported');
  sentence(problems, landedUnseen, 'score reports the client saw fail were kept');
  sentence(
    problems,
    unreported.map((session) => session.id),
    'play sessions hold a score the client never reported',
  );

  const best = new Map<string, number>();
  for (const run of log.runs.filter(
    (r) => r.tournamentId === tournamentId && byId.get(r.sessionId)?.reported,
  )) {
    best.set(run.uid, Math.max(best.get(run.uid) ?? 0, Math.round(run.points * 100)));
  }
  const { rows: board } = await client.query<{ uid: string; points: number }>(
    'select uid, points_hundredths as points from tournament_scores where tournament_id = $1',
    [tournamentId],
  );
  const onBoard = new Map(board.map((row) => [row.uid, row.points]));
  const offBoard = [...best].filter(([uid, points]) => onBoard.get(uid) !== points).map(([uid]) => uid);
  const strangers = board.filter((row) => !best.has(row.uid)).map((row) => row.uid);
  sentence(problems, offBoard, "players' best tournament runs are not their points on the board");
  sentence(problems, strangers, 'tournament board rows have no run the client reported');
  return problems;
}

export async function checkMessages(client: pg.Client, log: ClientLog) {
  const problems: string[] = [];
  const { rows } = await client.query<{ message: string; count: number }>(
    'select message, count(*)::int as count from chat_messages where message = any($1) group by message',
    [log.messages.map((message) => message.text)],
  );
  const stored = new Map(rows.map((row) => [row.message, row.count]));
  const doubled = log.messages.filter((message) => (stored.get(message.text) ?? 0) > 1);
  const lost = log.messages.filter((message) => message.outcome === 'accepted' && !stored.has(message.text));
  const unseen = log.messages.filter((message) => message.outcome === 'failed' && stored.has(message.text));
  sentence(
    problems,
    doubled.map((m) => `"${m.text}" x${stored.get(m.text)}`),
    'chat messages were stored more than once',
  );
  sentence(
    problems,
    lost.map((m) => m.text),
    'chat messages answered as sent are not stored',
  );
  sentence(
    problems,
    unseen.map((m) => `${m.text} (${m.failure})`),
    'chat messages the client saw fail were stored',
  );
  return problems;
}

/** Durable jobs: none dead, none left undone; each payout sent to M-Pesa under one id; notices once. */
export async function checkJobs(client: pg.Client, intents: IntentRow[]) {
  const problems: string[] = [];
  const { rows: jobs } = await client.query<{ kind: string; dead: number; waiting: number; failed: number }>(
    `select kind, count(*) filter (where dead_at is not null)::int as dead,
       count(*) filter (where dead_at is null and run_at < now() - interval '1 minute')::int as waiting,
       count(*) filter (where failures > 0 and dead_at is null)::int as failed
     from jobs group by kind`,
  );
  for (const job of jobs) {
    if (job.dead > 0) problems.push(`${job.dead} ${job.kind} jobs are dead`);
    if (job.waiting > 0) problems.push(`${job.waiting} ${job.kind} jobs are overdue by more than a minute`);
  }
  // Sent again only after a Transaction Status answered that Daraja had no such payment (ADR 0074).
  const { rows: resent } = await client.query<{ intent_id: string; count: number }>(
    `select e.intent_id::text, count(*)::int as count from payment_events e
     where e.kind = 'request-sent' and e.operation = 'b2c' group by e.intent_id
     having count(*) - 1 > (select count(*) from mpesa_status_queries q
       where q.intent_id = e.intent_id and q.answer = 'not-found')`,
  );
  const withdrawals = new Map(intents.filter((i) => i.type === 'WITHDRAWAL').map((i) => [i.id, i]));
  sentence(
    problems,
    resent.filter((row) => withdrawals.has(row.intent_id)).map((row) => `${row.intent_id} x${row.count}`),
    'withdrawals had their B2C request sent again without Transaction Status saying Daraja had none (same OriginatorConversationID, so paid once at most)',
  );
  const { rows: notices } = await client.query<{ dedupe_key: string }>(
    `select dedupe_key from notifications where dedupe_key like 'payment:%'`,
  );
  const noticed = new Set(notices.map((row) => row.dedupe_key));
  const unnoticed = intents
    .filter((intent) => FINAL.has(intent.status))
    .filter(
      (intent) =>
        !noticed.has(`payment:${intent.id}:${intent.status === 'COMPLETED' ? 'completed' : 'failed'}`),
    )
    .map((intent) => `${intent.type} ${intent.id}`);
  sentence(problems, unnoticed, 'final payments have no notification for their player');
  return problems;
}

/** Which limit a 429 on an action comes from (docs/api.md). */
const limitOf: Record<string, string> = {
  'sign-in': 'the sign-in limits per address',
  'sign-up': 'the sign-up limit per address',
  score: 'the score reports per address (60 a minute)',
  'tournament-score': 'the score reports per address (60 a minute)',
  'chat-send': 'the chat flood limit (10 messages in 10 s per player)',
  'top-up': 'the payments per player or the prompts per phone',
  'top-up-cancelled': 'the prompts per phone (the shared cancelling phone)',
  withdraw: 'the payments per player',
  subscribe: 'the payments per player or the prompts per phone',
  boost: 'the payments per player',
};

export function checkLimits(records: ActionRecord[]) {
  const refused = new Map<string, number>();
  for (const record of records.filter((r) => r.failure === '429')) {
    refused.set(record.action, (refused.get(record.action) ?? 0) + 1);
  }
  return [...refused].map(
    ([action, count]) =>
      `${count} ${action} actions of honest players were refused with 429 by ${limitOf[action] ?? 'a limit'}`,
  );
}
