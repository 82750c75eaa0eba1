import { randomInt, randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, request as playwrightRequest } from '@playwright/test';
import pg from 'pg';
import { newPlayer, registerPlayer, type TestPlayer } from '../support/players.ts';
import { type Instance, runningStack } from './ports.ts';

export const stack = runningStack();
export const [instanceA, instanceB] = stack.instances as [Instance, Instance];

/**
 * A client address of its own (X-Forwarded-For, believed from nginx's one hop): the auth limit counts
 * per address, so the specs' sign-ups do not spend each other's, and a limit spec counts from zero.
 */
export const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A browser context for one player, through the balancer from an address of its own. */
export const playerContext = (browser: Browser) =>
  browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });

/** An API client from an address of its own, through the balancer unless `baseURL` names an instance. */
export const apiClient = (baseURL = stack.balancerUrl, address = clientAddress()) =>
  playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': address } });

export interface ApiPlayer extends TestPlayer {
  uid: string;
  /** An access token: every instance verifies it (same secret, keys in PostgreSQL). */
  token: string;
  api: APIRequestContext;
}

/** A complete player signed up through the balancer, with an access token for calls to any instance. */
export async function apiPlayer(firstName = 'Wanjiku'): Promise<ApiPlayer> {
  const api = await apiClient();
  const player = newPlayer(firstName);
  const uid = await registerPlayer(api, player);
  const { token } = (await (await api.get('/api/auth/token')).json()) as { token: string };
  return { ...player, uid, token, api };
}

export const bearer = (player: { token: string }, more: Record<string, string> = {}) => ({
  Authorization: `Bearer ${player.token}`,
  ...more,
});

/** Answers `payload` of PlayOn's envelope, failing with the body when the call did not succeed. */
export async function payloadOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/** Joins the seeded room `name` and answers its id (for sending) . */
export async function joinRoom(api: APIRequestContext, player: ApiPlayer, name: string): Promise<number> {
  const rooms = await payloadOf<Array<{ id: number; chatRoomUid: string; name: string }>>(
    await api.get('/api/chat-rooms/list', { headers: bearer(player) }),
  );
  const room = rooms.find((r) => r.name === name);
  if (!room) throw new Error(`No room named ${name}`);
  const joined = await api.get(`/api/profile/chatroom-join/${room.chatRoomUid}`, { headers: bearer(player) });
  expect([200, 409], await joined.text()).toContain(joined.status());
  return room.id;
}

/** Starts an M-Pesa top-up on the instance `baseURL` names; answers the payment's id. */
export async function startTopUp(
  player: ApiPlayer,
  baseURL: string,
  amount: number,
  mpesaPhoneNumber: string,
): Promise<string> {
  const api = await apiClient(baseURL);
  try {
    const methods = await payloadOf<Array<{ id: number; code: string }>>(
      await api.get('/api/payment-methods/list', { headers: bearer(player) }),
    );
    const mpesa = methods.find((method) => method.code === 'MPESA');
    const started = await payloadOf<{ id: string }>(
      await api.post('/api/payments/top-up', {
        headers: bearer(player, { 'Idempotency-Key': randomUUID() }),
        data: { paymentMethodId: mpesa?.id, amount, mpesaPhoneNumber, userId: player.uid },
      }),
    );
    return started.id;
  } finally {
    await api.dispose();
  }
}

export async function paymentStatus(player: ApiPlayer, id: string): Promise<string> {
  return (
    await payloadOf<{ status: string }>(
      await player.api.get(`/api/payments/${id}`, { headers: bearer(player) }),
    )
  ).status;
}

export async function balanceOf(player: ApiPlayer): Promise<number> {
  return (
    await payloadOf<{ balance: number }>(
      await player.api.get('/api/wallets/balance', { headers: bearer(player) }),
    )
  ).balance;
}

/** One query on the stack's database (what the specs check beyond the API: jobs, payment events). */
export async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * A phone the M-Pesa sandbox answers by hand (0700 900 000 to 0700 999 999): its prompt waits for
 * answerPrompt. One per payment: a phone has one prompt open at a time.
 */
export const handPhone = () => `07009${String(randomInt(100_000)).padStart(5, '0')}`;
export const darajaPhone = (phone: string) => `254${phone.slice(1)}`;

/** Answers a hand phone's prompt through the balancer, as its owner would; `pay-callback-lost` never calls back. */
export async function answerPrompt(phone: string, answer: 'pay' | 'pay-callback-lost') {
  const api = await apiClient();
  try {
    const response = await api.post(`/sandbox/daraja/phones/${darajaPhone(phone)}/answer`, {
      form: { answer },
      maxRedirects: 0,
    });
    expect(response.status(), await response.text()).toBe(303);
  } finally {
    await api.dispose();
  }
}
