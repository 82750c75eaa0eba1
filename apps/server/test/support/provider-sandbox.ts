import { createServer, type IncomingHttpHeaders } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { freePort } from './payments.ts';
import { createSandboxClock } from './sandbox-clock.ts';

/** One post a sandbox made to our callback URLs: where, with which headers, the body as sent. */
export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

/**
 * What the Daraja, airtime and card sandbox tests stand on: the whole app listening on a free port,
 * its sandboxes delaying by `delayMs` on a clock the test moves (`clock`: nothing they delay happens
 * until the test says so), and a receiver standing in for our callback URLs (`hooks`) that keeps
 * every post. `answer` is what the receiver replies (200 with `{}` unless told); `env(hooks)` adds
 * variables to the app's.
 */
export function createProviderSandbox(options: {
  delayMs: number;
  env?: (hooks: string) => Record<string, string>;
  answer?: () => { status: number; body?: string };
}) {
  const clock = createSandboxClock();
  const received: Delivery[] = [];
  const answer = options.answer ?? (() => ({ status: 200, body: '{}' }));
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, raw: Buffer.concat(chunks) });
      const { status, body } = answer();
      response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      response.end(body);
    });
  });
  let t: TestApp | undefined;

  /** The posts made to `path` so far. */
  const at = (path: string) => received.filter((delivery) => delivery.path === path);

  return {
    clock,
    received,
    at,
    /** The JSON bodies posted to `path` so far. */
    bodiesAt: (path: string): unknown[] => at(path).map((delivery) => JSON.parse(delivery.raw.toString())),

    /**
     * Lets the sandbox's delay pass (every post due by then has been made and answered) and returns
     * the posts to `path`, which must be exactly `count`.
     */
    async deliveredTo(path: string, count = 1): Promise<Delivery[]> {
      await clock.advance(options.delayMs);
      const found = at(path);
      expect(found, `posts to ${path}`).toHaveLength(count);
      return found;
    },

    async start() {
      received.length = 0;
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const hooks = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      t = await createTestApp(
        { PUBLIC_URL: base, SANDBOX_PAYMENT_DELAY_MS: String(options.delayMs), ...options.env?.(hooks) },
        { sandboxClock: clock },
      );
      await t.app.listen({ port, host: '127.0.0.1' });
      return { t, base, hooks };
    },

    async close() {
      await t?.close();
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}

/** A fetch that counts the requests it passes on, by path below `prefix`. */
export function countingFetch(prefix: string) {
  const calls: string[] = [];
  const counted: typeof fetch = (input, init) => {
    calls.push(new URL(String(input)).pathname.replace(prefix, ''));
    return fetch(input, init);
  };
  return { calls, fetch: counted, oauth: () => calls.filter((path) => path.startsWith('/oauth')).length };
}

/**
 * Starts a sandbox's routes on two more instances over the same database, as a restart of two
 * servers would, posting through a fetch that keeps what each sent (`posted`). `close` stops them.
 */
export async function twoMoreInstances(
  routes: (send: typeof fetch) => (app: FastifyInstance) => Promise<void>,
) {
  const posted: { url: string; body: string }[] = [];
  const send: typeof fetch = async (input, init) => {
    posted.push({ url: String(input), body: String(init?.body) });
    return fetch(input, init);
  };
  const instances = [Fastify(), Fastify()];
  for (const instance of instances) await instance.register(routes(send));
  return { posted, close: () => Promise.all(instances.map((instance) => instance.close())) };
}

/** The status GET `url` answers on an app built with `env`: a sandbox is served, or not. */
export async function statusWith(env: Record<string, string>, url: string): Promise<number> {
  const app = await createTestApp(env);
  try {
    return (await app.app.inject({ method: 'GET', url })).statusCode;
  } finally {
    await app.close();
  }
}
