import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
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
});
