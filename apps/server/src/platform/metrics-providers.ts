import { Counter, type Registry } from 'prom-client';
import { httpFetch } from './http-fetch.ts';

/** The payment providers PlayOn calls: Daraja (M-Pesa), the card gateway, the airtime carrier. */
export type ProviderName = 'MPESA' | 'CARD' | 'AIRTIME';

/**
 * How a provider's HTTP answer went: `answered` (2xx, 3xx), `refused` (4xx: usually the request, not
 * the provider), `failed` (5xx) or `unreachable` (no answer: refused connection, DNS, timeout).
 */
const outcomeOf = (status: number) => (status >= 500 ? 'failed' : status >= 400 ? 'refused' : 'answered');
const PROVIDERS: ProviderName[] = ['MPESA', 'CARD', 'AIRTIME'];
const OUTCOMES = ['answered', 'refused', 'failed', 'unreachable'];

/**
 * Counts every request this instance sends to a provider by how it went: a provider that is down
 * shows here before any payment ends. Labelled by provider only, never by path (a path can hold a
 * payment's reference).
 */
export function createProviderRequestCounter(registry: Registry) {
  const requests = new Counter({
    name: 'playon_provider_requests_total',
    help: 'HTTP requests this instance sent to a payment provider, by provider and outcome (answered, refused, failed, unreachable)',
    labelNames: ['provider', 'outcome'],
    registers: [registry],
  });
  // Every series from the start: a rate over a series that appears with its first failure misses it.
  for (const provider of PROVIDERS) for (const outcome of OUTCOMES) requests.inc({ provider, outcome }, 0);
  /** A fetch for the provider's client that counts each request it sends (httpFetch's unless given). */
  return (provider: ProviderName, send: typeof fetch = httpFetch): typeof fetch =>
    async (input, init) => {
      let response: Response;
      try {
        response = await send(input, init);
      } catch (error) {
        requests.inc({ provider, outcome: 'unreachable' });
        throw error;
      }
      requests.inc({ provider, outcome: outcomeOf(response.status) });
      return response;
    };
}
