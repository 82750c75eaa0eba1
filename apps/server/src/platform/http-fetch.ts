import http from 'node:http';
import https from 'node:https';

/** Connections to each provider kept open between calls, as many as the busiest moment needs. */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

/** Statuses whose answer has no body, which a Response cannot be given. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The payment providers' fetch (ADR 0061): what their clients send (a method, headers, a string
 * body, a timeout's signal), sent with node:http on kept-alive connections, answered as a Response.
 * fetch (undici) spent about a fifth of a millisecond of CPU a call in its streams and objects, a
 * seventh of a payout's; this spends a fraction of it. Redirects are not followed (no provider
 * sends one); a body of another kind than a string or bytes goes through fetch as before.
 */
export const httpFetch: typeof fetch = async (input, init = {}) => {
  const { body } = init;
  if (input instanceof Request || (body != null && typeof body !== 'string' && !(body instanceof Uint8Array)))
    return fetch(input, init);
  const url = input instanceof URL ? input : new URL(input);
  const agent =
    url.protocol === 'https:' ? agents['https:'] : url.protocol === 'http:' ? agents['http:'] : null;
  if (!agent) return fetch(input, init);
  const signal = init.signal ?? undefined;
  signal?.throwIfAborted();
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  if (body != null) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise<Response>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: init.method ?? 'GET', headers, agent, signal },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', (error) => reject(signal?.aborted ? signal.reason : error));
        answer.on('end', () => {
          const status = answer.statusCode ?? 0;
          const answerHeaders = new Headers();
          for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2)
            answerHeaders.append(answer.rawHeaders[i] as string, answer.rawHeaders[i + 1] as string);
          try {
            resolve(
              new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), {
                status,
                statusText: answer.statusMessage ?? '',
                headers: answerHeaders,
              }),
            );
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    // An abort (the call's timeout) fails the call with the signal's reason, as fetch does.
    request.on('error', (error) => reject(signal?.aborted ? signal.reason : error));
    request.end(body ?? undefined);
  });
};
