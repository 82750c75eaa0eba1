import { createLocalJWKSet, createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { Config } from '../../platform/config.ts';
import type { IdentityService } from './identity-service.ts';

export interface Player {
  uid: string;
  email: string | undefined;
}

/** Re-reading our own keys on an unknown kid is cheap, but a flood of forged kids must not hammer the database. */
const MIN_RELOAD_INTERVAL_MS = 10_000;

/**
 * The keys that verify access tokens: another issuer's JWKS when JWKS_URL is set, otherwise our
 * identity service's keys read in-process (no HTTP round trip to ourselves), reloaded when a
 * token names a key we have not seen (key rotation).
 */
function accessTokenKeys(config: Config, identity: IdentityService): JWTVerifyGetKey {
  if (config.jwksUrl) return createRemoteJWKSet(new URL(config.jwksUrl));
  let local: JWTVerifyGetKey | undefined;
  let loadedAt = 0;
  const load = async () => {
    local = createLocalJWKSet(await identity.api.getJwks());
    loadedAt = Date.now();
    return local;
  };
  return async (header, token) => {
    const keys = local ?? (await load());
    try {
      return await keys(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - loadedAt < MIN_RELOAD_INTERVAL_MS) {
        throw error;
      }
      return (await load())(header, token);
    }
  };
}

/** Verifies an access token's signature, expiry, issuer and audience; resolves to the player it names. */
export function createAccessTokenVerifier(config: Config, identity: IdentityService) {
  const keys = accessTokenKeys(config, identity);
  return async (token: string): Promise<Player> => {
    const { payload } = await jwtVerify(token, keys, {
      issuer: config.publicUrl,
      audience: config.publicUrl,
    });
    if (!payload.sub) throw new errors.JWTClaimValidationFailed('missing sub', payload, 'sub', 'missing');
    return { uid: payload.sub, email: typeof payload.email === 'string' ? payload.email : undefined };
  };
}
