import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playSessions } from '../../src/modules/games/schema.ts';
import { BROADCAST_JOB } from '../../src/modules/notifications/jobs.ts';
import { broadcasts, notifications } from '../../src/modules/notifications/schema.ts';
import { opsAuditLog } from '../../src/modules/operator/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { runJobsNow } from '../support/jobs.ts';
import { signUpOperator } from '../support/operators.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';
import { insertTestGame } from '../support/tournaments.ts';

// The same broadcast to a saved audience (ADR 0068) asked for at once, by double clicks and retries
// under one Idempotency-Key and by a second click that made a key of its own, with the job run twice
// at once: each key sends once, with one audit entry, and each player reads each real send once.
const ROUNDS = 5;
/** Requests per key in a round: a double click, a retry and a second tab. */
const PER_KEY = 3;
const KEYS = 2;

let t: TestApp;
let operator: TestPlayer;
let players: TestPlayer[];
let audienceId: number;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signUpOperator(t.app, t.database.db, 'support');
  players = [];
  for (let i = 0; i < 4; i++) players.push(await signUpPlayer(t.app));
  const game = await insertTestGame(t);
  await t.database.db
    .insert(playSessions)
    .values(players.map((p) => ({ uid: p.uid, gameId: game.id, expiresAt: new Date(Date.now() + 60_000) })));
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/ops/community/audiences',
    headers: bearer(operator.token),
    payload: { name: 'Race players', kind: 'game', gameId: game.id },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  audienceId = saved.json().payload.id;
}, 60_000);

afterAll(() => t?.close());

const send = (key: string, title: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ops/community/audiences/${audienceId}/broadcast`,
    headers: { ...bearer(operator.token), 'idempotency-key': key },
    payload: { title, body: 'Every score counts twice from 8 pm.', expectedRecipients: players.length },
  });

describe('one broadcast to a saved audience asked for many times at once', () => {
  it('sends once per key, audits each real send once, and each player reads each send once', {
    timeout: 120_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const title = `Double points, round ${round}`;
      const keys = Array.from({ length: KEYS }, () => randomUUID());
      const answers = await Promise.all(
        keys.flatMap((key) =>
          Array.from({ length: PER_KEY }, () => send(key, title).then((r) => ({ key, r }))),
        ),
      );
      for (const { r } of answers) expect(r.statusCode, r.body).toBe(200);
      // Every answer under one key names the same broadcast; two keys, two broadcasts.
      const idsByKey = keys.map((key) => [
        ...new Set(answers.filter((a) => a.key === key).map((a) => a.r.json().payload.id as number)),
      ]);
      for (const ids of idsByKey) expect(ids).toHaveLength(1);
      const sent = idsByKey.flat();
      expect(new Set(sent).size).toBe(KEYS);
      const rows = await t.database.db.select().from(broadcasts).where(eq(broadcasts.title, title));
      expect(rows.map((row) => row.id).sort()).toEqual([...sent].sort());

      await Promise.all([
        runJobsNow(t.database.db, t.app.jobs, BROADCAST_JOB),
        runJobsNow(t.database.db, t.app.jobs, BROADCAST_JOB),
      ]);
      const audited = await t.database.db
        .select({ targetId: opsAuditLog.targetId })
        .from(opsAuditLog)
        .where(
          and(
            eq(opsAuditLog.action, 'notifications.broadcast'),
            inArray(opsAuditLog.targetId, sent.map(String)),
          ),
        );
      expect(audited.map((entry) => entry.targetId).sort()).toEqual(sent.map(String).sort());
      for (const id of sent) {
        const read = await t.database.db
          .select({ uid: notifications.uid })
          .from(notifications)
          .where(like(notifications.dedupeKey, `broadcast:${id}:%`));
        expect(read.map((row) => row.uid).sort(), `broadcast ${id}`).toEqual(
          players.map((p) => p.uid).sort(),
        );
      }
    }
    console.log(
      `race audience-broadcast-against-itself rounds=${ROUNDS} keys=${KEYS} requests per key=${PER_KEY}`,
    );
  });
});
