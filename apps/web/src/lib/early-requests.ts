/**
 * Requests a screen will make, sent before its code has arrived (issue 14): the entry starts them at
 * boot, alongside the screen's chunks, instead of one round trip after those chunks have run. Each
 * answer is taken once, by the first caller that would have sent the same request, and only while
 * fresh; otherwise that caller sends its own. Only GETs whose answer depends on the session cookie
 * alone belong here (the session, the access token), never one carrying a token or a body.
 */
const FRESH_FOR_MS = 30_000;

interface Early {
  response: Promise<Response>;
  sentAt: number;
}

const sent = new Map<string, Early>();

export function sendEarly(path: string): void {
  if (sent.has(path)) return;
  const response = fetch(path, { headers: { Accept: 'application/json' } });
  // A failure here is the taker's to report, as if it had sent the request itself.
  response.catch(() => undefined);
  sent.set(path, { response, sentAt: Date.now() });
}

/** The early answer to `path`, once; undefined when none was sent or it is too old to trust. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const early = sent.get(path);
  if (!early) return undefined;
  sent.delete(path);
  return Date.now() - early.sentAt <= FRESH_FOR_MS ? early.response : undefined;
}

/** Signing in, up or out changes what the cookie stands for: no answer sent before is true any more. */
export function dropEarly(): void {
  sent.clear();
}
