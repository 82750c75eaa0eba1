import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { createAccessTokenVerifier } from './access-token.ts';
import type { IdentityService } from './identity-service.ts';

const config = loadConfig({ BETTER_AUTH_SECRET: 's'.repeat(32), PUBLIC_URL: 'https://playon.example' });

async function signingKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' } as JWK };
}

/** Stands in for better-auth's getJwks: whatever keys the identity service holds right now. */
function identityWith(keys: JWK[]) {
  let reads = 0;
  const identity = {
    api: {
      getJwks: async () => {
        reads++;
        return { keys: [...keys] };
      },
    },
  } as unknown as IdentityService;
  return { identity, reads: () => reads };
}

function token(
  key: Awaited<ReturnType<typeof signingKey>>,
  claims: { iss?: string; aud?: string; exp?: string | number; sid?: string | null } = {},
) {
  const sid = claims.sid === undefined ? 'session-1' : claims.sid;
  return new SignJWT({ email: 'amina@example.com', ...(sid === null ? {} : { sid }) })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
    .setSubject('player-1')
    .setIssuer(claims.iss ?? config.publicUrl)
    .setAudience(claims.aud ?? config.publicUrl)
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? '15m')
    .sign(key.privateKey);
}

describe('verifying access tokens', () => {
  it('accepts a token from our identity service and names the player and its session', async () => {
    const key = await signingKey('k1');
    const verify = createAccessTokenVerifier(config, identityWith([key.jwk]).identity);
    await expect(verify(await token(key))).resolves.toEqual({
      player: { uid: 'player-1', email: 'amina@example.com' },
      sessionId: 'session-1',
    });
  });

  it('refuses a token that names no session, as it could not be revoked', async () => {
    const key = await signingKey('k1');
    const verify = createAccessTokenVerifier(config, identityWith([key.jwk]).identity);
    await expect(verify(await token(key, { sid: null }))).rejects.toThrow(/sid/);
  });

  it('refuses another issuer, another audience and an expired token', async () => {
    const key = await signingKey('k1');
    const verify = createAccessTokenVerifier(config, identityWith([key.jwk]).identity);
    await expect(verify(await token(key, { iss: 'https://elsewhere.example' }))).rejects.toThrow();
    await expect(verify(await token(key, { aud: 'https://elsewhere.example' }))).rejects.toThrow();
    await expect(verify(await token(key, { exp: Math.floor(Date.now() / 1000) - 5 }))).rejects.toThrow();
  });

  it('picks up a key created after the first read, as on a fresh install', async () => {
    const keys: JWK[] = [];
    const { identity, reads } = identityWith(keys);
    const verify = createAccessTokenVerifier(config, identity);
    const early = await signingKey('early');
    await expect(verify(await token(early))).rejects.toThrow();
    const first = await signingKey('first');
    keys.push(first.jwk);
    await expect(verify(await token(first))).resolves.toMatchObject({ player: { uid: 'player-1' } });
    await expect(verify(await token(first))).resolves.toMatchObject({ player: { uid: 'player-1' } });
    expect(reads()).toBe(3);
  });

  describe('a token verified once', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is let through again until its expiry, and refused from then on', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const key = await signingKey('k1');
      const verify = createAccessTokenVerifier(config, identityWith([key.jwk]).identity);
      const nowSeconds = Math.floor(Date.now() / 1000);
      const issued = await token(key, { exp: nowSeconds + 60 });
      await expect(verify(issued)).resolves.toMatchObject({ sessionId: 'session-1' });
      vi.setSystemTime((nowSeconds + 59) * 1000);
      await expect(verify(issued)).resolves.toMatchObject({ sessionId: 'session-1' });
      vi.setSystemTime((nowSeconds + 60) * 1000);
      await expect(verify(issued)).rejects.toThrow();
    });

    it('does not vouch for a copy with another signature or other claims', async () => {
      const key = await signingKey('k1');
      const verify = createAccessTokenVerifier(config, identityWith([key.jwk]).identity);
      const issued = await token(key);
      await verify(issued);
      const [header, payload, signature] = issued.split('.') as [string, string, string];
      const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
      await expect(verify(`${header}.${payload}.${flipped}`)).rejects.toThrow();
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const other = Buffer.from(JSON.stringify({ ...claims, sub: 'player-2' })).toString('base64url');
      await expect(verify(`${header}.${other}.${signature}`)).rejects.toThrow();
    });
  });
});
