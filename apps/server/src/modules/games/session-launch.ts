import { LAUNCH_PARAMS, type PlaySession } from '@playon/shared/games';
import type { PlayTokens } from './play-token.ts';
import type { GameRow, PlaySessionRow } from './repo.ts';

/**
 * A play session as the player's device receives it: the signed token and the game's launch address
 * (the player, the tournament, the token and, for a game scored by replay, the run's seed, ADR 0015).
 */
export function playSessionOf(
  game: Pick<GameRow, 'gameUrl' | 'scoring'>,
  session: Pick<PlaySessionRow, 'id' | 'uid' | 'tournamentId' | 'expiresAt' | 'seed'>,
  tokens: PlayTokens,
): PlaySession {
  const token = tokens.sign(session.id);
  const params = new URLSearchParams({ [LAUNCH_PARAMS.player]: session.uid });
  if (session.tournamentId !== null) params.set(LAUNCH_PARAMS.tournament, String(session.tournamentId));
  params.set(LAUNCH_PARAMS.session, token);
  // A challenge's play runs the challenger's seed (ADR 0066); any other, the one its id derives.
  const seed = session.seed ?? tokens.seedOf(session.id);
  if (game.scoring === 'replay') params.set(LAUNCH_PARAMS.seed, String(seed));
  return {
    session: token,
    expiresAt: session.expiresAt.toISOString(),
    launchUrl: withParams(game.gameUrl, params),
  };
}

/** The game's address with the launch parameters; an outside game's own query is kept. */
function withParams(gameUrl: string, params: URLSearchParams) {
  return `${gameUrl}${gameUrl.includes('?') ? '&' : '?'}${params}`;
}
