// Money in the sandbox, at a human's pace: M-Pesa top-ups from the player's own phone (a few from
// the sandbox's cancelling phone), withdrawals, boosts to a friend and Bronze subscriptions, each
// POST under its Idempotency-Key, then the payment's status read until it is final.

import type { PaymentKind, StartedPayment } from './client-log.ts';
import { envelope } from './http-client.ts';
import { createPlayerApi, type Player, type Rush } from './player-api.ts';

const MPESA = 2;
const WALLET = 1;
/** The sandbox's phone that cancels every prompt (docs/mpesa-sandbox.md); one phone for the whole run. */
const CANCELLING_PHONE = '254700000001';
/** Under the prompts-per-phone limit (10 an hour), with room for a retried prompt. */
const CANCELLED_PER_RUN = 8;
/** A person starts a payment at most about every half minute, and prompts their phone a few times an hour. */
const PAYMENT_GAP_MS = 30_000;
const PROMPTS_PER_HOUR = 6;
const POLL_FOR_MS = 180_000;
const isFinal = (status?: string) => status === 'COMPLETED' || status === 'ERROR' || status === 'CANCELLED';

const cancelling = { open: false, count: 0, lastAt: 0 };

/** A payment started now settles before the run's end (its callback may take the sandbox's longest delay). */
export const mayPay = (rush: Rush, player: Player) =>
  Date.now() < rush.paymentsUntil && Date.now() - player.lastPaymentAt >= PAYMENT_GAP_MS;
const mayPrompt = (player: Player) =>
  player.prompts.filter((at) => Date.now() - at < 3_600_000).length < PROMPTS_PER_HOUR;

/** Reads the payment until it is final, as the waiting page does (every 2 to 4 s). */
async function followPayment(rush: Rush, player: Player, payment: StartedPayment) {
  const api = createPlayerApi(rush, player);
  const until = Date.now() + POLL_FOR_MS;
  while (!isFinal(payment.lastStatus) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 2000 + Math.random() * 2000));
    const read = await api.read('payment-status', `/api/payments/${payment.intentId}`);
    if (!read.ok || !read.answer) continue;
    const intent = envelope<{ status: string; message: string | null }>(read.answer).payload;
    payment.lastStatus = intent.status;
    payment.lastMessage = intent.message;
  }
}

async function pay(
  rush: Rush,
  player: Player,
  kind: PaymentKind,
  path: string,
  json: Record<string, unknown>,
  amountKes = Number(json.amount),
) {
  const api = createPlayerApi(rush, player);
  player.lastPaymentAt = Date.now();
  const method = json.paymentMethodId === WALLET ? 'WALLET' : 'MPESA';
  if (method === 'MPESA') player.prompts.push(Date.now());
  const { key, attempted } = await api.keyed(kind, path, json);
  const intent = attempted.answer
    ? envelope<{ id?: string; status?: string; message?: string | null }>(attempted.answer).payload
    : undefined;
  const payment: StartedPayment = {
    uid: player.uid as string,
    kind,
    method,
    amountKes,
    key,
    ...(attempted.ok && intent?.id
      ? { intentId: intent.id, lastStatus: intent.status, lastMessage: intent.message }
      : {}),
    ...(attempted.ok ? {} : { failure: attempted.failure ?? 'no answer' }),
  };
  rush.log.payments.push(payment);
  if (payment.intentId) await followPayment(rush, player, payment);
  return payment;
}

async function balanceOf(rush: Rush, player: Player): Promise<number | undefined> {
  const read = await createPlayerApi(rush, player).read('wallet-balance', '/api/wallets/balance');
  return read.ok && read.answer ? envelope<{ balance: number }>(read.answer).payload.balance : undefined;
}

export async function topUp(rush: Rush, player: Player) {
  if (!mayPrompt(player)) return;
  const isCancelled =
    !cancelling.open &&
    cancelling.count < CANCELLED_PER_RUN &&
    Date.now() - cancelling.lastAt > 20_000 &&
    Math.random() < 0.05;
  const amount = 50 + Math.floor(Math.random() * 200);
  if (!isCancelled) {
    await pay(rush, player, 'top-up', '/api/payments/top-up', {
      paymentMethodId: MPESA,
      amount,
      mpesaPhoneNumber: player.seeded.phone,
      userId: player.uid,
    });
    return;
  }
  cancelling.open = true;
  cancelling.count++;
  try {
    await pay(rush, player, 'top-up-cancelled', '/api/payments/top-up', {
      paymentMethodId: MPESA,
      amount,
      mpesaPhoneNumber: CANCELLING_PHONE,
      userId: player.uid,
    });
  } finally {
    cancelling.open = false;
    cancelling.lastAt = Date.now();
  }
}

export async function withdraw(rush: Rush, player: Player) {
  const balance = await balanceOf(rush, player);
  if (balance === undefined || balance < 80) return;
  const amount = 10 + Math.floor(Math.random() * 30);
  const api = createPlayerApi(rush, player);
  await api.read('withdraw-charges', `/api/wallets/withdraw-charges/${amount}`);
  if (!(await rush.think(rush.thinkMs()))) return;
  await pay(rush, player, 'withdraw', '/api/wallets/withdraw', {
    paymentMethodId: MPESA,
    amount,
    mpesaPhoneNumber: player.payoutPhone ?? player.seeded.phone,
  });
}

export async function boost(rush: Rush, player: Player) {
  const balance = await balanceOf(rush, player);
  if (balance === undefined || balance < 20) return;
  const friends = rush.seeded.players.filter((other) => other.username && other.uid !== player.uid);
  const friend = friends[Math.floor(Math.random() * friends.length)];
  if (!friend?.username) return;
  const api = createPlayerApi(rush, player);
  const found = await api.read('find-friend', `/api/users/by-username/${friend.username}`);
  const friendId = found.ok && found.answer ? envelope<{ id: string }>(found.answer).payload.id : undefined;
  if (!friendId || !(await rush.think(rush.thinkMs()))) return;
  await pay(rush, player, 'boost', '/api/payments/top-up', {
    paymentMethodId: WALLET,
    amount: 5 + Math.floor(Math.random() * 10),
    userId: friendId,
  });
}

export async function subscribe(rush: Rush, player: Player) {
  const api = createPlayerApi(rush, player);
  const list = await api.read('packages', '/api/subscription-packages/list');
  const packages =
    list.ok && list.answer
      ? envelope<{ id: number; name: string; amount: number }[]>(list.answer).payload
      : [];
  const bronze = packages.find((item) => item.name === 'Bronze');
  if (!bronze) return;
  const balance = await balanceOf(rush, player);
  const byWallet = balance !== undefined && balance >= bronze.amount;
  if ((!byWallet && !mayPrompt(player)) || !(await rush.think(rush.thinkMs()))) return;
  const json = {
    paymentMethodId: byWallet ? WALLET : MPESA,
    subscriptionPackageId: bronze.id,
    mpesaPhoneNumber: player.seeded.phone,
  };
  await pay(rush, player, 'subscribe', '/api/payments/subscribe', json, bronze.amount);
}
