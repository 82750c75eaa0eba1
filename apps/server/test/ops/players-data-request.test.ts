import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditEntry } from '@playon/shared/ops';
import {
  deletedEmailOf,
  type LedgerEntry,
  type PlayerDetail,
  type PlayerExport,
  type PlayerPayment,
  playerOpsMessages,
} from '@playon/shared/ops-players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletService } from '../../src/modules/wallet/service.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { arrangeOwner, type Owner } from '../support/attack-owner.ts';
import { expectLedgerSound } from '../support/ledger-audit.ts';
import { signUpOperator } from '../support/operators.ts';
import { eventually } from '../support/payments.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: PaymentsTestApp;
let owner: Owner;
let support: TestPlayer;
let finance: TestPlayer;
let admin: TestPlayer;
// The owner's real top-up, chat, uploads and score come first: longer than a hook's default.
beforeAll(async () => {
  t = await createPaymentsTestApp();
  owner = await arrangeOwner(t);
  const feedback = await t.app.inject({
    method: 'POST',
    url: '/api/contact-us/feedback',
    headers: bearer(owner.player.token),
    payload: { email: owner.player.email, subject: 'Data request', message: 'Please send me my data.' },
  });
  expect(feedback.statusCode, feedback.body).toBeLessThan(300);
  support = await signUpOperator(t.app, t.database.db, 'support');
  // Paying a balance out moves money: finance's (docs/operations.md, who may do what).
  finance = await signUpOperator(t.app, t.database.db, 'finance');
  admin = await signUpOperator(t.app, t.database.db, 'admin');
  const muted = await post(`/api/ops/community/chat/rooms/${owner.chatRoomUid}/mutes`, support, {
    userId: owner.uid,
    minutes: 60,
    reason: 'Spamming links',
  });
  expect(muted.statusCode, muted.body).toBe(200);
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, who: TestPlayer) =>
  t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
const post = (url: string, who: TestPlayer, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(who.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const payOut = (uid: string, who: TestPlayer, key = randomUUID(), phone = '0711223344') =>
  post(
    `/api/ops/players/${uid}/pay-out`,
    who,
    { mpesaPhoneNumber: phone, reason: 'Closing the account' },
    key,
  );

async function latestAudit(uid: string, action: string): Promise<AuditEntry | undefined> {
  const items = (await get(`/api/ops/audit?q=${uid}&action=${action}`, admin)).json().payload.items;
  return items[0];
}

/** A player with money in the wallet, credited as a completed M-Pesa top-up writes it. */
async function playerWithBalance(cents: bigint) {
  const player = await signUpPlayer(t.app);
  await createWalletService(t.database.db).creditFromMpesa({
    uid: player.uid,
    amountCents: cents,
    intentId: randomUUID(),
    description: 'Top up from M-Pesa',
  });
  return player;
}

describe('a data request: the export', () => {
  it('holds every section of what PlayOn keeps on the player, no secrets, and is audited', async () => {
    const exported = await post(`/api/ops/players/${owner.uid}/export`, admin, {
      reason: 'Request by e-mail, 3 May',
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const document = exported.json().payload as PlayerExport;
    expect(document.uid).toBe(owner.uid);
    expect(document.identity).toMatchObject({ email: owner.player.email, signInMethods: ['credential'] });
    expect(document.profile).toMatchObject({ username: owner.username, phone: '0711223344' });
    expect(document.wallet.balance).toBe(777);
    expect(document.wallet.entries.map((entry) => entry.kind)).toEqual(['TOPUP']);
    expect(document.wallet.entries[0]?.postings).toHaveLength(2);
    expect(document.payments.map((payment) => payment.id)).toEqual([owner.paymentId]);
    expect(document.tournaments).toMatchObject([{ tournamentId: owner.tournamentId, points: 12, rank: 1 }]);
    expect(document.chatMessages.map((message) => message.message)).toContain('The owner was here.');
    expect(document.chatRooms).toHaveLength(1);
    expect(document.chatMutes).toMatchObject([{ reason: 'Spamming links' }]);
    expect(document.uploads.map((upload) => upload.kind).sort()).toEqual(['CHAT_MEDIA', 'PROFILE_PICTURE']);
    expect(document.notifications.length).toBeGreaterThan(0);
    expect(document.pushSubscriptions).toHaveLength(1);
    expect(document.pushSubscriptions[0]).toEqual({
      endpoint: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(document.referrals).toEqual({ referredBy: null, referred: [] });
    expect(document.feedback).toContainEqual(expect.objectContaining({ subject: 'Data request' }));
    // The browser's push keys and the password's hash are never part of it.
    expect(exported.body).not.toMatch(/owner-p256dh|owner-auth|"password"|scrypt/);

    const entry = await latestAudit(owner.uid, 'players.export');
    expect(entry).toMatchObject({
      actorUid: admin.uid,
      reason: 'Request by e-mail, 3 May',
      after: {
        ledgerEntries: 1,
        payments: 1,
        chatMessages: document.chatMessages.length,
        uploads: 2,
        feedback: document.feedback.length,
      },
    });
  });

  it('needs the reason the request came with', async () => {
    const refused = await post(`/api/ops/players/${owner.uid}/export`, support, {});
    expect(refused.statusCode).toBe(400);
  });
});

describe('paying the wallet out before a deletion', () => {
  it('pays out the largest amount the balance covers with its fee, once per Idempotency-Key', async () => {
    const player = await playerWithBalance(50_500n);
    const key = randomUUID();
    const [first, repeat] = [await payOut(player.uid, finance, key), await payOut(player.uid, finance, key)];
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().payload).toMatchObject({ amount: 500, fee: 5, remaining: 0 });
    expect(repeat.json().payload).toEqual(first.json().payload);
    const card = (await get(`/api/ops/players/${player.uid}`, support)).json().payload as PlayerDetail;
    expect(card.balance).toBe(0);
    const payments = (await get(`/api/ops/players/${player.uid}/payments`, support)).json().payload;
    expect(payments.items).toMatchObject([
      { type: 'WITHDRAWAL', amount: 500, fee: 5, phone: '254711223344' },
    ]);
    expect(await latestAudit(player.uid, 'players.pay-out')).toMatchObject({
      reason: 'Closing the account',
      before: { balance: 505 },
      after: { intentId: first.json().payload.intentId, amount: 500, fee: 5, remaining: 0 },
    });
    await t.sandbox.settled();
    await expectLedgerSound(t.database.db);
  });

  it('pays once when two operators pay out at the same moment', async () => {
    const player = await playerWithBalance(20_000n);
    const answers = await Promise.all([payOut(player.uid, finance), payOut(player.uid, admin)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const payments = (await get(`/api/ops/players/${player.uid}/payments`, admin)).json().payload;
    expect(payments.total).toBe(1);
    await t.sandbox.settled();
    await expectLedgerSound(t.database.db);
  });

  it('says so when the balance is below the smallest payout', async () => {
    const player = await playerWithBalance(500n);
    const refused = await payOut(player.uid, finance);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().statusMessage).toBe(playerOpsMessages.nothingToPayOut('5.00', 10));
  });
});

describe('a data request: deleting the account', () => {
  it('keeps money left in the wallet only with the reason typed, and the ledger stays whole', async () => {
    const player = await playerWithBalance(10_050n);
    const refused = await post(`/api/ops/players/${player.uid}/delete`, admin, {
      reason: 'Player asked by phone',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().statusMessage).toBe(playerOpsMessages.balanceLeft('100.50'));
    const deleted = await post(`/api/ops/players/${player.uid}/delete`, admin, {
      reason: 'Player asked by phone',
      balanceReason: 'No M-Pesa number to pay to; kept for a claim',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().payload).toMatchObject({ uid: player.uid, keptBalance: 100.5 });
    const ledger = (await get(`/api/ops/players/${player.uid}/ledger`, admin)).json().payload;
    expect(ledger.items.map((entry: LedgerEntry) => entry.kind)).toEqual(['TOPUP']);
    expect(await latestAudit(player.uid, 'players.delete')).toMatchObject({
      reason: 'Player asked by phone',
      before: { balance: 100.5 },
      after: {
        state: 'deleted',
        keptBalance: 100.5,
        balanceReason: 'No M-Pesa number to pay to; kept for a claim',
      },
    });
    await expectLedgerSound(t.database.db);
  });

  it('pays out first, then erases the personal data, chat and files, ends the sessions and keeps the money records', async () => {
    const picture = join(t.config.dataDir, 'uploads');
    const before = (
      await post(`/api/ops/players/${owner.uid}/export`, support, { reason: 'Before deleting' })
    ).json().payload as PlayerExport;
    const files = before.uploads.map((upload) => join(picture, upload.url.replace(/^\/media\//, '')));
    expect(files.every((file) => existsSync(file))).toBe(true);

    const paid = await payOut(owner.uid, finance);
    expect(paid.json().payload).toMatchObject({ amount: 772, fee: 5, remaining: 0 });
    const payments = await eventually(
      async () =>
        (await get(`/api/ops/players/${owner.uid}/payments`, support)).json().payload
          .items as PlayerPayment[],
      (items) => items.every((payment) => payment.status === 'COMPLETED'),
      30_000,
    );
    expect(payments.map((payment) => [payment.type, payment.status])).toEqual([
      ['WITHDRAWAL', 'COMPLETED'],
      ['TOPUP', 'COMPLETED'],
    ]);

    const deleted = await post(`/api/ops/players/${owner.uid}/delete`, support, {
      reason: 'Data request of 3 May',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().payload).toEqual({
      uid: owner.uid,
      removed: {
        chatMessages: before.chatMessages.length,
        chatMemberships: 1,
        files: 2,
        // and the one that told them the payout was sent
        notifications: before.notifications.length + 1,
        pushSubscriptions: 1,
        feedback: before.feedback.length,
        signInMethods: 1,
        sessions: 1,
      },
      keptBalance: 0,
    });

    // Signed out everywhere, and no way back in.
    expect((await get('/api/auth/login', owner.player)).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: owner.player.email, password: owner.player.password },
    });
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);

    const after = (
      await post(`/api/ops/players/${owner.uid}/export`, support, { reason: 'After deleting' })
    ).json().payload as PlayerExport;
    expect(after.identity).toMatchObject({
      email: deletedEmailOf(owner.uid),
      name: '',
      state: 'deleted',
      signInMethods: [],
      activeSessions: 0,
    });
    expect(after.profile).toMatchObject({
      name: null,
      username: null,
      email: null,
      phone: null,
      dob: null,
      profilePic: null,
    });
    expect(after.chatMessages).toEqual([]);
    expect(after.chatRooms).toEqual([]);
    expect(after.chatMutes).toEqual([]);
    expect(after.uploads).toEqual([]);
    expect(after.notifications).toEqual([]);
    expect(after.pushSubscriptions).toEqual([]);
    expect(after.feedback).toEqual([]);
    expect(files.some((file) => existsSync(file))).toBe(false);
    // Financial records stay under the uid: the ledger entries, the payments, the scores.
    expect(after.wallet.entries.map((entry) => entry.kind)).toEqual(['WITHDRAWAL_RESERVE', 'TOPUP']);
    expect(after.payments).toHaveLength(2);
    expect(after.tournaments).toHaveLength(1);
    await expectLedgerSound(t.database.db);

    const entry = await latestAudit(owner.uid, 'players.delete');
    expect(entry).toMatchObject({
      actorUid: support.uid,
      reason: 'Data request of 3 May',
      after: { state: 'deleted' },
    });
    // The audit keeps counts, never the personal data it erased.
    expect(JSON.stringify(entry)).not.toMatch(
      new RegExp(`${owner.player.email}|${owner.username}|0711223344`),
    );

    const again = await post(`/api/ops/players/${owner.uid}/delete`, support, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().statusMessage).toBe(playerOpsMessages.deleted);
    expect((await post(`/api/ops/players/${owner.uid}/enable`, admin, { reason: 'Undo' })).statusCode).toBe(
      409,
    );
    const found = (await get(`/api/ops/players?q=${owner.uid}`, support)).json().payload.items;
    expect(found).toMatchObject([{ uid: owner.uid, state: 'deleted', username: null, phone: null }]);
  }, 60_000);

  it('waits for a payout still on its way', async () => {
    const player = await playerWithBalance(20_000n);
    // M-Pesa takes this payout but its result never comes: it stays open until reconciliation.
    expect((await payOut(player.uid, finance, randomUUID(), '254700000005')).statusCode).toBe(200);
    const refused = await post(`/api/ops/players/${player.uid}/delete`, support, {
      reason: 'Data request',
      balanceReason: 'Whatever is left',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().statusMessage).toBe(playerOpsMessages.payoutOpen);
  });

  it("refuses to delete an operator's account until the role is taken back", async () => {
    const finance = await signUpOperator(t.app, t.database.db, 'finance');
    const refused = await post(`/api/ops/players/${finance.uid}/delete`, admin, { reason: 'Left' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().statusMessage).toBe(playerOpsMessages.operatorNotDeleted);
  });
});
