import { randomUUID } from 'node:crypto';
import type { PaymentIntent } from '@playon/shared/payments';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { RECONCILE_JOB, SEND_PAYOUT_JOB } from '../../src/modules/payments/jobs.ts';
import type { PaymentsTestApp, TestApp } from './app.ts';
import { finishedRun, matatuOf, playerNamed, sendChallenge } from './challenges.ts';
import { clockedTopUp } from './clocked-top-up.ts';
import { runJobsNow } from './jobs.ts';
import { METHOD, moneyApi } from './money.ts';
import { signUpOperator } from './operators.ts';
import { eventually } from './payments.ts';
import { bearer, signUpPlayer } from './players.ts';
import type { createSandboxClock } from './sandbox-clock.ts';
import { arrangeTournament, insertTestGame, tournamentApi } from './tournaments.ts';

/** One id the system issued, named by what it is and the state its record is in. */
export interface IssuedId {
  label: string;
  id: string;
}

type Clock = ReturnType<typeof createSandboxClock>;

/**
 * Records of every kind in the states they can be in, made through the API on an app whose sandboxes
 * wait for `clock` and whose jobs run only when asked: settled ones first, then those left in flight
 * (a prompt unanswered, a payout and two refunds not yet sent), which nothing moves until the test does.
 */
export async function arrangeRecords(t: TestApp, clock: Clock): Promise<IssuedId[]> {
  const ids: IssuedId[] = [];
  const issued = (label: string, id: string | number) => ids.push({ label, id: String(id) });
  const money = moneyApi(t as PaymentsTestApp);
  const payer = await signUpPlayer(t.app);
  const friend = await signUpPlayer(t.app);
  const finance = await signUpOperator(t.app, t.database.db, 'finance');
  issued('player', payer.uid);
  issued('operator', finance.uid);

  const start = async (url: string, payload: object, who = payer) => {
    const response = await money.post(url, who, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().payload as PaymentIntent;
  };
  const settle = async (id: string) => {
    await clock.advance(1000);
    return money.settled(payer, id);
  };
  const refund = async (id: string, body: object) => {
    const response = await money.refund(id, finance, { reason: 'Asked by the player', ...body } as never);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().payload.refund.id as string;
  };

  const topUp = await clockedTopUp(t.app, clock, payer, 5000);
  issued('top-up COMPLETED', topUp.id);
  const cancelled = await start('/api/payments/top-up', {
    paymentMethodId: METHOD.MPESA,
    amount: 50,
    mpesaPhoneNumber: '0700000001',
  });
  issued('top-up ERROR', (await settle(cancelled.id)).id);
  const boost = await start('/api/payments/top-up', {
    paymentMethodId: METHOD.MPESA,
    amount: 40,
    mpesaPhoneNumber: '0712345678',
    userId: friend.uid,
  });
  issued(`boost ${(await settle(boost.id)).status}`, boost.id);

  const card = await money.cardSubscription(payer, 'Gold');
  issued(`card subscription ${card.intent.status}`, card.intent.id);
  const declined = await money.cardSubscription(payer, 'Silver', '4000 0000 0000 0002');
  issued(`card subscription ${declined.intent.status}`, declined.intent.id);
  const walletPaid = await start('/api/payments/subscribe', {
    paymentMethodId: METHOD.WALLET,
    subscriptionPackageId: card.pkg.id,
  });
  issued(`wallet subscription ${(await money.settled(payer, walletPaid.id)).status}`, walletPaid.id);

  const paidOut = await start('/api/wallets/withdraw', {
    paymentMethodId: METHOD.MPESA,
    amount: 100,
    mpesaPhoneNumber: '0712345678',
  });
  const failedOut = await start('/api/wallets/withdraw', {
    paymentMethodId: METHOD.MPESA,
    amount: 60,
    mpesaPhoneNumber: '0700000002',
  });
  const toWallet = await refund(walletPaid.id, { destination: 'WALLET' });
  const toMpesa = await refund(topUp.id, { destination: 'MPESA', amount: 300 });
  const toCard = await refund(card.intent.id, { destination: 'CARD', amount: 10 });
  await runJobsNow(t.database.db, t.app.jobs, SEND_PAYOUT_JOB);
  await runJobsNow(t.database.db, t.app.jobs, RECONCILE_JOB);
  await clock.advance(1000);
  for (const [label, id] of [
    ['withdrawal', paidOut.id],
    ['withdrawal', failedOut.id],
    ['refund to the wallet', toWallet],
    ['refund by M-Pesa', toMpesa],
    ['refund to the card', toCard],
  ] as const) {
    const row = await eventually(
      () => statusOf(t, id),
      (status) => ['COMPLETED', 'ERROR'].includes(status),
    );
    issued(`${label} ${row}`, id);
  }

  // In flight from here on: no job runs and the clock stands still until the test ends.
  const waiting = await start('/api/payments/top-up', {
    paymentMethodId: METHOD.MPESA,
    amount: 30,
    mpesaPhoneNumber: '0712345678',
  });
  issued(`top-up ${await statusOf(t, waiting.id)}`, waiting.id);
  const openCard = await start('/api/payments/subscribe', {
    paymentMethodId: METHOD.CARD,
    subscriptionPackageId: card.pkg.id,
  });
  issued(`card subscription ${await statusOf(t, openCard.id)}`, openCard.id);
  const queuedOut = await start('/api/wallets/withdraw', {
    paymentMethodId: METHOD.MPESA,
    amount: 70,
    mpesaPhoneNumber: '0712345678',
  });
  issued(`withdrawal ${await statusOf(t, queuedOut.id)}`, queuedOut.id);
  const restByMpesa = await refund(topUp.id, { destination: 'MPESA', amount: 200 });
  issued(`refund by M-Pesa ${await statusOf(t, restByMpesa)}`, restByMpesa);
  const openRefund = await refund(card.intent.id, { destination: 'CARD' });
  issued(`refund to the card ${await statusOf(t, openRefund)}`, openRefund);

  ids.push(...(await arrangePlay(t)));
  const [subscription] = await rows(t, sql`select id from user_subscriptions order by id limit 1`);
  if (subscription) issued('subscription', String(subscription.id));
  return ids;
}

/** A tournament running with a score in it, a session unused and a challenge open. */
async function arrangePlay(t: TestApp): Promise<IssuedId[]> {
  const player = await playerNamed(t, `challenger${randomUUID().slice(0, 8)}`);
  const game = await insertTestGame(t);
  const tournament = await arrangeTournament(t, {
    gameId: game.id,
    starts: new Date(Date.now() - 60_000),
    ends: new Date(Date.now() + 3_600_000),
  });
  const api = tournamentApi(t);
  const played = await api.session(player, game.id, tournament.id);
  const scored = await api.report(player, tournament.id, { session: played, points: 12 });
  expect(scored.statusCode, scored.body).toBe(200);
  const unused = await api.session(player, game.id, tournament.id);
  const matatu = await matatuOf(t, player);
  const run = await finishedRun(t, player, matatu.id);
  const challenge = await sendChallenge(t, player, { session: run.token });
  const named = await t.app.inject({
    method: 'GET',
    url: '/api/auth/login',
    headers: bearer(player.token),
  });
  return [
    { label: 'tournament running', id: String(tournament.id) },
    { label: 'game', id: String(game.id) },
    { label: 'game session used', id: played },
    { label: 'game session unused', id: unused },
    { label: 'challenge open', id: challenge.code },
    { label: 'referral code', id: String(named.json().payload.referralCode) },
  ];
}

async function rows(t: TestApp, query: ReturnType<typeof sql>) {
  return ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

const statusOf = async (t: TestApp, id: string) =>
  String((await rows(t, sql`select status from payment_intents where id = ${id}`))[0]?.status);

/**
 * What an anonymous caller must not move, as text per row: every ledger account's balance and the
 * count of entries and postings, every payment intent, subscription, challenge (and its answers),
 * play session and tournament score. Only the rows' own data: not when a row was last looked at.
 */
export async function recordsSnapshot(t: TestApp): Promise<Map<string, string>> {
  const tables: [string, ReturnType<typeof sql>][] = [
    // System accounts keep no balance of their own: their postings' sum is it.
    [
      'account',
      sql`select a.id, a.code, a.owner_uid, a.balance, coalesce(sum(p.amount), 0) as posted
          from ledger_accounts a left join postings p on p.account_id = a.id
          group by a.id order by a.id`,
    ],
    [
      'ledger',
      sql`select (select count(*) from journal_entries) as entries, (select count(*) from postings) as postings`,
    ],
    ['intent', sql`select * from payment_intents order by id`],
    ['subscription', sql`select * from user_subscriptions order by id`],
    ['challenge', sql`select * from challenges order by id`],
    ['challenge answer', sql`select * from challenge_answers order by 1`],
    ['play session', sql`select * from play_sessions order by id`],
    ['tournament score', sql`select * from tournament_scores order by 1, 2`],
  ];
  const snapshot = new Map<string, string>();
  for (const [name, query] of tables) {
    for (const [index, row] of (await rows(t, query)).entries()) {
      const { updated_at: _updated, ...data } = row;
      snapshot.set(`${name} ${String(row.id ?? index)}`, JSON.stringify(data));
    }
  }
  return snapshot;
}

/** A row that differs between two snapshots: its key and its data before and after (undefined: none). */
export interface ChangedRow {
  key: string;
  before: Record<string, unknown> | undefined;
  after: Record<string, unknown> | undefined;
}

export function changedRows(before: Map<string, string>, after: Map<string, string>): ChangedRow[] {
  const changed: ChangedRow[] = [];
  const parsed = (text: string | undefined) => (text === undefined ? undefined : JSON.parse(text));
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(key) !== after.get(key))
      changed.push({ key, before: parsed(before.get(key)), after: parsed(after.get(key)) });
  }
  return changed;
}

/** The change as a sentence: the fields that moved, from and to. */
export function describeChange({ key, before, after }: ChangedRow): string {
  if (!before || !after)
    return `${key}: ${JSON.stringify(before ?? null)} → ${JSON.stringify(after ?? null)}`;
  const fields = Object.keys(after).filter(
    (name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]),
  );
  return `${key}: ${fields.map((name) => `${name} ${JSON.stringify(before[name])} → ${JSON.stringify(after[name])}`).join(', ')}`;
}
