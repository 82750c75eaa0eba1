import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFetch } from '../../src/platform/http-fetch.ts';
import { freePort } from '../support/payments.ts';

// The providers' fetch on node:http: what their clients rely on, against a server of the test's own.
let server: Server;
let base: string;
const connections = new Set<unknown>();
let held: ServerResponse | undefined;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    connections.add(request.socket);
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      if (request.url === '/never') {
        held = response;
        return;
      }
      if (request.url === '/empty') {
        response.writeHead(204).end();
        return;
      }
      response.writeHead(request.url === '/refused' ? 400 : 200, {
        'content-type': 'application/json',
        'x-answer': 'yes',
      });
      response.end(
        JSON.stringify({
          method: request.method,
          body,
          authorization: request.headers.authorization ?? null,
          length: request.headers['content-length'] ?? null,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  held?.end();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('httpFetch', () => {
  it('sends the method, headers and body, and answers status, headers and body as fetch does', async () => {
    const answer = await httpFetch(`${base}/echo`, {
      method: 'POST',
      headers: { authorization: 'Bearer t0ken', 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 100, note: 'Habari' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.ok).toBe(true);
    expect(answer.headers.get('x-answer')).toBe('yes');
    expect(await answer.json()).toEqual({
      method: 'POST',
      body: '{"amount":100,"note":"Habari"}',
      authorization: 'Bearer t0ken',
      length: '30',
    });
  });

  it('answers a refusal as a Response, not an error, and an answer without a body as empty', async () => {
    const refused = await httpFetch(`${base}/refused`, { method: 'GET' });
    expect([refused.status, refused.ok]).toEqual([400, false]);
    const empty = await httpFetch(`${base}/empty`);
    expect([empty.status, await empty.text()]).toEqual([204, '']);
  });

  it('keeps the connection for the next call', async () => {
    connections.clear();
    for (let i = 0; i < 3; i++) await (await httpFetch(`${base}/echo`)).text();
    expect(connections.size).toBe(1);
  });

  it("fails a call its signal's timeout ends with the timeout's own error, as fetch does", async () => {
    const call = httpFetch(`${base}/never`, { signal: AbortSignal.timeout(50) });
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('fails a call nobody answers with an error that is not a timeout', async () => {
    const nobody = await freePort();
    const call = httpFetch(`http://127.0.0.1:${nobody}/`, { signal: AbortSignal.timeout(5000) });
    await expect(call).rejects.toThrow();
    await call.catch((error: Error) => expect(error.name).not.toBe('TimeoutError'));
  });
});
