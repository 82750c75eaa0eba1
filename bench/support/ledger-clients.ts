import { randomUUID } from 'node:crypto';
import { type Agent, request } from 'node:http';
import { rawHttpClient } from './raw-http.ts';

/** How the clients send: a socket of their own (`raw`), node:http's client, or fetch (undici). */
export type ClientKind = 'raw' | 'http' | 'fetch';

/** The bench's calls to the server's API at `baseUrl`, and its players and their withdrawals. */
export function ledgerClients(baseUrl: string, port: number, clientKind: ClientKind) {
  async function api(path: string, init: RequestInit & { token?: string; cookie?: string } = {}) {
    const headers = new Headers(init.headers);
    if (init.body) headers.set('content-type', 'application/json');
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.cookie) headers.set('cookie', init.cookie);
    headers.set('origin', baseUrl);
    return fetch(`${baseUrl}${path}`, { ...init, headers });
  }

  async function mpesaMethod(token: string) {
    const methods = (await (await api('/api/payment-methods/list', { token })).json()) as {
      payload: Array<{ id: number; code: string }>;
    };
    return methods.payload.find((method) => method.code === 'MPESA')?.id;
  }

  const phoneOf = (index: number) => `0712${String(index).padStart(6, '0')}`;

  /** A player with a funded wallet, ready to withdraw. */
  async function fundedPlayer(index: number): Promise<string> {
    const email = `bench.${index}.${randomUUID().slice(0, 6)}@example.com`;
    const signUp = await api('/api/auth/sign-up/email', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'secret123', name: '' }),
    });
    const cookie = (signUp.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
    const { token } = (await (await api('/api/auth/token', { cookie })).json()) as { token: string };
    await api('/api/auth/login', { token });
    const topUp = await api('/api/payments/top-up', {
      method: 'POST',
      token,
      headers: { 'idempotency-key': randomUUID() },
      // A phone of its own: one phone may have one M-Pesa prompt waiting at a time.
      body: JSON.stringify({
        paymentMethodId: await mpesaMethod(token),
        amount: 250_000,
        mpesaPhoneNumber: phoneOf(index),
      }),
    });
    const intent = ((await topUp.json()) as { payload: { id: string } }).payload;
    for (let attempt = 0; attempt < 1200; attempt++) {
      const status = (
        (await (await api(`/api/payments/${intent.id}`, { token })).json()) as { payload: { status: string } }
      ).payload.status;
      if (status === 'COMPLETED') return token;
      if (status === 'ERROR' || status === 'CANCELLED') throw new Error(`Funding failed: ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('Funding did not complete.');
  }

  /**
   * One client's sender of withdrawals, resolving with each answer's status: its own kept-alive socket
   * (`raw`, or node:http's agent with one socket per client, as a pgbench client holds one connection),
   * or fetch through `api`, which adds the rest.
   */
  function withdrawalSender(mpesa: number | undefined, agent: Agent) {
    const body = JSON.stringify({ paymentMethodId: mpesa, amount: 10, mpesaPhoneNumber: '0712345678' });
    const raw = clientKind === 'raw' ? rawHttpClient('localhost', port) : undefined;
    const send = (token: string): Promise<number> => {
      const key = randomUUID();
      if (raw)
        return raw.send(
          `POST /api/wallets/withdraw HTTP/1.1\r\nhost: localhost:${port}\r\ncontent-type: application/json\r\n` +
            `authorization: Bearer ${token}\r\norigin: ${baseUrl}\r\nidempotency-key: ${key}\r\n` +
            `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      if (clientKind === 'fetch')
        return api('/api/wallets/withdraw', {
          method: 'POST',
          token,
          headers: { 'idempotency-key': key },
          body,
        }).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        });
      const headers = {
        'idempotency-key': key,
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        origin: baseUrl,
      };
      return new Promise((resolve, reject) => {
        const sent = request(
          { agent, host: 'localhost', port, path: '/api/wallets/withdraw', method: 'POST', headers },
          (response) => {
            response.resume();
            response.once('end', () => resolve(response.statusCode ?? 0));
          },
        );
        sent.once('error', reject);
        sent.end(body);
      });
    };
    return { send, close: () => raw?.close() };
  }

  return { api, mpesaMethod, fundedPlayer, withdrawalSender };
}
