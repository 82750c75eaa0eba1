import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { authUser } from '../../src/modules/auth/schema.ts';
import { chatMessages, chatRooms } from '../../src/modules/chat/schema.ts';
import { playSessions } from '../../src/modules/games/schema.ts';
import { paymentIntents } from '../../src/modules/payments/schema.ts';
import { profiles } from '../../src/modules/profile/schema.ts';
import { subscriptionPackages } from '../../src/modules/subscriptions/schema.ts';
import { tournamentScores, tournaments } from '../../src/modules/tournaments/schema.ts';
import type { TestApp } from '../support/app.ts';
import { insertTestGame } from '../support/tournaments.ts';

// Known activity for the Insight tests: five players over the last 40 Nairobi days, every figure of
// which the tests state by hand. Day k is k days before today (Nairobi); nothing happens today.

const DAY_MS = 86_400_000;
/** Nairobi's day k days before `now`'s. */
export function dayBefore(now: Date, k: number) {
  const today = new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
  return new Date(Date.parse(`${today}T00:00:00Z`) - k * DAY_MS).toISOString().slice(0, 10);
}
/** The instant of hh:mm on Nairobi's day k days ago. */
const at = (now: Date, k: number, hhmm: string) => new Date(`${dayBefore(now, k)}T${hhmm}:00+03:00`);

export async function arrangeInsightFixture(t: TestApp, now: Date) {
  const db = t.database.db;
  const g1 = await insertTestGame(t);
  const g2 = await insertTestGame(t);
  const [pkg] = await db.select().from(subscriptionPackages).limit(1);
  if (!pkg) throw new Error('no subscription package seeded');
  const [room] = await db
    .insert(chatRooms)
    .values({ chatRoomUid: `insight-${randomUUID()}`, name: 'Insight room', icon: '/icon.svg' })
    .returning();
  if (!room) throw new Error('no room');
  const roomId = room.id;

  const complete = { dob: '2000-01-01', gender: 'FEMALE' as const, phone: '0712345678' };
  async function player(name: string, signedUp: Date, profileComplete: boolean) {
    const uid = `insight-${name}-${randomUUID()}`;
    const email = `${uid}@example.com`;
    await db.insert(authUser).values({ id: uid, name, email, createdAt: signedUp, updatedAt: signedUp });
    await db.insert(profiles).values({
      uid,
      name,
      username: uid.slice(0, 30),
      email,
      referralCode: uid.slice(-12),
      ...(profileComplete ? complete : {}),
      createdAt: signedUp,
      updatedAt: signedUp,
    });
    return uid;
  }
  const a = await player('a', at(now, 40, '08:00'), true);
  const b = await player('b', at(now, 40, '09:00'), false);
  const c = await player('c', at(now, 9, '07:00'), true);
  const d = await player('d', at(now, 2, '10:00'), false);
  // 23:30 in Nairobi is 20:30 UTC: still day 1, not today.
  const e = await player('e', at(now, 1, '23:30'), false);

  async function play(
    uid: string,
    gameId: number,
    start: Date,
    seconds: number | null,
    tournamentId?: number,
  ) {
    await db.insert(playSessions).values({
      uid,
      gameId,
      startedAt: start,
      expiresAt: new Date(start.getTime() + 3_600_000),
      reportedAt: seconds === null ? null : new Date(start.getTime() + seconds * 1000),
      pointsHundredths: seconds === null ? null : 100,
      tournamentId: tournamentId ?? null,
    });
  }
  const tournamentStart = at(now, 12, '00:00');
  const [cup] = await db
    .insert(tournaments)
    .values({
      name: 'Insight Cup',
      description: 'Fixture',
      starts: tournamentStart,
      ends: at(now, 7, '00:00'),
      // Ranked already: the ranking job, run with the refresh, would otherwise race it.
      rankedAt: at(now, 7, '00:05'),
      gameId: g1.id,
    })
    .returning();
  if (!cup) throw new Error('no tournament');

  await play(a, g1.id, at(now, 40, '10:00'), 60);
  await play(b, g2.id, at(now, 40, '11:00'), 30);
  await play(b, g2.id, at(now, 40, '12:00'), null);
  await play(a, g1.id, at(now, 39, '10:00'), 120);
  await play(c, g1.id, at(now, 9, '08:00'), 90, cup.id);
  await db
    .insert(tournamentScores)
    .values({ tournamentId: cup.id, uid: c, pointsHundredths: 100, achievedAt: at(now, 9, '08:01') });
  // 23:45 in Nairobi on day 1.
  await play(e, g2.id, at(now, 1, '23:45'), 46);

  async function pay(values: {
    uid: string;
    type: string;
    method: string;
    status: string;
    kes: number;
    when: Date;
    resultCode?: number;
    message?: string;
    packageId?: number;
  }) {
    const [row] = await db
      .insert(paymentIntents)
      .values({
        playerUid: values.uid,
        walletUid: values.uid,
        type: values.type,
        methodCode: values.method,
        status: values.status,
        amountCents: BigInt(values.kes * 100),
        resultCode: values.resultCode ?? null,
        message: values.message ?? null,
        packageId: values.packageId ?? null,
        createdAt: values.when,
        updatedAt: values.when,
      })
      .returning();
    return row?.id as string;
  }
  const aTopUp = await pay({
    uid: a,
    type: 'TOPUP',
    method: 'MPESA',
    status: 'COMPLETED',
    kes: 100,
    when: at(now, 39, '10:30'),
  });
  await pay({
    uid: c,
    type: 'TOPUP',
    method: 'CARD',
    status: 'COMPLETED',
    kes: 50,
    when: at(now, 8, '09:00'),
  });
  await pay({
    uid: c,
    type: 'SUBSCRIPTION',
    method: 'WALLET',
    status: 'COMPLETED',
    kes: 20,
    when: at(now, 8, '09:05'),
    packageId: pkg.id,
  });
  await pay({
    uid: c,
    type: 'TOPUP',
    method: 'MPESA',
    status: 'CANCELLED',
    kes: 10,
    when: at(now, 8, '10:00'),
    resultCode: 1032,
  });
  await pay({
    uid: c,
    type: 'TOPUP',
    method: 'MPESA',
    status: 'ERROR',
    kes: 10,
    when: at(now, 8, '10:05'),
    resultCode: 1,
  });
  await pay({
    uid: c,
    type: 'TOPUP',
    method: 'MPESA',
    status: 'ERROR',
    kes: 10,
    when: at(now, 8, '10:10'),
    resultCode: 1037,
  });
  await pay({
    uid: c,
    type: 'TOPUP',
    method: 'CARD',
    status: 'ERROR',
    kes: 10,
    when: at(now, 8, '10:15'),
    message: 'Your card was declined. Please try another card.',
  });
  const dOpen = await pay({
    uid: d,
    type: 'TOPUP',
    method: 'MPESA',
    status: 'PENDING',
    kes: 40,
    when: at(now, 2, '11:00'),
  });
  const refund = await pay({
    uid: a,
    type: 'REFUND',
    method: 'WALLET',
    status: 'COMPLETED',
    kes: 30,
    when: at(now, 5, '12:00'),
  });
  await db.execute(sql`update payment_intents set refund_of = ${aTopUp}::uuid where id = ${refund}::uuid`);

  async function say(uid: string, when: Date) {
    await db
      .insert(chatMessages)
      .values({ roomId, uid, message: 'hi', chatType: 'TEXT', createdAt: when, updatedAt: when });
  }
  await say(a, at(now, 33, '18:00'));
  await say(a, at(now, 10, '18:00'));
  await say(d, at(now, 2, '12:00'));

  return { g1, g2, pkg, cup, players: { a, b, c, d, e }, dOpen };
}

/** Active players per day of the fixture (days ago → players), from which DAU, WAU and MAU follow. */
export const activeByDaysAgo: Record<number, string[]> = {
  40: ['a', 'b'],
  39: ['a'],
  33: ['a'],
  10: ['a'],
  9: ['c'],
  8: ['c'],
  2: ['d'],
  1: ['e'],
};
export const signUpsByDaysAgo: Record<number, number> = { 40: 2, 9: 1, 2: 1, 1: 1 };
