import { opsMessages } from '@playon/shared/ops';
import {
  addDays,
  type DataRequest,
  type DataRequestPage,
  nairobiDayOf,
} from '@playon/shared/ops-data-requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signUpOperator } from '../support/operators.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// The register of data requests under Kenya's Data Protection Act (ADR 0068): each open request
// shows the Act's seven days, counted on Nairobi's calendar, and the overdue ones are listed apart.
let t: TestApp;
let support: TestPlayer;
let finance: TestPlayer;
let player: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  support = await signUpOperator(t.app, t.database.db, 'support');
  finance = await signUpOperator(t.app, t.database.db, 'finance');
  player = await signUpPlayer(t.app);
}, 60_000);
afterAll(() => t.close());

const today = () => nairobiDayOf(new Date());
const list = async (query: string, who = support) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/ops/players/data-requests?${query}`,
    headers: bearer(who.token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().payload as DataRequestPage;
};
const post = (url: string, payload: object, who = support) =>
  t.app.inject({ method: 'POST', url, headers: bearer(who.token), payload });
const record = async (daysAgo: number, kind = 'access') => {
  const answer = await post('/api/ops/players/data-requests', {
    uid: player.uid,
    kind,
    receivedOn: addDays(today(), -daysAgo),
    channel: 'e-mail from the account',
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().payload as DataRequest;
};

describe('the Act’s clock on data requests', () => {
  it('shows days left, due today, and days overdue, and lists the overdue apart, nearest deadline first', async () => {
    const fresh = await record(0);
    const threeDays = await record(3, 'erasure');
    const dueToday = await record(7);
    const oneLate = await record(8);
    const longLate = await record(20, 'erasure');
    expect(fresh).toMatchObject({ status: 'open', daysLeft: 7, dueOn: addDays(today(), 7) });
    expect(threeDays.daysLeft).toBe(4);
    expect(dueToday).toMatchObject({ daysLeft: 0, dueOn: today() });
    expect(oneLate.daysLeft).toBe(-1);
    expect(longLate.daysLeft).toBe(-13);

    const open = await list('status=open');
    expect(open.items.map((r) => r.id)).toEqual([
      longLate.id,
      oneLate.id,
      dueToday.id,
      threeDays.id,
      fresh.id,
    ]);
    expect(open.overdue).toBe(2);
    const overdue = await list('status=overdue');
    expect(overdue.items.map((r) => r.daysLeft)).toEqual([-13, -1]);

    const answered = await post(`/api/ops/players/data-requests/${oneLate.id}/answer`, {
      reason: 'Exported and sent to the account e-mail',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().payload).toMatchObject({
      status: 'answered',
      daysLeft: null,
      answeredByEmail: support.email,
    });
    expect((await list('status=overdue')).items.map((r) => r.id)).toEqual([longLate.id]);
    expect((await list('status=answered')).items.map((r) => r.id)).toEqual([oneLate.id]);
    expect((await list(`status=all&uid=${player.uid}`)).total).toBe(5);

    const again = await post(`/api/ops/players/data-requests/${oneLate.id}/answer`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    const audit = (
      await t.app.inject({
        method: 'GET',
        url: `/api/ops/audit?target=${player.uid}`,
        headers: bearer(support.token),
      })
    ).json().payload.items as { action: string }[];
    expect(audit.filter((e) => e.action === 'players.data-request')).toHaveLength(5);
    expect(audit.filter((e) => e.action === 'players.data-request-answered')).toHaveLength(1);
  });

  it('refuses a day after today in Nairobi, an unknown player, and a missing channel', async () => {
    const future = await post('/api/ops/players/data-requests', {
      uid: player.uid,
      kind: 'access',
      receivedOn: addDays(today(), 1),
      channel: 'phone',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().statusMessage).toBe('The request cannot arrive after today (Nairobi).');
    const nobody = await post('/api/ops/players/data-requests', {
      uid: 'no-such-player',
      kind: 'access',
      receivedOn: today(),
      channel: 'phone',
    });
    expect(nobody.statusCode).toBe(404);
    const noChannel = await post('/api/ops/players/data-requests', {
      uid: player.uid,
      kind: 'access',
      receivedOn: today(),
    });
    expect(noChannel.statusCode).toBe(400);
  });

  it('lets finance read the register but not record or answer, and refuses players', async () => {
    expect((await list('status=open', finance)).items.length).toBeGreaterThan(0);
    const refused = await post(
      '/api/ops/players/data-requests',
      { uid: player.uid, kind: 'access', receivedOn: today(), channel: 'phone' },
      finance,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().statusMessage).toBe(opsMessages.notForRole);
    const answer = await post('/api/ops/players/data-requests/1/answer', { reason: 'Done it' }, finance);
    expect(answer.statusCode).toBe(403);
    const asPlayer = await t.app.inject({
      method: 'GET',
      url: '/api/ops/players/data-requests',
      headers: bearer(player.token),
    });
    expect(asPlayer.statusCode).toBe(403);
  });
});
