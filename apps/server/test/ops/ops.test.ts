import { opsMessages } from '@playon/shared/ops';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsAuditLog } from '../../src/modules/operator/schema.ts';
import { outbox } from '../../src/platform/mail-schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signUpOperator } from '../support/operators.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let admin: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const get = (url: string, who?: TestPlayer) =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
const setRole = (who: TestPlayer, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/ops/operators/role', headers: bearer(who.token), payload: body });

describe('the console door', () => {
  it('is closed to anonymous (401) and to players (403)', async () => {
    expect((await get('/api/ops/me')).statusCode).toBe(401);
    const player = await signUpPlayer(t.app);
    const refused = await get('/api/ops/me', player);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().statusMessage).toBe(opsMessages.forbidden);
  });

  it('tells an operator who they are, and keeps each role to its areas', async () => {
    const support = await signUpOperator(t.app, t.database.db, 'support');
    const me = await get('/api/ops/me', support);
    expect(me.statusCode).toBe(200);
    expect(me.json().payload).toMatchObject({ uid: support.uid, email: support.email, role: 'support' });
    expect((await get('/api/ops/audit', support)).statusCode).toBe(200);
    expect((await get('/api/ops/operators', support)).statusCode).toBe(403);
    expect((await get('/api/ops/operators', admin)).statusCode).toBe(200);
  });

  it('counts a role taken back at the next request, without a new token', async () => {
    const finance = await signUpOperator(t.app, t.database.db, 'finance');
    expect((await get('/api/ops/me', finance)).statusCode).toBe(200);
    const taken = await setRole(admin, {
      email: finance.email,
      role: 'player',
      reason: 'Left the finance team',
    });
    expect(taken.statusCode).toBe(200);
    expect((await get('/api/ops/me', finance)).statusCode).toBe(403);
  });

  it('refuses a disabled operator', async () => {
    const support = await signUpOperator(t.app, t.database.db, 'support');
    await t.database.db.execute(sql`update auth_user set banned = true where id = ${support.uid}`);
    const refused = await get('/api/ops/me', support);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().statusMessage).toBe(opsMessages.sessionEnded);
  });
});

describe('roles and the audit log', () => {
  it('gives a role with its reason, and the audit log shows who, what, before and after', async () => {
    const player = await signUpPlayer(t.app);
    const given = await setRole(admin, { email: player.email, role: 'support', reason: 'Joins support' });
    expect(given.json().payload).toEqual({ uid: player.uid, role: 'support', invited: false });
    const audit = await get(`/api/ops/audit?q=${encodeURIComponent(player.uid)}`, admin);
    const [entry] = audit.json().payload.items;
    expect(entry).toMatchObject({
      actorUid: admin.uid,
      actorEmail: admin.email,
      actorRole: 'admin',
      action: 'operators.set-role',
      targetType: 'user',
      targetId: player.uid,
      reason: 'Joins support',
      before: { role: 'player' },
      after: { role: 'support' },
    });
    expect(audit.json().payload.total).toBe(1);
  });

  it('asks for a reason, and for an e-mail that has an account', async () => {
    const player = await signUpPlayer(t.app);
    const noReason = await setRole(admin, { email: player.email, role: 'support', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().statusMessage).toBe(opsMessages.reasonRequired);
    const nobody = await setRole(admin, { email: 'nobody@example.com', role: 'support', reason: 'Who?' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().statusMessage).toBe(opsMessages.userNotFound);
  });

  it('looks an e-mail up before a role is given: an account with its name and role, or nobody', async () => {
    const player = await signUpPlayer(t.app);
    const found = await get(
      `/api/ops/operators/lookup?email=${encodeURIComponent(player.email.toUpperCase())}`,
      admin,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().payload).toEqual({
      email: player.email,
      account: { uid: player.uid, name: expect.any(String), role: 'player' },
    });
    const nobody = await get('/api/ops/operators/lookup?email=new.person%40example.com', admin);
    expect(nobody.json().payload).toEqual({ email: 'new.person@example.com', account: null });
    expect((await get('/api/ops/operators/lookup?email=not-an-email', admin)).statusCode).toBe(400);
    const support = await signUpOperator(t.app, t.database.db, 'support');
    expect(
      (await get(`/api/ops/operators/lookup?email=${encodeURIComponent(player.email)}`, support)).statusCode,
    ).toBe(403);
  });

  it('invites a person with no account: one is made with the role, and a mail to choose a password is sent', async () => {
    const email = `invited-${Date.now()}@example.com`;
    const invited = await setRole(admin, {
      email,
      role: 'finance',
      reason: 'New finance lead',
      invite: true,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().payload).toMatchObject({ role: 'finance', invited: true });
    expect(invited.json().statusMessage).toContain('Invitation sent');
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('/reset-password');
    const listed = (await get('/api/ops/operators', admin)).json().payload as {
      email: string;
      role: string;
    }[];
    expect(listed.find((operator) => operator.email === email)?.role).toBe('finance');
    // Inviting an e-mail that has an account gives the role and sends nothing.
    const again = await setRole(admin, { email, role: 'support', reason: 'Moves to support', invite: true });
    expect(again.json().payload).toMatchObject({ role: 'support', invited: false });
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(1);
  });

  it("records an operator's sign-in once per session, and lists it as their last sign-in", async () => {
    const support = await signUpOperator(t.app, t.database.db, 'support');
    const before = (await get('/api/ops/operators', admin)).json().payload as {
      uid: string;
      lastSignInAt: string | null;
    }[];
    expect(before.find((operator) => operator.uid === support.uid)?.lastSignInAt).toBeNull();
    for (let i = 0; i < 3; i++) expect((await get('/api/ops/me', support)).statusCode).toBe(200);
    const signIns = await get(
      `/api/ops/audit?action=operators.sign-in&actor=${encodeURIComponent(support.email)}`,
      admin,
    );
    expect(signIns.json().payload.total).toBe(1);
    expect(signIns.json().payload.items[0]).toMatchObject({ actorUid: support.uid, targetType: 'session' });
    const after = (await get('/api/ops/operators', admin)).json().payload as {
      uid: string;
      lastSignInAt: string | null;
    }[];
    expect(after.find((operator) => operator.uid === support.uid)?.lastSignInAt).toEqual(expect.any(String));
  });

  it('filters the log for an investigation (operator, action, days, target), exports it as CSV, and records refusals', async () => {
    const player = await signUpPlayer(t.app);
    const support = await signUpOperator(t.app, t.database.db, 'support');
    await setRole(admin, { email: player.email, role: 'support', reason: 'Investigated later' });
    // A refused attempt: support asking for the operators list, an admin's.
    expect((await get('/api/ops/operators', support)).statusCode).toBe(403);
    const refused = await get(
      `/api/ops/audit?action=operators.refused&actor=${encodeURIComponent(support.email)}`,
      admin,
    );
    expect(refused.json().payload.items).toEqual([
      expect.objectContaining({
        actorUid: support.uid,
        targetType: 'route',
        targetId: 'GET /api/ops/operators',
        after: { area: 'operators' },
      }),
    ]);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
    const byTarget = await get(`/api/ops/audit?target=${player.uid}&from=${today}&to=${today}`, admin);
    expect(byTarget.json().payload.items.map((entry: { action: string }) => entry.action)).toEqual([
      'operators.set-role',
    ]);
    const yesterdayOnly = await get(`/api/ops/audit?target=${player.uid}&to=2020-01-01`, admin);
    expect(yesterdayOnly.json().payload.total).toBe(0);
    const backwards = await get('/api/ops/audit?from=2026-11-20&to=2026-11-01', admin);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().statusMessage).toBe('The first day must come before the last.');

    const actions = (await get('/api/ops/audit/actions', admin)).json().payload as string[];
    expect(actions).toEqual(
      expect.arrayContaining(['operators.refused', 'operators.set-role', 'operators.sign-in']),
    );

    const csv = await get(`/api/ops/audit/csv?target=${player.uid}`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('at,actor_email,actor_role,action,target_type,target_id,reason,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`operators.set-role,user,${player.uid},Investigated later`);
  });

  describe('with a single admin', () => {
    let alone: TestApp;
    beforeAll(async () => {
      alone = await createTestApp();
    });
    afterAll(() => alone.close());

    it('never leaves PlayOn without an admin', async () => {
      const only = await signUpOperator(alone.app, alone.database.db, 'admin');
      const refused = await alone.app.inject({
        method: 'POST',
        url: '/api/ops/operators/role',
        headers: bearer(only.token),
        payload: { email: only.email, role: 'player', reason: 'Stepping down' },
      });
      expect(refused.statusCode).toBe(409);
    });
  });

  it('is append-only: the database refuses to change or remove an entry', async () => {
    const player = await signUpPlayer(t.app);
    await setRole(admin, { email: player.email, role: 'finance', reason: 'Joins finance' });
    await expect(t.database.db.update(opsAuditLog).set({ reason: 'edited' })).rejects.toThrow();
    await expect(t.database.db.delete(opsAuditLog)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate ops_audit_log`)).rejects.toThrow();
  });
});

describe('operator sessions', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ OPERATOR_SESSION_HOURS: '0.25' });
  });
  afterAll(() => short.close());

  it('end OPERATOR_SESSION_HOURS after sign-in, while a player session goes on', async () => {
    const operator = await signUpOperator(short.app, short.database.db, 'support');
    const me = () => short.app.inject({ method: 'GET', url: '/api/ops/me', headers: bearer(operator.token) });
    const fresh = await me();
    expect(fresh.statusCode).toBe(200);
    const endsAt = new Date(fresh.json().payload.sessionEndsAt).getTime();
    expect(endsAt - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(endsAt - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    // The session began 16 minutes ago.
    await short.database.db.execute(
      sql`update auth_session set created_at = now() - interval '16 minutes' where user_id = ${operator.uid}`,
    );
    const ended = await me();
    expect(ended.statusCode).toBe(401);
    expect(ended.json().statusMessage).toBe(opsMessages.sessionEnded);
    const player = await short.app.inject({
      method: 'GET',
      url: '/api/wallets/balance',
      headers: bearer(operator.token),
    });
    expect(player.statusCode).toBe(200);
  });
});

describe('the demo admin of a laptop', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ DEMO_CONTENT: 'true' });
  });
  afterAll(() => demo.close());

  it('is seeded in sandbox mode with demo content, and signs in with the password npm start prints', async () => {
    const credentials = demo.app.demoAdmin;
    expect(credentials?.email).toBe('admin@playon.test');
    const signIn = await demo.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: credentials?.email, password: credentials?.password },
    });
    expect(signIn.statusCode).toBe(200);
    const audit = await demo.database.db.select().from(opsAuditLog);
    expect(audit.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ['operators.set-role', 'npm start'],
    ]);
  });

  it('is not seeded without the demo content (production, these tests)', async () => {
    expect(t.app.demoAdmin).toBeUndefined();
  });
});
