import type { PageQuery } from '@playon/shared/ops';
import {
  contentMessages,
  type OpsTournament,
  type OpsTournamentState,
  type TournamentFormSchema,
} from '@playon/shared/ops-content';
import { tournamentStatusAt } from '@playon/shared/tournaments';
import type { z } from 'zod';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { RecordAudit } from '../../operator/service.ts';
import type { AwardsRepo } from '../awards-repo.ts';
import type { TournamentServiceDeps } from '../deps.ts';
import type { Ranking } from '../ranking.ts';
import type { TournamentRepo, TournamentRow } from '../repo.ts';
import { AWARD_POSITIONS, type AwardName, type NewTournamentInput, toTournament } from '../tournament.ts';

type TournamentForm = z.output<typeof TournamentFormSchema>;

/** A start typed to the minute may lie a little behind the clock by the time it is saved. */
const START_GRACE_MS = 5 * 60_000;
const AWARD_OF_POSITION = Object.fromEntries(
  Object.entries(AWARD_POSITIONS).map(([name, position]) => [position, name as AwardName]),
) as Record<number, AwardName>;

export interface TournamentConsoleDeps
  extends Pick<TournamentServiceDeps, 'db' | 'games' | 'subscriptions' | 'notifications'> {
  repo: TournamentRepo;
  awardsRepo: AwardsRepo;
  rankTournament: Ranking['rankTournament'];
  createTournament: (input: NewTournamentInput, tx?: Db) => Promise<{ id: number }>;
  now: () => Date;
}

export function stateOf(row: TournamentRow, at: Date): OpsTournamentState {
  if (row.cancelledAt) return 'CANCELLED';
  if (row.rankedAt) return 'RANKED';
  const status = tournamentStatusAt(toTournament(row), at);
  return status === 'EXPIRED' ? 'ENDED' : status;
}

const prizesOf = (form: TournamentForm): NewTournamentInput['prizes'] =>
  Object.fromEntries(
    form.prizes.map((prize) => [AWARD_OF_POSITION[prize.position], prize.subscriptionPackageId]),
  );

/** Tournaments as admins run them: create, edit before the start, cancel, end now and rank. */
export function createTournamentConsole(deps: TournamentConsoleDeps) {
  const { db, repo, awardsRepo, games, subscriptions, now } = deps;

  async function toOps(row: TournamentRow, at: Date, tx?: Db): Promise<OpsTournament> {
    const packages = new Map((await subscriptions.listPackages()).map((pkg) => [pkg.id, pkg.name]));
    const [game, players, awards] = await Promise.all([
      games.getGame(row.gameId).catch(() => undefined),
      repo.count(row.id, tx),
      awardsRepo.ofTournament(row.id, tx),
    ]);
    return {
      ...toTournament(row),
      nameSw: row.nameSw,
      descriptionSw: row.descriptionSw,
      gameName: game?.name ?? `Game ${row.gameId}`,
      state: stateOf(row, at),
      players,
      prizes: awards.map((award) => ({
        position: award.position,
        name: award.name,
        subscriptionPackageId: award.subscriptionPackageId,
        packageName: packages.get(award.subscriptionPackageId) ?? '',
        winnerId: award.winnerUid,
      })),
      rankedAt: row.rankedAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
    };
  }

  async function mustFind(id: number, tx?: Db) {
    const row = tx ? await repo.forUpdate(id, tx) : await repo.byId(id);
    if (!row) throw new AppError('NOT_FOUND', contentMessages.tournamentNotFound);
    return row;
  }

  /** What the form names must exist before anything is written: the game may hold it, the packages exist. */
  async function checkForm(form: TournamentForm, at: Date) {
    if (Date.parse(form.starts) < at.getTime() - START_GRACE_MS) {
      throw new AppError('BAD_REQUEST', contentMessages.startInPast, { starts: contentMessages.startInPast });
    }
    await games.assertCanHoldTournament(form.gameId);
    for (const prize of form.prizes) {
      if (!(await subscriptions.packageById(prize.subscriptionPackageId))) {
        throw new AppError('BAD_REQUEST', contentMessages.packageNotFound, {
          [`prizes.${prize.position}`]: contentMessages.packageNotFound,
        });
      }
    }
  }

  /** The changeable part of a tournament, as the audit log keeps it. */
  const snapshot = async (row: TournamentRow, tx: Db) => ({
    name: row.name,
    description: row.description,
    nameSw: row.nameSw,
    descriptionSw: row.descriptionSw,
    gameId: row.gameId,
    starts: row.starts.toISOString(),
    ends: row.ends.toISOString(),
    prizes: (await awardsRepo.ofTournament(row.id, tx)).map((award) => ({
      position: award.position,
      subscriptionPackageId: award.subscriptionPackageId,
    })),
  });

  return {
    async page(query: PageQuery) {
      const at = now();
      const { items, total } = await repo.opsPage({
        q: query.q,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const rows = [];
      for (const row of items) rows.push(await toOps(row, at));
      return { items: rows, total, page: query.page, pageSize: query.pageSize };
    },

    get: async (id: number) => toOps(await mustFind(id), now()),

    async create(form: TournamentForm, audit: RecordAudit): Promise<OpsTournament> {
      const at = now();
      await checkForm(form, at);
      const id = await db.transaction(async (tx) => {
        const { prizes: _, ...fields } = form;
        const created = await deps.createTournament(
          { ...fields, starts: new Date(form.starts), ends: new Date(form.ends), prizes: prizesOf(form) },
          tx,
        );
        const row = await mustFind(created.id, tx);
        await audit(tx, {
          action: 'content.tournament.create',
          targetType: 'tournament',
          targetId: String(row.id),
          after: await snapshot(row, tx),
        });
        return row.id;
      });
      return toOps(await mustFind(id), at);
    },

    /** Only before it starts: once players may have played, its rules stay as they were. */
    async edit(id: number, form: TournamentForm, audit: RecordAudit): Promise<OpsTournament> {
      const at = now();
      await checkForm(form, at);
      await db.transaction(async (tx) => {
        const row = await mustFind(id, tx);
        if (row.cancelledAt) throw new AppError('CONFLICT', contentMessages.tournamentCancelled);
        if (row.starts.getTime() <= at.getTime()) {
          throw new AppError('CONFLICT', contentMessages.tournamentStarted);
        }
        const before = await snapshot(row, tx);
        const updated = await repo.update(
          id,
          {
            name: form.name,
            description: form.description,
            nameSw: form.nameSw,
            descriptionSw: form.descriptionSw,
            gameId: form.gameId,
            starts: new Date(form.starts),
            ends: new Date(form.ends),
          },
          tx,
        );
        await awardsRepo.replaceAwards(
          id,
          Object.entries(prizesOf(form)).map(([name, packageId]) => ({
            tournamentId: id,
            name: name as AwardName,
            position: AWARD_POSITIONS[name as AwardName],
            subscriptionPackageId: packageId as number,
          })),
          tx,
        );
        await audit(tx, {
          action: 'content.tournament.edit',
          targetType: 'tournament',
          targetId: String(id),
          before,
          after: await snapshot(updated, tx),
        });
      });
      return toOps(await mustFind(id), at);
    },

    /**
     * Off the players' list and never ranked: no prizes, no hall of fame. Scores are kept, and the
     * players who scored are told.
     */
    async cancel(id: number, reason: string, audit: RecordAudit): Promise<OpsTournament> {
      const at = now();
      await db.transaction(async (tx) => {
        const row = await mustFind(id, tx);
        if (row.cancelledAt) throw new AppError('CONFLICT', contentMessages.tournamentCancelled);
        if (row.rankedAt) throw new AppError('CONFLICT', contentMessages.tournamentRanked);
        const state = stateOf(row, at);
        await repo.update(id, { cancelledAt: at }, tx);
        await deps.notifications?.recordGroup(tx, {
          kind: 'tournament-cancelled',
          group: `tournament:${id}:cancelled:`,
          recipients: cancelNotices(tx, row),
        });
        await audit(tx, {
          action: 'content.tournament.cancel',
          targetType: 'tournament',
          targetId: String(id),
          reason,
          before: { state },
          after: { state: 'CANCELLED', cancelledAt: at.toISOString() },
        });
      });
      return toOps(await mustFind(id), at);
    },

    /** Ends a running tournament now and ranks it at once, as the ranking job would. */
    async endNow(id: number, reason: string, audit: RecordAudit): Promise<OpsTournament> {
      const at = now();
      const found = await mustFind(id);
      if (found.cancelledAt) throw new AppError('CONFLICT', contentMessages.tournamentCancelled);
      if (found.rankedAt) throw new AppError('CONFLICT', contentMessages.tournamentRanked);
      if (found.starts.getTime() >= at.getTime()) {
        throw new AppError('CONFLICT', contentMessages.tournamentNotStarted);
      }
      const ends = found.ends.getTime() > at.getTime() ? at : found.ends;
      await db.transaction(async (tx) => {
        const row = await mustFind(id, tx);
        if (row.rankedAt || row.cancelledAt) throw new AppError('CONFLICT', contentMessages.tournamentRanked);
        await repo.update(id, { ends }, tx);
        await audit(tx, {
          action: 'content.tournament.end-now',
          targetType: 'tournament',
          targetId: String(id),
          reason,
          before: { ends: row.ends.toISOString() },
          after: { ends: ends.toISOString() },
        });
      });
      // Ranked in its own transaction, as the job ranks; should it fail, the job ranks it within a minute.
      await deps.rankTournament(id, new Date(at.getTime() + 1), (tx, ranked) =>
        audit(tx, {
          action: 'content.tournament.rank',
          targetType: 'tournament',
          targetId: String(id),
          reason,
          after: ranked,
        }),
      );
      return toOps(await mustFind(id), now());
    },
  };

  async function* cancelNotices(tx: Db, tournament: TournamentRow) {
    for await (const uid of repo.finishers(tournament.id, tx)) {
      yield {
        uid,
        title: `${tournament.name} was cancelled`,
        body: 'No prizes will be given for it. Your scores are kept.',
        url: '/tournaments',
      };
    }
  }
}

export type TournamentConsole = ReturnType<typeof createTournamentConsole>;
