import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { PushEndpointRules } from '../../platform/config.ts';
import { isLoopbackAddress, isPublicAddress } from './ip-ranges.ts';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** A host name's addresses (the system resolver unless a test gives its own). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export type Destination =
  | { ok: true; url: URL; address: ResolvedAddress }
  /** retry: the name did not resolve this time; otherwise the endpoint is never sent to. */
  | { ok: false; problem: string; retry: boolean };

const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });
/** A subscription is not held up by a slow resolver: sending checks again anyway. */
const SUBSCRIBE_LOOKUP_MS = 3_000;
/** A delivery is not held up by a resolver that does not answer: the name is tried again later. */
export const SEND_LOOKUP_MS = 5_000;

/** `resolve`, or a refusal once `ms` have passed (the lookup itself cannot be called off). */
function resolveWithin(resolve: Resolve, host: string, ms: number): Promise<ResolvedAddress[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([resolve(host), late]).finally(() => clearTimeout(timer));
}

interface HostPattern {
  host: string;
  /** `*.push.apple.com`: any name under it, not the name itself. */
  wildcard: boolean;
  /** '' for the scheme's default port, as URL.port says it. */
  port: string;
}

function parsePattern(pattern: string): HostPattern {
  const wildcard = pattern.startsWith('*.');
  const url = new URL(`https://${wildcard ? pattern.slice(2) : pattern}`);
  return { host: url.hostname, wildcard, port: url.port };
}

const matches = (pattern: HostPattern, url: URL) =>
  pattern.port === url.port &&
  (pattern.wildcard ? url.hostname.endsWith(`.${pattern.host}`) : url.hostname === pattern.host);

/**
 * Which Web Push endpoints the server sends to (ADR 0016). An endpoint is a URL a browser hands
 * us, so it is untrusted: https on an allowed push service's host, and at send time every address
 * its name resolves to is public; the request then connects to the address that was checked, so a
 * name that resolves elsewhere a moment later (DNS rebinding) changes nothing.
 */
export function createPushEndpoints(
  rules: PushEndpointRules,
  resolve: Resolve = systemResolve,
  lookupMs = SEND_LOOKUP_MS,
) {
  const patterns = rules.hosts.map(parsePattern);
  const allowedAddress = (address: string, url: URL) =>
    rules.allowLoopback && isLoopbackAddress(address)
      ? true
      : url.protocol === 'https:' && isPublicAddress(address);

  /** Why no push goes to this endpoint, from the URL alone; undefined when it may. */
  function problemWith(endpoint: string): string | undefined {
    const url = URL.parse(endpoint);
    if (!url) return 'not a URL';
    if (url.username || url.password) return 'a URL with credentials';
    if (url.protocol !== 'https:' && !(rules.allowLoopback && url.protocol === 'http:')) return 'not https';
    if (!patterns.some((pattern) => matches(pattern, url)))
      return `${url.host} is not an allowed push service`;
    return undefined;
  }

  async function addressesOf(url: URL): Promise<ResolvedAddress[]> {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const family = isIP(host);
    return family ? [{ address: host, family }] : await resolveWithin(resolve, host, lookupMs);
  }

  /** Where a push to `endpoint` connects: the URL and the one address checked for it. */
  async function destinationOf(endpoint: string): Promise<Destination> {
    const problem = problemWith(endpoint);
    const url = URL.parse(endpoint);
    if (problem || !url) return { ok: false, problem: problem ?? 'not a URL', retry: false };
    let addresses: ResolvedAddress[];
    try {
      addresses = await addressesOf(url);
    } catch (error) {
      return {
        ok: false,
        problem: `${url.hostname} did not resolve: ${(error as Error).message}`,
        retry: true,
      };
    }
    const [first] = addresses;
    const refused = addresses.find(({ address }) => !allowedAddress(address, url));
    if (refused || !first) {
      return {
        ok: false,
        problem: `${url.hostname} resolves to ${refused?.address ?? 'nothing'}`,
        retry: false,
      };
    }
    return { ok: true, url, address: first };
  }

  /**
   * Why a browser may not subscribe with this endpoint: its URL, or a name that resolves to a
   * private address now. A name that does not resolve in time is taken: sending checks again.
   */
  async function subscribeProblem(endpoint: string): Promise<string | undefined> {
    const problem = problemWith(endpoint);
    if (problem) return problem;
    const timeout = new Promise<undefined>((done) =>
      setTimeout(() => done(undefined), SUBSCRIBE_LOOKUP_MS).unref(),
    );
    const destination = await Promise.race([destinationOf(endpoint), timeout]);
    return destination && !destination.ok && !destination.retry ? destination.problem : undefined;
  }

  return { problemWith, destinationOf, subscribeProblem };
}

export type PushEndpoints = ReturnType<typeof createPushEndpoints>;
