import { opsMessages } from '@playon/shared/ops';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authUser } from '../../src/modules/auth/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signUpOperator } from '../support/operators.ts';
import { accessToken, bearer, cookieFrom, type TestPlayer } from '../support/players.ts';

// Two admins taking each other's role (or account) at the same moment were both answered 200 and
// left PlayOn with no admin: the rule looked only at the target's row. Every change that can
// remove an admin now takes the admins' rows first (ADR 0024), so one of them is refused.
let t: TestApp;
let first: TestPlayer;
let second: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  first = await signUpOperator(t.app, t.database.db, 'admin');
  second = await signUpOperator(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const ROUNDS = 10;
/** A ceiling for ten rounds of sign-ins and console calls on a busy machine, not a measure. */
const RACE_TIMEOUT = 180_000;

/** Both operators admins again, enabled, each with a console session of their own. */
async function twoAdmins() {
  await t.database.db
    .update(authUser)
    .set({ role: 'admin', banned: false, banReason: null })
    .where(inArray(authUser.id, [first.uid, second.uid]));
  for (const admin of [first, second]) {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: admin.email, password: admin.password },
    });
    expect(signIn.statusCode).toBe(200);
    admin.token = await accessToken(t.app, cookieFrom(signIn.headers['set-cookie']));
    // The session's first console request writes its sign-in; the race itself starts past the door.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ops/me', headers: bearer(admin.token) })).statusCode,
    ).toBe(200);
  }
}

/**
 * Sends both requests so that they overlap. On PostgreSQL the test holds both admins' rows until
 * both requests wait on them, then lets them go together: each has passed the door and neither has
 * looked at the other admin yet. PGlite serves one connection, so its requests only interleave.
 */
async function together<T>(send: () => Promise<T>): Promise<T> {
  const location = t.config.database;
  if (location.kind !== 'postgres') return send();
  // Two connections of the test's own: pg_stat_activity read inside the holding transaction would
  // show the moment that transaction began.
  const [holder, watcher] = [new pg.Client(location.url), new pg.Client(location.url)];
  await Promise.all([holder.connect(), watcher.connect()]);
  try {
    await holder.query('begin');
    await holder.query('select id from auth_user where id = any($1) for no key update', [
      [first.uid, second.uid],
    ]);
    const answers = send();
    await vi.waitFor(
      async () => {
        const { rows } = await watcher.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect(rows[0]?.n).toBeGreaterThanOrEqual(2);
      },
      { timeout: 60_000, interval: 10 },
    );
    await holder.query('commit');
    return await answers;
  } finally {
    await Promise.all([holder.end(), watcher.end()]);
  }
}

const enabledAdmins = () =>
  t.database.db
    .select({ uid: authUser.id })
    .from(authUser)
    .where(and(eq(authUser.role, 'admin'), eq(authUser.banned, false)));

/** One answered 200, the other refused with the last-admin rule; one admin left, enabled. */
async function expectOneAdminLeft(answers: { statusCode: number; json(): { statusMessage: string } }[]) {
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  const refused = answers.find((answer) => answer.statusCode === 409);
  expect(refused?.json().statusMessage).toBe(opsMessages.lastAdmin);
  expect(await enabledAdmins()).toHaveLength(1);
}

describe('two admins acting on each other at the same moment', () => {
  it('never both take the admin role back: one stays admin, the other is told PlayOn needs one', {
    timeout: RACE_TIMEOUT,
  }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await twoAdmins();
      const demote = (actor: TestPlayer, target: TestPlayer) =>
        t.app.inject({
          method: 'POST',
          url: '/api/ops/operators/role',
          headers: bearer(actor.token),
          payload: { email: target.email, role: 'player', reason: 'Steps down' },
        });
      await expectOneAdminLeft(
        await together(() => Promise.all([demote(first, second), demote(second, first)])),
      );
    }
  });

  it('never both disable each other: one admin can still sign in', { timeout: RACE_TIMEOUT }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await twoAdmins();
      const disable = (actor: TestPlayer, target: TestPlayer) =>
        t.app.inject({
          method: 'POST',
          url: `/api/ops/players/${target.uid}/disable`,
          headers: bearer(actor.token),
          payload: { reason: 'Account compromised' },
        });
      await expectOneAdminLeft(
        await together(() => Promise.all([disable(first, second), disable(second, first)])),
      );
    }
  });

  it('never demote one and disable the other', { timeout: RACE_TIMEOUT }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await twoAdmins();
      const answers = await together(() =>
        Promise.all([
          t.app.inject({
            method: 'POST',
            url: '/api/ops/operators/role',
            headers: bearer(first.token),
            payload: { email: second.email, role: 'support', reason: 'Moves to support' },
          }),
          t.app.inject({
            method: 'POST',
            url: `/api/ops/players/${first.uid}/disable`,
            headers: bearer(second.token),
            payload: { reason: 'Account compromised' },
          }),
        ]),
      );
      await expectOneAdminLeft(answers);
    }
  });
});
