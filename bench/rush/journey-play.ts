// Playing: the catalogue and the game's page, a play session, a genuine run recorded as the page
// records it, and its report (outside the tournament or in it). A report whose answer was lost is
// looked for on the board before it is sent again; a resend of one that had landed is refused as
// "already reported", which the careful client takes as the proof that it landed.
import { playRun, seedOf } from './game-runs.ts';
import type { Answer } from './http-client.ts';
import { envelope } from './http-client.ts';
import { createPlayerApi, type Player, type Rush } from './player-api.ts';

const ALREADY_REPORTED = 'This play session has already reported its score.';

export async function browseCatalogue(rush: Rush, player: Player) {
  const api = createPlayerApi(rush, player);
  await api.read('games-list', '/api/games/list');
  if (await rush.think(rush.thinkMs())) await api.read('game-page', `/api/games/get/${rush.seeded.gameId}`);
}

/** One play of Matatu Rush, in the running tournament or outside it. */
export async function playGame(rush: Rush, player: Player, inTournament: boolean) {
  const api = createPlayerApi(rush, player);
  const { gameId, tournamentId } = rush.seeded;
  const started = await api.read(
    inTournament ? 'play-start-tournament' : 'play-start',
    `/api/games/${gameId}/play`,
    {
      method: 'POST',
      json: inTournament ? { tournamentId } : {},
    },
  );
  const session = envelope<{ session?: string; launchUrl?: string }>(
    started.answer ?? { status: 0, body: undefined, headers: {} },
  ).payload;
  if (!started.ok || !session?.session || !session.launchUrl) return;
  // Short runs: recording one costs the client (and its replay the server) about 0.2 ms a second played.
  const run = playRun(seedOf(session.launchUrl), 8 + Math.random() * 17);
  // The run is played in real time: the server refuses a report of more frames than the session's age.
  if (!(await rush.think(run.playedMs + 1500 + Math.random() * 3000))) return;

  const sessionId = session.session.split('.')[0] as string;
  const body = { session: session.session, points: run.points, replay: run.replay };
  let bestBefore: number | undefined;
  if (inTournament) bestBefore = await ownBest(rush, player);
  const judge = (answer: Answer) => {
    if (answer.status === 200) return 'ok' as const;
    if (answer.status === 409 && envelope(answer).message === ALREADY_REPORTED) return 'ok' as const;
    return answer.status >= 500 ? ('retry' as const) : ('final' as const);
  };
  // On the board, a landed report shows as the player's best when it beat the one before.
  const landed = async () =>
    inTournament && bestBefore !== undefined && run.points > bestBefore
      ? (await ownBest(rush, player)) === run.points
      : false;
  const path = inTournament ? `/api/tournament-leaderboards/${tournamentId}` : '/api/games/score';
  const attempted = await api.mutate(inTournament ? 'tournament-score' : 'score', path, body, judge, landed);
  rush.log.runs.push({
    uid: player.uid as string,
    sessionId,
    tournamentId: inTournament ? tournamentId : null,
    points: run.points,
    outcome: attempted.ok ? 'accepted' : 'failed',
    ...(attempted.failure ? { failure: attempted.failure } : {}),
  });
}

/** The player's best on the tournament's board (the leaderboard screen's own rank), 0 without one. */
async function ownBest(rush: Rush, player: Player): Promise<number | undefined> {
  const api = createPlayerApi(rush, player);
  const me = await api.quiet(`/api/tournament-leaderboards/${rush.seeded.tournamentId}/me`);
  if (!me.ok || !me.answer) return undefined;
  return envelope<{ points?: number } | null>(me.answer).payload?.points ?? 0;
}

/** The leaderboard screen: a page, the player's own rank, and its live updates followed on /ws. */
export async function watchLeaderboard(rush: Rush, player: Player) {
  const api = createPlayerApi(rush, player);
  const { tournamentId } = rush.seeded;
  await api.read('leaderboard', `/api/tournament-leaderboards/${tournamentId}?page=0&pageSize=15`);
  await api.read('leaderboard-me', `/api/tournament-leaderboards/${tournamentId}/me`);
  player.socket?.follow(`leaderboard:${tournamentId}`);
}
