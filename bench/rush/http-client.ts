// The players' HTTP: node:http with one kept-alive agent per source address, as phones behind a
// carrier's NAT share the addresses the balancer sees. One call is one request, answered with its
// status and parsed body, or thrown as a NetworkFailure carrying the error's code.
import { Agent, type IncomingHttpHeaders, request } from 'node:http';

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT';
  token?: string;
  cookie?: string;
  json?: unknown;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  /** The JSON body (the envelope, or better-auth's own shape), or undefined (a proxy's HTML page). */
  body: unknown;
  headers: IncomingHttpHeaders;
}

/** The request met no answer: the connection was refused, reset, or timed out. */
export class NetworkFailure extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

const TIMEOUT_MS = 20_000;

export function createHttp(balancerUrl: string, sourceAddresses: string[]) {
  const target = new URL(balancerUrl);
  const agents = sourceAddresses.map(
    (localAddress) => new Agent({ keepAlive: true, maxSockets: 400, localAddress, keepAliveMsecs: 15_000 }),
  );

  function call(addressIndex: number, path: string, options: CallOptions = {}): Promise<Answer> {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': 'en',
      origin: target.origin,
      ...options.headers,
    };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    return new Promise((resolve, reject) => {
      const sent = request(
        {
          host: target.hostname,
          port: target.port,
          path,
          method: options.method ?? 'GET',
          headers,
          agent: agents[addressIndex % agents.length],
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (error: NodeJS.ErrnoException) =>
            reject(new NetworkFailure(error.code ?? 'ECONNRESET')),
          );
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {
              parsed = undefined;
            }
            resolve({ status: response.statusCode ?? 0, body: parsed, headers: response.headers });
          });
        },
      );
      sent.setTimeout(TIMEOUT_MS, () =>
        sent.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      );
      sent.on('error', (error: NodeJS.ErrnoException) =>
        reject(new NetworkFailure(error.code ?? 'ECONNRESET')),
      );
      sent.end(body);
    });
  }

  return {
    call,
    close() {
      for (const agent of agents) agent.destroy();
    },
  };
}

export type Http = ReturnType<typeof createHttp>;

/** The envelope's parts, whatever the body was. */
export function envelope<T = unknown>(answer: Answer): { payload: T; code?: string; message?: string } {
  const body = (answer.body ?? {}) as { payload?: unknown; statusMessage?: string; code?: string };
  const payload = body.payload as T;
  const code = (body.payload as { code?: string } | undefined)?.code ?? body.code;
  return { payload, code, message: body.statusMessage };
}
