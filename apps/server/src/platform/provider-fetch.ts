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
