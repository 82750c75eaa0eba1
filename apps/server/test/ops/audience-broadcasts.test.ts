import { randomUUID } from 'node:crypto';
import type { Broadcast } from '@playon/shared/ops-community';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playSessions } from '../../src/modules/games/schema.ts';
import { BROADCAST_JOB } from '../../src/modules/notifications/jobs.ts';
import { broadcasts, notifications } from '../../src/modules/notifications/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runJobsNow } from '../support/jobs.ts';
import { signUpOperator } from '../support/operators.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { chooseLanguage, notificationsOf } from '../support/reader-language.ts';
import { insertTestGame } from '../support/tournaments.ts';

// A broadcast to a saved audience (ADR 0068): counted before it goes, sent once however often it
// is asked with its Idempotency-Key, audited with the audience and the count, to the players the
// audience held when it was sent, each reading it in their language.
let t: TestApp;
let support: TestPlayer;
let wanjiru: TestPlayer;
let brian: TestPlayer;
let audienceId: number;
beforeAll(async () => {
  t = await createTestApp();
  support = await signUpOperator(t.app, t.database.db, 'support');
  wanjiru = await signUpPlayer(t.app);
  brian = await signUpPlayer(t.app);
  await chooseLanguage(t.app, wanjiru, 'sw');
  await chooseLanguage(t.app, brian, 'en');
  const game = await insertTestGame(t);
  await t.database.db.insert(playSessions).values(
    [wanjiru, brian].map((p) => ({
      uid: p.uid,
      gameId: game.id,
      expiresAt: new Date(Date.now() + 60_000),
    })),
  );
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/ops/community/audiences',
    headers: bearer(support.token),
    payload: { name: 'Matatu players', kind: 'game', gameId: game.id },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  audienceId = saved.json().payload.id;
}, 60_000);
afterAll(() => t.close());

const texts = {
  title: 'Double points tonight',
  body: 'Every score counts twice from 8 pm.',
  titleSw: 'Alama mara mbili leo usiku',
  bodySw: 'Kila alama inahesabiwa mara mbili kuanzia saa mbili usiku.',
  expectedRecipients: 2,
};
const sendTo = (id: number, key: string, payload: object = texts) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ops/community/audiences/${id}/broadcast`,
    headers: { ...bearer(support.token), 'idempotency-key': key },
    payload,
  });

describe('a broadcast to a saved audience', () => {
  it('is sent once for a double click and a retry, audited, and read in each player’s language', async () => {
    const key = randomUUID();
    const [first, second] = await Promise.all([sendTo(audienceId, key), sendTo(audienceId, key)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const sent = first.json().payload as Broadcast;
    expect(second.json().payload.id).toBe(sent.id);
    expect(sent).toMatchObject({
      audience: 'saved',
      audienceLabel: 'Audience: Matatu players',
      recipientsCounted: 2,
    });
    const retry = await sendTo(audienceId, key);
    expect(retry.json().payload.id).toBe(sent.id);
    expect(await t.database.db.select().from(broadcasts)).toHaveLength(1);

    // Edited after the confirmation: the job reads the rule the broadcast kept.
    const edited = await t.app.inject({
      method: 'POST',
      url: `/api/ops/community/audiences/${audienceId}`,
      headers: bearer(support.token),
      payload: { name: 'Matatu players', kind: 'never-paid' },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    await runJobsNow(t.database.db, t.app.jobs, BROADCAST_JOB);
    await runJobsNow(t.database.db, t.app.jobs, BROADCAST_JOB);
    const written = await t.database.db
      .select()
      .from(notifications)
      .where(like(notifications.dedupeKey, `broadcast:${sent.id}:%`));
    expect(written.map((row) => row.uid).sort()).toEqual([wanjiru.uid, brian.uid].sort());

    expect((await notificationsOf(t.app, wanjiru, 'sw'))[0]).toMatchObject({
      title: 'Alama mara mbili leo usiku',
      body: 'Kila alama inahesabiwa mara mbili kuanzia saa mbili usiku.',
    });
    expect((await notificationsOf(t.app, brian, 'en'))[0]).toMatchObject({ title: 'Double points tonight' });

    const audit = (
      await t.app.inject({
        method: 'GET',
        url: `/api/ops/audit?action=notifications.broadcast&target=${sent.id}`,
        headers: bearer(support.token),
      })
    ).json().payload.items;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: support.email,
      after: {
        audience: 'Audience: Matatu players',
        recipientsCounted: 2,
        recipientsNow: 2,
        rule: { kind: 'game' },
      },
    });
  });

  it('refuses the same key for other words, an audience that is gone, and one with nobody in it', async () => {
    const key = randomUUID();
    expect((await sendTo(audienceId, key, { ...texts, title: 'First' })).statusCode).toBe(200);
    expect((await sendTo(audienceId, key, { ...texts, title: 'Second' })).statusCode).toBe(409);

    const gone = await sendTo(999_999, randomUUID());
    expect(gone.statusCode).toBe(404);
    expect(gone.json().statusMessage).toBe('This audience does not exist.');

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/ops/community/audiences',
      headers: bearer(support.token),
      payload: { name: 'Lapsed a year', kind: 'lapsed', days: 365 },
    });
    const nobody = await sendTo(empty.json().payload.id, randomUUID(), { ...texts, expectedRecipients: 0 });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().statusMessage).toBe('Nobody would receive it: this audience has no players now.');
  });
});
