import { messages } from '@playon/shared/messages';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { createAccessTokenVerifier, type Player } from './access-token.ts';
import { createIdentityService, type IdentityServiceDeps } from './identity-service.ts';
import { findUser } from './repo.ts';

export type { Player } from './access-token.ts';

const players = new WeakMap<FastifyRequest, Player>();

export function createAuthService(deps: IdentityServiceDeps) {
  const identity = createIdentityService(deps);
  const verifyAccessToken = createAccessTokenVerifier(deps.config, identity);

  /** preHandler for every player-facing /api route: a valid `Authorization: Bearer` access token. */
  async function requirePlayer(request: FastifyRequest) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', messages.notLoggedIn);
    try {
      players.set(request, await verifyAccessToken(match[1]));
    } catch (error) {
      request.log.debug({ err: error }, 'access token refused');
      throw new AppError('UNAUTHENTICATED', messages.notLoggedIn);
    }
  }

  return { identity, requirePlayer, findUser: (uid: string) => findUser(deps.db, uid) };
}

export type AuthService = ReturnType<typeof createAuthService>;
export type RequirePlayer = AuthService['requirePlayer'];

/** The player `requirePlayer` let through. */
export function currentPlayer(request: FastifyRequest): Player {
  const player = players.get(request);
  if (!player) throw new AppError('UNAUTHENTICATED', messages.notLoggedIn);
  return player;
}

/** Other modules' tables reference the player's identity row by foreign key. */
export { authUser } from './schema.ts';
