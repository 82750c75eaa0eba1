/** One request of the pre-flight, and why it failed in plain words when it did (docs/go-live.md). */
import { type Json, PROVIDER_TIMEOUT_MS } from '../platform/provider-fetch.ts';

export type Reached = { status: number; body: Json } | { unreachable: string };

/** What Node's network and TLS error codes mean to an operator. */
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'no such host name (DNS)',
  EAI_AGAIN: 'the host name could not be resolved now (DNS)',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate chain is incomplete',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
};

export function unreachableReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `no answer within ${PROVIDER_TIMEOUT_MS / 1000} s`;
  }
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const code = cause?.code ?? '';
  return REASONS[code] ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** Sends one request; never throws: an answer (its JSON body, {} when it has none) or why there was none. */
export async function reach(url: string, init: RequestInit, send: typeof fetch = fetch): Promise<Reached> {
  try {
    const response = await send(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    const raw = await response.text();
    let body: Json = {};
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (parsed && typeof parsed === 'object') body = parsed as Json;
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    return { status: response.status, body };
  } catch (error) {
    return { unreachable: unreachableReason(error) };
  }
}

/** Safaricom's OAuth client credentials (Daraja's and the airtime protocol's): a token, or the answer refusing one. */
export async function safaricomToken(
  baseUrl: string,
  credentials: { consumerKey: string; consumerSecret: string },
  send?: typeof fetch,
): Promise<Reached & { token?: string }> {
  const basic = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString('base64');
  const answer = await reach(
    `${baseUrl}/oauth/v1/generate?grant_type=client_credentials`,
    { headers: { authorization: `Basic ${basic}`, accept: 'application/json' } },
    send,
  );
  if ('status' in answer && answer.status === 200 && typeof answer.body.access_token === 'string') {
    return { ...answer, token: answer.body.access_token };
  }
  return answer;
}

/** A provider's own words in an answer ({errorMessage}, {message}), for the operator to read. */
export function wordsOf(answer: { status: number; body: Json }): string {
  const words = answer.body.errorMessage ?? answer.body.message ?? answer.body.error_description;
  const code = answer.body.errorCode ? `${String(answer.body.errorCode)} ` : '';
  return typeof words === 'string' ? `HTTP ${answer.status} ${code}${words}` : `HTTP ${answer.status}`;
}
