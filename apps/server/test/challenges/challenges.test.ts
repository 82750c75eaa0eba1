import { type ChallengeListItem, type ChallengeView, challengeMessages } from '@playon/shared/challenges';
import type { Game } from '@playon/shared/games';
import type { PlayerNotification } from '@playon/shared/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challenges } from '../../src/modules/challenges/schema.ts';
import { PUSH_JOB } from '../../src/modules/notifications/service.ts';
import { jobs } from '../../src/platform/jobs/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import {
  accept,
  challenge,
  finishedRun,
  matatuOf,
  playAnswer,
  playerNamed,
  sendChallenge,
  viewOf,
} from '../support/challenges.ts';
import { bearer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let amina: TestPlayer;
let brian: TestPlayer;
let chero: TestPlayer;
let matatu: Game;

beforeAll(async () => {
  t = await createTestApp();
  [amina, brian, chero] = await Promise.all([
    playerNamed(t, 'amina_c'),
    playerNamed(t, 'brian_c'),
    playerNamed(t, 'chero_c'),
  ]);
  matatu = await matatuOf(t, amina);
});
afterAll(() => t.close());

async function notificationsOf(player: TestPlayer, language = 'en') {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/profile/notifications',
    headers: { ...bearer(player.token), 'accept-language': language },
  });
  return response.json().payload as PlayerNotification[];
}

async function listOf(player: TestPlayer) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/challenges',
    headers: bearer(player.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().payload as ChallengeListItem[];
}

describe('a challenge to a friend by username', () => {
  it("is answered once on the challenger's seed, both see the results side by side, the challenger is told", async () => {
    const run = await finishedRun(t, amina, matatu.id, 20);
    const sent = await sendChallenge(t, amina, { session: run.token, username: 'BRIAN_C' });
    expect(sent).toMatchObject({
      challenger: { username: 'amina_c', points: run.points },
      to: 'brian_c',
      state: 'yours',
      results: [],
      game: { id: matatu.id, name: matatu.name },
    });
    expect(sent.code).toMatch(/^[\w-]{22}$/);
    expect(sent.code).not.toContain(run.token.split('.')[0]);

    // Brian is told, in his language, where to go, in the app and by a push job written with it.
    const [told] = await notificationsOf(brian, 'sw');
    const pushes = await t.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, PUSH_JOB));
    expect(pushes.map((job) => (job.payload as { notificationId?: string }).notificationId)).toContain(
      told?.id,
    );
    expect(told).toMatchObject({ title: 'Changamoto mpya', url: `/challenges/${sent.code}` });
    expect(told?.body).toBe(`amina_c amekupa changamoto ya kushinda alama ${run.points} kwenye Matatu Rush.`);
    expect((await viewOf(t, brian, sent.code)).json().payload).toMatchObject({
      state: 'open',
      to: 'brian_c',
    });
    expect(await listOf(brian)).toEqual([
      expect.objectContaining({
        code: sent.code,
        direction: 'received',
        status: 'open',
        opponent: 'amina_c',
      }),
    ]);

    const { seed } = await accept(t, brian, sent.code).then(async (accepted) => {
      // The launch address carries the challenger's seed and the challenge, not Amina's session.
      expect(accepted.seed).toBe(run.seed);
      expect(accepted.session?.launchUrl).toContain(`challenge=${sent.code}`);
      expect(accepted.session?.launchUrl).not.toContain(run.token);
      // One answer per friend: a second accept is refused.
      const again = await accept(t, brian, sent.code);
      expect(again.response.statusCode).toBe(409);
      expect(again.response.json().statusMessage).toBe(challengeMessages.alreadyAnswered);
      return accepted;
    });
    expect(seed).toBe(run.seed);
  });

  it('ends won, lost or tied from each side, and the challenger is notified with the outcome', async () => {
    const run = await finishedRun(t, amina, matatu.id, 20);
    // Same seed, same driving for the same time: the same score, a tie.
    const tie = await sendChallenge(t, amina, { session: run.token, username: 'chero_c' });
    const tied = await playAnswer(t, chero, tie.code, 20);
    expect(tied.response.statusCode, tied.response.body).toBe(200);
    expect(tied.run.points).toBe(run.points);
    expect(tied.response.json().payload).toMatchObject({ points: run.points, rank: null });
    const seen = (await viewOf(t, chero, tie.code)).json().payload as ChallengeView;
    expect(seen).toMatchObject({
      state: 'answered',
      results: [{ opponent: 'amina_c', opponentPoints: run.points, myPoints: run.points, outcome: 'tied' }],
    });
    expect((await notificationsOf(amina))[0]).toMatchObject({
      title: 'Your challenge is a tie',
      body: `chero_c scored ${run.points} points in Matatu Rush against your ${run.points}.`,
      url: `/challenges/${tie.code}`,
    });

    // A shorter drive scores less: Amina wins that one; seen from her side and from Chero's.
    const short = await sendChallenge(t, amina, { session: run.token, username: 'chero_c' });
    const lost = await playAnswer(t, chero, short.code, 5);
    expect(lost.response.statusCode, lost.response.body).toBe(200);
    expect(lost.run.points).toBeLessThan(run.points);
    expect((await notificationsOf(amina))[0]?.title).toBe('You won a challenge');
    const aminaSees = (await viewOf(t, amina, short.code)).json().payload as ChallengeView;
    expect(aminaSees.results).toEqual([
      { opponent: 'chero_c', opponentPoints: lost.run.points, myPoints: run.points, outcome: 'won' },
    ]);
    const cheroList = await listOf(chero);
    expect(cheroList.find((item) => item.code === short.code)).toMatchObject({
      direction: 'received',
      status: 'lost',
      myPoints: lost.run.points,
      opponentPoints: run.points,
    });
    expect(cheroList.find((item) => item.code === tie.code)?.status).toBe('tied');
    expect((await listOf(amina)).find((item) => item.code === short.code)).toMatchObject({
      direction: 'sent',
      status: 'won',
      opponent: 'chero_c',
    });

    // Chero's short run challenges Amina back: she plays longer and wins it.
    const cheroRun = await finishedRun(t, chero, matatu.id, 5);
    const back = await sendChallenge(t, chero, { session: cheroRun.token, username: 'amina_c' });
    const won = await playAnswer(t, amina, back.code, 20);
    expect(won.response.statusCode, won.response.body).toBe(200);
    expect((await notificationsOf(chero))[0]?.title).toBe('You lost a challenge');
    expect((await listOf(amina)).find((item) => item.code === back.code)?.status).toBe('won');
  });

  it('is refused for an unknown username, for oneself, and for a run not yet saved', async () => {
    const run = await finishedRun(t, amina, matatu.id, 5);
    const unknown = await challenge(t, amina, { session: run.token, username: 'nobody_here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().payload.fields).toEqual({ username: 'User not found' });
    const self = await challenge(t, amina, { session: run.token, username: 'amina_c' });
    expect(self.statusCode).toBe(400);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/games/${matatu.id}/play`,
      headers: bearer(amina.token),
      payload: {},
    });
    const open = await challenge(t, amina, { session: started.json().payload.session });
    expect(open.statusCode).toBe(409);
    expect(open.json().statusMessage).toBe(challengeMessages.runNotFinished);
    // Someone else's run cannot be sent as one's own.
    const others = await challenge(t, brian, { session: run.token });
    expect(others.statusCode).toBe(403);
  });
});

describe('a challenge as a link', () => {
  it('may be answered once by each signed-in player, never by the challenger', async () => {
    const run = await finishedRun(t, amina, matatu.id, 10);
    const link = await sendChallenge(t, amina, { session: run.token });
    expect(link.to).toBeNull();
    const own = await accept(t, amina, link.code);
    expect(own.response.statusCode).toBe(400);
    expect(own.response.json().statusMessage).toBe(challengeMessages.own);
    expect((await playAnswer(t, brian, link.code, 10)).response.statusCode).toBe(200);
    expect((await playAnswer(t, chero, link.code, 5)).response.statusCode).toBe(200);
    const view = (await viewOf(t, amina, link.code)).json().payload as ChallengeView;
    expect(view.results.map((result) => result.opponent).sort()).toEqual(['brian_c', 'chero_c']);
    const sent = (await listOf(amina)).filter((item) => item.code === link.code);
    expect(sent).toHaveLength(2);
  });
});

describe('an expired challenge', () => {
  it('cannot be accepted and lists as expired on both sides', async () => {
    const run = await finishedRun(t, amina, matatu.id, 5);
    const sent = await sendChallenge(t, amina, { session: run.token, username: 'brian_c' });
    const past = new Date(Date.now() - 60_000);
    await t.database.db
      .update(challenges)
      .set({ createdAt: new Date(past.getTime() - 3_600_000), expiresAt: past })
      .where(eq(challenges.code, sent.code));
    const late = await accept(t, brian, sent.code);
    expect(late.response.statusCode).toBe(409);
    expect(late.response.json().statusMessage).toBe(challengeMessages.expired);
    expect((await viewOf(t, brian, sent.code)).json().payload.state).toBe('expired');
    expect((await listOf(brian)).find((item) => item.code === sent.code)?.status).toBe('expired');
    expect((await listOf(amina)).find((item) => item.code === sent.code)?.status).toBe('expired');
  });
});
