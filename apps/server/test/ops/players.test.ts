import { randomInt, randomUUID } from 'node:crypto';
import { messages } from '@playon/shared/messages';
import { type AuditEntry, type OperatorRole, opsMessages } from '@playon/shared/ops';
import { type PlayerDetail, type PlayerListItem, playerOpsMessages } from '@playon/shared/ops-players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDisabledMessage } from '../../src/modules/auth/identity-service.ts';
import { createWalletService } from '../../src/modules/wallet/service.ts';
import { listOutbox } from '../../src/platform/mail.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { expectLedgerSound } from '../support/ledger-audit.ts';
import { signUpOperator } from '../support/operators.ts';
import { accessToken, bearer, cookieFrom, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let support: TestPlayer;
let finance: TestPlayer;
let admin: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  support = await signUpOperator(t.app, t.database.db, 'support');
  finance = await signUpOperator(t.app, t.database.db, 'finance');
  admin = await signUpOperator(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const get = (url: string, who?: TestPlayer) =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
const post = (url: string, who: TestPlayer, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(who.token), payload });

/** A player with a profile as the app's profile screen fills it in. */
async function playerWithProfile(fields: { name?: string; username?: string; phone?: string } = {}) {
  const player = await signUpPlayer(t.app);
  for (const [field, value] of Object.entries(fields)) {
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${player.uid}`,
      headers: bearer(player.token),
      payload: { [field]: value },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return player;
}

async function search(q: string, who: TestPlayer = support) {
  const found = await get(`/api/ops/players?q=${encodeURIComponent(q)}`, who);
  expect(found.statusCode, found.body).toBe(200);
  return found.json().payload as { items: PlayerListItem[]; total: number };
}

async function auditOf(uid: string): Promise<AuditEntry[]> {
  return (await get(`/api/ops/audit?q=${uid}`, admin)).json().payload.items;
}

const signIn = (player: { email: string; password: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: player.email, password: player.password },
  });

describe('who may use the Players area', () => {
  it('refuses anonymous (401) and players (403); lets support, finance and admins in', async () => {
    const player = await signUpPlayer(t.app);
    expect((await get('/api/ops/players')).statusCode).toBe(401);
    for (const url of [
      '/api/ops/players',
      `/api/ops/players/${player.uid}`,
      `/api/ops/players/${player.uid}/ledger`,
    ]) {
      const refused = await get(url, player);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().statusMessage).toBe(opsMessages.forbidden);
    }
    expect((await post(`/api/ops/players/${player.uid}/disable`, player, { reason: 'Me' })).statusCode).toBe(
      403,
    );
    for (const operator of [support, finance, admin]) {
      expect((await get(`/api/ops/players/${player.uid}`, operator)).statusCode).toBe(200);
    }
  });
});

describe('finding a player', () => {
  it('finds them by name, username, e-mail, phone in any form, and uid', async () => {
    const tag = randomUUID().slice(0, 8);
    const phone = `0722${randomInt(100_000, 999_999)}`;
    const player = await playerWithProfile({ name: `Wanjiku ${tag}`, username: `wanjiku_${tag}`, phone });
    const international = `254${phone.slice(1)}`;
    for (const q of [
      `Wanjiku ${tag}`,
      `WANJIKU_${tag}`,
      player.email.toUpperCase(),
      phone,
      international,
      `+${international}`,
      player.uid,
    ]) {
      const { items } = await search(q);
      expect(
        items.map((item) => item.uid),
        q,
      ).toEqual([player.uid]);
    }
    const [row] = (await search(player.uid)).items;
    expect(row).toMatchObject({
      uid: player.uid,
      email: player.email,
      name: `Wanjiku ${tag}`,
      username: `wanjiku_${tag}`,
      phone,
      role: 'player',
      state: 'active',
    });
  });

  it('takes the search literally and pages the list', async () => {
    expect((await search('%')).total).toBe(0);
    // An underscore is an underscore, not ILIKE's any-one-character.
    expect((await search('w_njiku')).total).toBe(0);
    const tag = `page${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 3; i++) await playerWithProfile({ name: `${tag} ${i}` });
    const first = await get(`/api/ops/players?q=${tag}&pageSize=2&page=1`, finance);
    const second = await get(`/api/ops/players?q=${tag}&pageSize=2&page=2`, finance);
    expect(first.json().payload).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.json().payload.items).toHaveLength(2);
    expect(second.json().payload.items).toHaveLength(1);
    expect(second.json().payload.items[0].name).toBe(`${tag} 0`);
  });

  it('answers a bad page with a message, never a 500', async () => {
    const bad = await get('/api/ops/players?page=0', support);
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/ops/players/no-such-player', support)).statusCode).toBe(404);
  });
});

describe("a player's card", () => {
  it('shows identity without secrets, the profile, the balance and each entry with all its postings', async () => {
    const player = await playerWithProfile({ username: `kip${randomUUID().slice(0, 6)}` });
    const intentId = randomUUID();
    await createWalletService(t.database.db).creditFromMpesa({
      uid: player.uid,
      amountCents: 25_050n,
      intentId,
      description: 'Top up from M-Pesa',
    });
    const card = await get(`/api/ops/players/${player.uid}`, finance);
    const detail = card.json().payload as PlayerDetail;
    expect(detail).toMatchObject({
      uid: player.uid,
      balance: 250.5,
      identity: { email: player.email, state: 'active', role: 'player', signInMethods: ['credential'] },
      profile: { username: player.profile.username ?? expect.any(String) },
    });
    expect(detail.identity.activeSessions).toBeGreaterThanOrEqual(1);
    expect(card.body).not.toMatch(/password|scrypt|"token"/i);

    const ledger = (await get(`/api/ops/players/${player.uid}/ledger`, finance)).json().payload;
    expect(ledger.total).toBe(1);
    expect(ledger.items[0]).toMatchObject({ kind: 'TOPUP', intentId, walletAmount: 250.5 });
    expect(ledger.items[0].postings).toEqual(
      expect.arrayContaining([
        { accountKind: 'SYSTEM', accountCode: 'MPESA_CLEARING', ownerUid: null, amount: -250.5 },
        { accountKind: 'WALLET', accountCode: null, ownerUid: player.uid, amount: 250.5 },
      ]),
    );
    expect(
      (await get(`/api/ops/players/${player.uid}/ledger?q=nothing-like-it`, finance)).json().payload.total,
    ).toBe(0);
    for (const list of ['payments', 'tournaments', 'reports']) {
      const answer = await get(`/api/ops/players/${player.uid}/${list}`, support);
      expect(answer.statusCode, list).toBe(200);
      expect(answer.json().payload).toMatchObject({ items: [], total: 0 });
    }
    expect((await get(`/api/ops/players/${player.uid}/subscriptions`, support)).json().payload).toEqual([]);
    await expectLedgerSound(t.database.db);
  });

  it('lists what the player sent through feedback as their reports', async () => {
    const player = await signUpPlayer(t.app);
    const sent = await post('/api/contact-us/feedback', player, {
      email: player.email,
      subject: 'Lost my prize',
      message: 'I won the Gold prize yesterday and see no subscription.',
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const reports = (await get(`/api/ops/players/${player.uid}/reports?q=gold`, support)).json().payload;
    expect(reports.total).toBe(1);
    expect(reports.items[0]).toMatchObject({ subject: 'Lost my prize', email: player.email });
  });
});

describe('disabling and enabling an account', () => {
  it('disables with the reason: the token that worked gets 401 at once and sign-in is refused', async () => {
    const player = await signUpPlayer(t.app);
    const secondDevice = await signIn(player);
    const secondToken = await accessToken(t.app, cookieFrom(secondDevice.headers['set-cookie']));
    expect((await get('/api/auth/login', player)).statusCode).toBe(200);

    const noReason = await post(`/api/ops/players/${player.uid}/disable`, support, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().statusMessage).toBe(opsMessages.reasonRequired);

    const disabled = await post(`/api/ops/players/${player.uid}/disable`, support, {
      reason: 'Chargeback fraud',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().payload).toEqual({ uid: player.uid, state: 'disabled' });
    for (const token of [player.token, secondToken]) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/auth/login', headers: bearer(token) });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().statusMessage).toBe(messages.notLoggedIn);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie: player.cookie } }))
        .statusCode,
    ).toBe(401);
    const refusedSignIn = await signIn(player);
    expect(refusedSignIn.statusCode).toBe(403);
    expect(refusedSignIn.body).toContain(accountDisabledMessage);

    const again = await post(`/api/ops/players/${player.uid}/disable`, support, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().statusMessage).toBe(playerOpsMessages.alreadyDisabled);
    const card = (await get(`/api/ops/players/${player.uid}`, support)).json().payload as PlayerDetail;
    expect(card.identity).toMatchObject({
      state: 'disabled',
      disabledReason: 'Chargeback fraud',
      activeSessions: 0,
    });

    const [entry] = await auditOf(player.uid);
    expect(entry).toMatchObject({
      action: 'players.disable',
      actorUid: support.uid,
      targetType: 'player',
      targetId: player.uid,
      reason: 'Chargeback fraud',
      before: { state: 'active', activeSessions: 2 },
      after: { state: 'disabled', activeSessions: 0 },
    });
  });

  it('enables again with the reason: the player signs in as before', async () => {
    const player = await signUpPlayer(t.app);
    await post(`/api/ops/players/${player.uid}/disable`, finance, { reason: 'Suspicious top-ups' });
    expect((await post(`/api/ops/players/${player.uid}/enable`, finance, {})).statusCode).toBe(400);
    const enabled = await post(`/api/ops/players/${player.uid}/enable`, finance, {
      reason: 'Bank confirmed the card',
    });
    expect(enabled.json().payload).toEqual({ uid: player.uid, state: 'active' });
    const back = await signIn(player);
    expect(back.statusCode).toBe(200);
    const token = await accessToken(t.app, cookieFrom(back.headers['set-cookie']));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/login', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/ops/players/${player.uid}/enable`, finance, { reason: 'Twice' })).statusCode,
    ).toBe(409);
    const [entry] = await auditOf(player.uid);
    expect(entry).toMatchObject({
      action: 'players.enable',
      reason: 'Bank confirmed the card',
      before: { state: 'disabled', disabledReason: 'Suspicious top-ups' },
      after: { state: 'active' },
    });
  });

  it("keeps operators' accounts to admins and no one's own account to themselves", async () => {
    const otherAdmin = await signUpOperator(t.app, t.database.db, 'admin');
    const refused = await post(`/api/ops/players/${otherAdmin.uid}/disable`, support, {
      reason: 'Locking out',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().statusMessage).toBe(playerOpsMessages.operatorsByAdmins);
    const self = await post(`/api/ops/players/${admin.uid}/disable`, admin, { reason: 'Myself' });
    expect(self.statusCode).toBe(409);
    expect(self.json().statusMessage).toBe(playerOpsMessages.notYourself);
    const byAdmin = await post(`/api/ops/players/${otherAdmin.uid}/disable`, admin, {
      reason: 'Left the company',
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it('answers an unknown player with 404', async () => {
    const missing = await post('/api/ops/players/no-such-player/disable', support, { reason: 'Nobody' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().statusMessage).toBe(playerOpsMessages.notFound);
  });
});

describe('a password reset by mail', () => {
  it("sends better-auth's reset mail to the account's e-mail and audits it", async () => {
    const player = await signUpPlayer(t.app);
    const sent = await post(`/api/ops/players/${player.uid}/password-reset`, support);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().payload).toEqual({ email: player.email });
    const mail = (await listOutbox(t.database.db)).find((m) => m.to === player.email);
    expect(mail?.subject).toBe('Reset your PlayOn password');
    expect(mail?.text).toContain('/reset-password');
    // To a player who chose Kiswahili, in Kiswahili, whatever the operator's language.
    const wanjiru = await signUpPlayer(t.app);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${wanjiru.uid}`,
      headers: bearer(wanjiru.token),
      payload: { language: 'sw' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await post(`/api/ops/players/${wanjiru.uid}/password-reset`, support)).statusCode).toBe(200);
    const mailSw = (await listOutbox(t.database.db)).find((m) => m.to === wanjiru.email);
    expect(mailSw?.subject).toBe('Weka nenosiri jipya la PlayOn');
    const [entry] = await auditOf(player.uid);
    expect(entry).toMatchObject({
      action: 'players.password-reset',
      actorUid: support.uid,
      after: { sentTo: player.email },
    });
  });
});

describe('every role of the area acts', () => {
  it.each(['support', 'finance', 'admin'] as OperatorRole[])(
    '%s disables and enables a player',
    async (role) => {
      const operator = { support, finance, admin }[role];
      const player = await signUpPlayer(t.app);
      expect(
        (await post(`/api/ops/players/${player.uid}/disable`, operator, { reason: `By ${role}` })).statusCode,
      ).toBe(200);
      expect(
        (await post(`/api/ops/players/${player.uid}/enable`, operator, { reason: `By ${role}` })).statusCode,
      ).toBe(200);
      expect((await auditOf(player.uid)).map((entry) => entry.actorRole)).toEqual([role, role]);
    },
  );
});
