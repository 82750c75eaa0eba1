import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { type SandboxIdentity, sandboxOAuthGrants } from './schema.ts';

const CODE_TTL_SECONDS = 60;
export const TOKEN_TTL_SECONDS = 3600;

const token = () => randomBytes(24).toString('base64url');

export interface CodeRequest {
  provider: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | undefined;
  codeChallengeMethod: string | undefined;
  identity: SandboxIdentity;
}

/** RFC 7636: S256 compares base64url(sha256(verifier)); plain compares the strings. */
export function pkceMatches(challenge: string, method: string | null, verifier: string | undefined): boolean {
  if (!verifier) return false;
  const computed = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(computed);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createGrantStore(db: Db) {
  return {
    async issueCode(request: CodeRequest) {
      const code = token();
      await db.insert(sandboxOAuthGrants).values({
        code,
        provider: request.provider,
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge ?? null,
        codeChallengeMethod: request.codeChallenge ? (request.codeChallengeMethod ?? 'plain') : null,
        identity: request.identity,
        codeExpiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
      });
      return code;
    },
    async findUnusedCode(provider: string, code: string) {
      const [grant] = await db
        .select()
        .from(sandboxOAuthGrants)
        .where(
          and(
            eq(sandboxOAuthGrants.code, code),
            eq(sandboxOAuthGrants.provider, provider),
            isNull(sandboxOAuthGrants.accessToken),
            gt(sandboxOAuthGrants.codeExpiresAt, sql`now()`),
          ),
        );
      return grant;
    },
    /** Trades a code for an access token exactly once, even under concurrent requests. */
    async redeem(code: string) {
      const accessToken = token();
      const rows = await db
        .update(sandboxOAuthGrants)
        .set({ accessToken, tokenExpiresAt: sql`now() + make_interval(secs => ${TOKEN_TTL_SECONDS})` })
        .where(and(eq(sandboxOAuthGrants.code, code), isNull(sandboxOAuthGrants.accessToken)))
        .returning({ accessToken: sandboxOAuthGrants.accessToken });
      return rows[0]?.accessToken ?? undefined;
    },
    async identityOf(provider: string, accessToken: string) {
      const [grant] = await db
        .select({ identity: sandboxOAuthGrants.identity })
        .from(sandboxOAuthGrants)
        .where(
          and(
            eq(sandboxOAuthGrants.accessToken, accessToken),
            eq(sandboxOAuthGrants.provider, provider),
            gt(sandboxOAuthGrants.tokenExpiresAt, sql`now()`),
          ),
        );
      return grant?.identity;
    },
  };
}
