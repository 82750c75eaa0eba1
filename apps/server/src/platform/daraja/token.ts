/** A token is renewed this long before Daraja says it expires, so no call carries a dying one. */
const EXPIRY_MARGIN_MS = 60_000;
const DEFAULT_LIFETIME_MS = 3_599_000;

interface Token {
  value: string;
  expiresAt: number;
}

/**
 * Daraja's OAuth token, shared by every call until shortly before it expires. Concurrent callers
 * wait for one refresh: Daraja limits token requests, and a burst of top-ups must not fetch a token each.
 */
export function createTokenCache(
  fetchToken: () => Promise<{ accessToken: string; expiresInSeconds: number }>,
) {
  let token: Token | null = null;
  let refreshing: Promise<Token> | null = null;

  async function refresh(): Promise<Token> {
    const fresh = await fetchToken();
    const seconds = fresh.expiresInSeconds;
    const lifetime = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_LIFETIME_MS;
    return {
      value: fresh.accessToken,
      expiresAt: Date.now() + lifetime - Math.min(EXPIRY_MARGIN_MS, lifetime / 2),
    };
  }

  return {
    get(): Promise<string> {
      if (token && Date.now() < token.expiresAt) return Promise.resolve(token.value);
      refreshing ??= refresh()
        .then((fresh) => {
          token = fresh;
          return fresh;
        })
        .finally(() => {
          refreshing = null;
        });
      return refreshing.then((fresh) => fresh.value);
    },
    /** Forgets a token Daraja refused, unless a newer one already replaced it. */
    discard(value: string) {
      if (token?.value === value) token = null;
    },
  };
}
