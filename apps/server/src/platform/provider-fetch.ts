import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { currentLog, currentRequestId, REQUEST_ID_HEADER } from './request-context.ts';
import { inSpan } from './tracing.ts';

export type ProviderName = 'daraja' | 'paystack' | 'airtime';

const urlOf = (input: string | URL | Request) => new URL(input instanceof Request ? input.url : input);

/**
 * A provider client's fetch, so each of its calls belongs to the request (or the job) in hand
 * (ADR 0051): it carries that request's id as X-Request-Id, a random id or nginx's that says
 * nothing about the player; it is a client span; and it is one log line on the request's logger
 * (its reqId) with the path, the status and the time taken, never a body or a header (phones,
 * credentials).
 */
export function providerFetch(provider: ProviderName, doFetch: typeof fetch): typeof fetch {
  return async (input, init = {}) => {
    const url = urlOf(input);
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    const requestId = currentRequestId();
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const call = { provider, method, path: url.pathname };
    try {
      const response = await inSpan(
        `${provider} ${method}`,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'http.request.method': method,
            'server.address': url.hostname,
            'url.path': url.pathname,
          },
        },
        async (span) => {
          const answer = await doFetch(input, { ...init, headers });
          span?.setAttribute('http.response.status_code', answer.status);
          if (answer.status >= 500) span?.setStatus({ code: SpanStatusCode.ERROR });
          return answer;
        },
      );
      currentLog()?.info({ ...call, status: response.status, ms: took() }, 'provider answered');
      return response;
    } catch (error) {
      currentLog()?.warn({ ...call, ms: took(), err: error }, 'provider not reached');
      throw error;
    }
  };
}

/** A provider's answer is waited for this long at most: a request older than this has ended, one way or the other. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export type Json = Record<string, unknown>;

/** A field of a provider's answer as a string: '' when it is absent. */
export const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** A provider refused the request (status and its code), or could not be reached (status 0). */
export class ProviderError extends Error {
  readonly status: number;
  readonly code: string | null;

  constructor(message: string, status: number, code: string | null) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** How a provider's client words the failures every call can meet. */
export interface SendFailures {
  /** Not reached, or not answered within PROVIDER_TIMEOUT_MS (status 0). */
  unreachable(reason: string): Error;
  /** A 2xx answer that is not JSON; without it, such a body reads as {} for the caller to judge. */
  notJson?(status: number): Error;
}

/**
 * A provider client's one way to call: `send(path, init)` on its base URL, through providerFetch,
 * with the timeout, answering the status and the JSON body ({} when empty or not an object).
 */
export function providerSend(
  provider: ProviderName,
  options: { baseUrl: string; fetch?: typeof fetch },
  failures: SendFailures,
) {
  const doFetch = providerFetch(provider, options.fetch ?? fetch);
  const baseUrl = options.baseUrl.replace(/\/$/, '');

  return async function send(
    path: string,
    init: RequestInit,
  ): Promise<{ status: number; ok: boolean; body: Json }> {
    let response: Response;
    let raw: string;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      raw = await response.text();
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message;
      throw failures.unreachable(reason);
    }
    let body: Json = {};
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (parsed && typeof parsed === 'object') body = parsed as Json;
    } catch {
      if (response.ok && failures.notJson) throw failures.notJson(response.status);
    }
    return { status: response.status, ok: response.ok, body };
  };
}
