/**
 * The claims of a JWT's payload, read without checking its signature (the server checks it on every
 * call; the app only needs to know when a token expires and whom it stands for); `{}` when unreadable.
 */
export function claimsOf(token: string): Record<string, unknown> {
  try {
    const part = token.split('.')[1] ?? '';
    const claims: unknown = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Whether two access tokens stand for the same session of the same player (`sub` and `sid`): a
 * token minted a second later for the same session (the session check's answer carries one) reads
 * the same data as the first.
 */
export function isSameSession(a: string, b: string): boolean {
  if (a === b) return true;
  const [first, second] = [claimsOf(a), claimsOf(b)];
  return (
    typeof first.sub === 'string' &&
    first.sub === second.sub &&
    typeof first.sid === 'string' &&
    first.sid === second.sid
  );
}
