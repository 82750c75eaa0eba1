import { createLocalJWKSet, createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { Config } from '../../platform/config.ts';
import type { IdentityService } from './identity-service.ts';

/** Tokens are ours (issuer and audience: our address) unless JWKS_URL names another issuer's keys. */
type AccessTokenSettings = Pick<Config, 'jwksUrl' | 'publicUrl'>;

export interface Player {
  uid: string;
  email: string | undefined;
}

/**
 * The keys that verify access tokens: another issuer's JWKS when JWKS_URL is set, otherwise our
 * identity service's keys read in-process (no HTTP round trip to ourselves), re-read when a token
 * names a key we have not seen (the first key is created with the first token; keys may rotate).
 * Concurrent re-reads share one query.
 */
function accessTokenKeys(config: AccessTokenSettings, identity: IdentityService): JWTVerifyGetKey {
  if (config.jwksUrl) return createRemoteJWKSet(new URL(config.jwksUrl));
  let local: Promise<JWTVerifyGetKey> | undefined;
  const load = () => {
    const loading = identity.api.getJwks().then((jwks) => createLocalJWKSet(jwks));
    local = loading;
    loading.catch(() => {
      if (local === loading) local = undefined;
    });
    return loading;
  };
  return async (header, token) => {
    const current = local ?? load();
    try {
      return await (await current)(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      const fresh = local === current ? load() : (local ?? load());
      return (await fresh)(header, token);
    }
  };
}

/**
 * Verifies an access token's signature, expiry, issuer and audience; resolves to the player it
 * names and the session (`sid`) it was minted for, which the caller checks is not revoked.
 */
export function createAccessTokenVerifier(config: AccessTokenSettings, identity: IdentityService) {
  const keys = accessTokenKeys(config, identity);
  return async (token: string): Promise<{ player: Player; sessionId: string }> => {
    const { payload } = await jwtVerify(token, keys, {
      issuer: config.publicUrl,
      audience: config.publicUrl,
    });
    if (!payload.sub) throw new errors.JWTClaimValidationFailed('missing sub', payload, 'sub', 'missing');
    // Without the session it came from, a token could not be revoked: refuse it.
    if (typeof payload.sid !== 'string' || !payload.sid) {
      throw new errors.JWTClaimValidationFailed('missing sid', payload, 'sid', 'missing');
    }
    return {
      player: { uid: payload.sub, email: typeof payload.email === 'string' ? payload.email : undefined },
      sessionId: payload.sid,
    };
  };
}
