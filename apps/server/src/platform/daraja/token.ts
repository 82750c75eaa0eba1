/** A token is renewed this long before Safaricom says it expires, so no call carries a dying one. */
const EXPIRY_MARGIN_MS = 60_000;
const DEFAULT_LIFETIME_MS = 3_599_000;
/** An instance renewing the token holds the renewal this long at most: a token request ends within 10 s. */
const RENEWAL_LEASE_MS = 15_000;
/** How often an instance waiting for another's renewal looks for the new token. */
const WAIT_STEP_MS = 50;
/** Tokens Safaricom refused that a process remembers, so it never takes one of them again. */
const REFUSED_KEPT = 8;

export interface StoredToken {
  value: string;
  /** When it is renewed (Safaricom's expiry less a margin), in ms since the epoch. */
  renewAt: number;
}

/**
 * Where the instances keep the one token they all use (ADR 0074): each new token revokes the one
 * before, so one token is fetched for all, by one instance at a time.
 */
export interface TokenStore {
  read(): Promise<StoredToken | null>;
  /**
   * Takes the renewal, unless another instance holds it or the stored token is no longer `stale`
   * (another renewed it meanwhile). True when this instance is to fetch the new token.
   */
  claim(stale: string | null, leaseMs: number): Promise<boolean>;
  /** Stores the new token and ends the renewal. */
  write(token: StoredToken): Promise<void>;
  /** Ends a renewal whose fetch failed. */
  release(): Promise<void>;
}

/** A store of one process's own: a client built without a shared one (a script, a test). */
export function processTokenStore(): TokenStore {
  let token: StoredToken | null = null;
  let leaseUntil = 0;
  return {
    read: async () => token,
    async claim(stale, leaseMs) {
      if (leaseUntil > Date.now() || (token?.value ?? null) !== stale) return false;
      leaseUntil = Date.now() + leaseMs;
      return true;
    },
    async write(fresh) {
      token = fresh;
      leaseUntil = 0;
    },
    async release() {
      leaseUntil = 0;
    },
  };
}

/**
 * Safaricom's OAuth token, shared by every call of every instance until shortly before it expires or
 * until Safaricom refuses it. Concurrent callers of a process wait for one look at the store; when
 * the stored token is missing, expiring or refused, one instance fetches a new one (`claim`) and the
 * others wait for it: Safaricom revokes a token when it gives a newer one, and limits token requests.
 */
export function createTokenCache(
  fetchToken: () => Promise<{ accessToken: string; expiresInSeconds: number }>,
  store: TokenStore = processTokenStore(),
) {
  let token: StoredToken | null = null;
  let obtaining: Promise<StoredToken> | null = null;
  const refused: string[] = [];

  const usable = (candidate: StoredToken | null): boolean =>
    candidate !== null && Date.now() < candidate.renewAt && !refused.includes(candidate.value);

  async function fetchFresh(): Promise<StoredToken> {
    const fresh = await fetchToken();
    const seconds = fresh.expiresInSeconds;
    const lifetime = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_LIFETIME_MS;
    return {
      value: fresh.accessToken,
      renewAt: Date.now() + lifetime - Math.min(EXPIRY_MARGIN_MS, lifetime / 2),
    };
  }

  async function obtain(): Promise<StoredToken> {
    const giveUpAt = Date.now() + 2 * RENEWAL_LEASE_MS;
    for (;;) {
      const stored = await store.read();
      if (stored && usable(stored)) return stored;
      if (await store.claim(stored?.value ?? null, RENEWAL_LEASE_MS)) {
        try {
          const fresh = await fetchFresh();
          await store.write(fresh);
          return fresh;
        } catch (error) {
          await store.release().catch(() => undefined);
          throw error;
        }
      }
      // Another instance is renewing it: its token is read once written.
      if (Date.now() > giveUpAt) throw new Error('The Safaricom access token was not renewed in time');
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }

  return {
    get(): Promise<string> {
      if (token && usable(token)) return Promise.resolve(token.value);
      obtaining ??= obtain()
        .then((fresh) => {
          token = fresh;
          return fresh;
        })
        .finally(() => {
          obtaining = null;
        });
      return obtaining.then((fresh) => fresh.value);
    },
    /** Forgets a token Safaricom refused (revoked by a newer one, or expired early): never used again here. */
    discard(value: string) {
      if (!refused.includes(value)) refused.push(value);
      if (refused.length > REFUSED_KEPT) refused.shift();
      if (token?.value === value) token = null;
    },
  };
}
