import { randomUUID } from 'node:crypto';
import { type OpsAction, opsActions, opsAreas, opsMessages } from '@playon/shared/ops';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletService } from '../../src/modules/wallet/service.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { expectLedgerSound } from '../support/ledger-audit.ts';
import { moneyApi } from '../support/money.ts';
import { signUpOperator } from '../support/operators.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// Who may do what in the console (docs/operations.md): every action that moves money is refused to
// the roles that are not finance's or an admin's, whatever area its button is in, and nothing moves.
let t: PaymentsTestApp;
let api: ReturnType<typeof moneyApi>;
let support: TestPlayer;
let finance: TestPlayer;
beforeAll(async () => {
  t = await createPaymentsTestApp({ RECONCILE_AFTER_MS: '600000' });
  api = moneyApi(t);
  support = await signUpOperator(t.app, t.database.db, 'support');
  finance = await signUpOperator(t.app, t.database.db, 'finance');
}, 60_000);
afterAll(() => t?.close());

const post = (url: string, who: TestPlayer, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(who.token), 'idempotency-key': randomUUID() },
    payload,
  });

/** The money-moving actions, each asked as the console asks it. */
function moneyCalls(
  player: string,
  payment: string,
): Record<string, (who: TestPlayer) => ReturnType<typeof post>> {
  return {
    'player.pay-out': (who) =>
      post(`/api/ops/players/${player}/pay-out`, who, { mpesaPhoneNumber: '0711223344', reason: 'Closing' }),
    'payment.refund': (who) =>
      post(`/api/ops/money/payments/${payment}/refund`, who, { destination: 'WALLET', reason: 'Refund' }),
    'payment.ask-provider': (who) => post(`/api/ops/money/payments/${payment}/ask-provider`, who, {}),
    'callback.resolve': (who) =>
      post('/api/ops/money/unmatched/1/resolve', who, { uid: player, reason: 'Mine' }),
    'statement.upload': (who) =>
      post('/api/ops/money/reconciliation/mpesa-statement', who, { day: '2031-01-15', csv: 'Receipt No.' }),
  };
}

describe('who may do what', () => {
  it("gives each action a subset of its area's roles, and money actions to finance and admin only", () => {
    for (const [action, { area, roles }] of Object.entries(opsActions)) {
      for (const role of roles) expect(opsAreas[area] as readonly string[], action).toContain(role);
    }
    const money: OpsAction[] = [
      'player.pay-out',
      'payment.refund',
      'payment.ask-provider',
      'callback.resolve',
      'statement.upload',
    ];
    for (const action of money) expect([...opsActions[action].roles].sort()).toEqual(['admin', 'finance']);
  });

  it('refuses support every money-moving action, with its reason, and moves nothing', async () => {
    const player = await signUpPlayer(t.app);
    const paid = await api.mpesaTopUp(player, 100);
    await createWalletService(t.database.db).creditFromMpesa({
      uid: player.uid,
      amountCents: 5_000n,
      intentId: randomUUID(),
      description: 'Top up from M-Pesa',
    });
    const before = await api.balance(player);
    for (const [action, call] of Object.entries(moneyCalls(player.uid, paid.id))) {
      const refused = await call(support);
      expect(refused.statusCode, `${action}: ${refused.body}`).toBe(403);
      // The Payments area's door refuses support first; the Players area lets support in, the action not.
      const said =
        opsActions[action as OpsAction].area === 'money' ? opsMessages.forbidden : opsMessages.notForRole;
      expect(refused.json().statusMessage, action).toBe(said);
    }
    expect(await api.balance(player)).toBe(before);
    const payments = (
      await t.app.inject({
        method: 'GET',
        url: `/api/ops/players/${player.uid}/payments`,
        headers: bearer(support.token),
      })
    ).json().payload.items;
    expect(payments.map((payment: { id: string }) => payment.id)).toEqual([paid.id]);
    await expectLedgerSound(t.database.db);

    // Finance may: the payout goes out.
    const paidOut = await moneyCalls(player.uid, paid.id)['player.pay-out']?.(finance);
    expect(paidOut?.statusCode, paidOut?.body).toBe(200);
  }, 60_000);

  it("refuses finance the players' account actions that are support's, and lets it stop fraud", async () => {
    const player = await signUpPlayer(t.app);
    for (const [path, body] of [
      ['password-reset', {}],
      ['export', { reason: 'Asked' }],
      ['delete', { reason: 'Asked' }],
    ] as const) {
      const refused = await post(`/api/ops/players/${player.uid}/${path}`, finance, body);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().statusMessage, path).toBe(opsMessages.notForRole);
    }
    // Disabling moves no money: finance may stop an account it suspects, and support may too.
    expect(
      (await post(`/api/ops/players/${player.uid}/disable`, finance, { reason: 'Fraud?' })).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/ops/players/${player.uid}/enable`, support, { reason: 'Cleared' })).statusCode,
    ).toBe(200);
  });
});
