import { messages } from '@playon/shared/messages';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { createAccessTokenVerifier, type Player } from './access-token.ts';
import { createAccounts } from './accounts.ts';
import { createIdentityService, type IdentityServiceDeps } from './identity-service.ts';
import { findUser } from './repo.ts';
import { createRevokedSessions, durationMs } from './revoked-sessions.ts';

export type { Player } from './access-token.ts';
export type { Accounts } from './accounts.ts';
export type { IdentityService } from './identity-service.ts';
export { type Door, registerSignIn, type SignIn } from './sign-in.ts';

const players = new WeakMap<FastifyRequest, Player>();
const sessionIds = new WeakMap<FastifyRequest, string>();

export function createAuthService(deps: IdentityServiceDeps) {
  // A revoked session matters only while a token minted for it can be unexpired (+1 min of clock skew).
  const revokedSessions = createRevokedSessions(
    deps.config.redisUrl,
    durationMs(deps.config.accessTokenTtl) + 60_000,
    deps.log,
    deps.config.redisBusNamespace,
  );
  const identity = createIdentityService(deps, revokedSessions);
  const verifyAccessToken = createAccessTokenVerifier(deps.config, identity);

  /** A player's route (`signIn: 'player'`, sign-in.ts): a valid `Authorization: Bearer` access token. */
  async function requirePlayer(request: FastifyRequest) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', messages.notLoggedIn);
    let verified: Awaited<ReturnType<typeof verifyAccessToken>>;
    try {
      verified = await verifyAccessToken(match[1]);
    } catch (error) {
      request.log.debug({ err: error }, 'access token refused');
      throw new AppError('UNAUTHENTICATED', messages.notLoggedIn);
    }
    if (await revokedSessions.isRevoked(verified.sessionId)) {
      request.log.debug({ sessionId: verified.sessionId }, 'access token of an ended session refused');
      throw new AppError('UNAUTHENTICATED', messages.notLoggedIn);
    }
    players.set(request, verified.player);
    sessionIds.set(request, verified.sessionId);
  }

  return {
    identity,
    /** The console's hold on identities: disable, end sessions, reset mail, erase (accounts.ts). */
    accounts: createAccounts(deps.db, identity),
    requirePlayer,
    findUser: (uid: string) => findUser(deps.db, uid),
    /** Whether the session behind the token `requirePlayer` let through has ended since. */
    hasSessionEnded: (request: FastifyRequest) => {
      const sessionId = sessionIds.get(request);
      return sessionId ? revokedSessions.isRevoked(sessionId) : Promise.resolve(true);
    },
    close: () => revokedSessions.close(),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
export type RequirePlayer = AuthService['requirePlayer'];

/** The session of the token `requirePlayer` let through (operator sessions end sooner, modules/operator). */
export function currentSessionId(request: FastifyRequest): string {
  const sessionId = sessionIds.get(request);
  if (!sessionId) throw new AppError('UNAUTHENTICATED', messages.notLoggedIn);
  return sessionId;
}

/** The player `requirePlayer` let through. */
export function currentPlayer(request: FastifyRequest): Player {
  const player = players.get(request);
  if (!player) throw new AppError('UNAUTHENTICATED', messages.notLoggedIn);
  return player;
}

/** What the console reads of identities: sign-ups, every player for a broadcast. */
export { createIdentityReads, type IdentityReads } from './ops/reads.ts';
/** What the login check may copy into a new profile's picture. */
export { providerPicture } from './provider-picture.ts';
/** Other modules' tables reference the player's identity row by foreign key. */
export { authSession, authUser } from './schema.ts';
