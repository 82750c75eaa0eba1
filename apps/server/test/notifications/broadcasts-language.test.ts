import { randomUUID } from 'node:crypto';
import type { Broadcast } from '@playon/shared/ops-community';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playSessions } from '../../src/modules/games/schema.ts';
import { BROADCAST_JOB, PUSH_GROUP_JOB } from '../../src/modules/notifications/jobs.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runJobsNow } from '../support/jobs.ts';
import { signUpOperator } from '../support/operators.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { pushReceiverSettings, startPushService, subscribeToPush } from '../support/push-receiver.ts';
import { chooseLanguage, notificationsOf, pushesTo } from '../support/reader-language.ts';
import { insertTestGame } from '../support/tournaments.ts';

// An operator's broadcast in both languages (ADR 0063): each player reads it in theirs, in the app's
// list (the language it is read in) and by push (their profile's), the English where the operator
// left the Kiswahili empty.
let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let operator: TestPlayer;
beforeAll(async () => {
  pushService = await startPushService();
  t = await createTestApp(pushReceiverSettings(pushService));
  operator = await signUpOperator(t.app, t.database.db, 'support');
});
afterAll(async () => {
  await pushService.close();
  await t.close();
});

/** Players who played a new game of their own: the broadcast's audience, and theirs only. */
async function playersOfAGame(count: number) {
  const game = await insertTestGame(t);
  const players: TestPlayer[] = [];
  for (let i = 0; i < count; i++) players.push(await signUpPlayer(t.app));
  await t.database.db
    .insert(playSessions)
    .values(players.map((p) => ({ uid: p.uid, gameId: game.id, expiresAt: new Date(Date.now() + 60_000) })));
  return { gameId: game.id, players };
}

async function broadcast(gameId: number, texts: object, expectedRecipients: number) {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/ops/community/broadcasts',
    headers: { ...bearer(operator.token), 'idempotency-key': randomUUID() },
    payload: { audience: 'game', gameId, expectedRecipients, ...texts },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await runJobsNow(t.database.db, t.app.jobs, BROADCAST_JOB);
  await runJobsNow(t.database.db, t.app.jobs, PUSH_GROUP_JOB);
  return sent.json().payload as Broadcast;
}

describe('a broadcast in both languages', () => {
  it('reaches each player in theirs: the list in the language it is read in, the push in the profile’s', async () => {
    const { gameId, players } = await playersOfAGame(2);
    const [wanjiru, brian] = players as [TestPlayer, TestPlayer];
    await chooseLanguage(t.app, wanjiru, 'sw');
    await chooseLanguage(t.app, brian, 'en');
    const wanjirusPhone = await subscribeToPush(t.app, wanjiru, pushService);
    const briansPhone = await subscribeToPush(t.app, brian, pushService);

    const sent = await broadcast(
      gameId,
      {
        title: 'Double points tonight',
        body: 'Every score counts twice from 8 pm.',
        titleSw: 'Alama mara mbili leo usiku',
        bodySw: 'Kila alama inahesabiwa mara mbili kuanzia saa mbili usiku.',
      },
      2,
    );
    expect(sent).toMatchObject({ titleSw: 'Alama mara mbili leo usiku', recipientsCounted: 2 });

    expect(pushesTo(pushService, wanjirusPhone)).toEqual([
      expect.objectContaining({
        title: 'Alama mara mbili leo usiku',
        body: 'Kila alama inahesabiwa mara mbili kuanzia saa mbili usiku.',
      }),
    ]);
    expect(pushesTo(pushService, briansPhone)).toEqual([
      expect.objectContaining({
        title: 'Double points tonight',
        body: 'Every score counts twice from 8 pm.',
      }),
    ]);
    expect((await notificationsOf(t.app, brian, 'sw'))[0]).toMatchObject({
      title: 'Alama mara mbili leo usiku',
    });
    expect((await notificationsOf(t.app, wanjiru, 'en'))[0]).toMatchObject({
      title: 'Double points tonight',
    });

    const found = await t.app.inject({
      method: 'GET',
      url: `/api/ops/community/broadcasts?q=${encodeURIComponent('Alama mara mbili')}`,
      headers: bearer(operator.token),
    });
    expect(found.json().payload.items.map((item: Broadcast) => item.id)).toEqual([sent.id]);
  });

  it('says the English to Kiswahili readers where the operator left the Kiswahili empty', async () => {
    const { gameId, players } = await playersOfAGame(1);
    const [amina] = players as [TestPlayer];
    await broadcast(
      gameId,
      {
        title: 'New levels',
        body: 'Three new levels today.',
        titleSw: '  ',
        bodySw: 'Viwango vitatu vipya leo.',
      },
      1,
    );
    expect((await notificationsOf(t.app, amina, 'sw'))[0]).toMatchObject({
      title: 'New levels',
      body: 'Viwango vitatu vipya leo.',
    });
  });

  it('refuses a Kiswahili text longer than its English may be, saying which', async () => {
    const { gameId } = await playersOfAGame(1);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/ops/community/broadcasts',
      headers: { ...bearer(operator.token), 'idempotency-key': randomUUID() },
      payload: {
        audience: 'game',
        gameId,
        title: 'Hi',
        body: 'Hello',
        titleSw: 'a'.repeat(81),
        expectedRecipients: 1,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload.fields).toMatchObject({
      titleSw: 'Keep the Kiswahili title under 80 characters.',
    });
  });
});
