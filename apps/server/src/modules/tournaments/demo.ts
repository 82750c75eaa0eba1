import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { toHundredths } from '../games/service.ts';
import { type DemoTournament, demoEmail, demoPlayers, demoPrizes, demoTournaments } from './demo-content.ts';
import { demoIdentity } from './demo-repo.ts';
import type { TournamentServiceDeps } from './deps.ts';
import type { TournamentRepo } from './repo.ts';
import type { AwardName, NewTournamentInput } from './tournament.ts';

interface DemoDeps extends Pick<TournamentServiceDeps, 'db' | 'games' | 'subscriptions' | 'players' | 'log'> {
  now: () => Date;
  repo: TournamentRepo;
  createTournament: (input: NewTournamentInput, tx?: Db) => Promise<{ id: number }>;
}

/**
 * Demo players with profiles, and one tournament in each state with scores, placed around the
 * clock of the boot that first seeds them. Idempotent: players by email, tournaments by seed key; a
 * tournament seeded before it had Kiswahili gets it, unless an operator wrote their own.
 * The ended one is left unranked: the ranking job ranks it like any other.
 */
export async function seedDemoContent(deps: DemoDeps) {
  const { db, games, subscriptions, log } = deps;
  const unseeded: DemoTournament[] = [];
  for (const demo of demoTournaments) {
    if (await deps.repo.bySeedKey(demo.seedKey)) await deps.repo.fillKiswahili(demo.seedKey, demo);
    else unseeded.push(demo);
  }
  // A later boot: every demo tournament is there, and its players with it.
  if (unseeded.length === 0) return;
  const uids = new Map<string, string>();
  for (const player of demoPlayers) uids.set(player.username, await demoPlayer(deps, player));

  const packages = new Map((await subscriptions.listPackages()).map((pkg) => [pkg.name as string, pkg.id]));
  const prizes = Object.fromEntries(
    Object.entries(demoPrizes).map(([award, name]) => {
      const id = packages.get(name);
      if (id === undefined) throw new Error(`the ${name} subscription package is not seeded`);
      return [award, id];
    }),
  ) as Record<AwardName, number>;
  const catalogue = await games.listGames({});
  const at = deps.now().getTime();
  for (const demo of unseeded) {
    const game = catalogue.find((item) => item.gameUrl === `/play/${demo.gameSlug}/`);
    if (!game) {
      log.warn(
        { game: demo.gameSlug, tournament: demo.name },
        'demo tournament skipped: its game is not installed',
      );
      continue;
    }
    await db.transaction(async (tx) => {
      const starts = new Date(at + demo.startsInMs);
      const ends = new Date(starts.getTime() + demo.lastsMs);
      const tournament = await deps.createTournament(
        {
          seedKey: demo.seedKey,
          name: demo.name,
          description: demo.description,
          nameSw: demo.nameSw,
          descriptionSw: demo.descriptionSw,
          starts,
          ends,
          gameId: game.id,
          prizes,
        },
        tx,
      );
      await deps.repo.insertScores(
        demoScores(demo, tournament.id, uids, starts, new Date(Math.min(at, ends.getTime()))),
        tx,
      );
    });
  }
}

/** The demo player's identity and profile; a username a real player took first is left unset. */
async function demoPlayer(deps: DemoDeps, { name, username }: { name: string; username: string }) {
  const email = demoEmail(username);
  const uid = await demoIdentity(deps.db, email, name);
  const player = { uid, email };
  const { profile } = await deps.players.logIn(player);
  if (profile.username) return uid;
  try {
    await deps.players.updateField(player, uid, { username });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    deps.log.warn({ username }, 'demo player keeps no username: a player has it');
  }
  return uid;
}

/** The best first, each reached a little later than the one above it, all before `until`. */
function demoScores(
  demo: DemoTournament,
  tournamentId: number,
  uids: Map<string, string>,
  starts: Date,
  until: Date,
) {
  const step = (until.getTime() - starts.getTime()) / (demo.scores.length + 1);
  return demo.scores.map(([username, points], index) => {
    const uid = uids.get(username);
    if (!uid) throw new Error(`demo score for unknown demo player ${username}`);
    return {
      tournamentId,
      uid,
      pointsHundredths: toHundredths(points),
      achievedAt: new Date(starts.getTime() + step * (index + 1)),
    };
  });
}
