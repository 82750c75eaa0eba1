import { describe, expect, it } from 'vitest';
import type { TournamentRow } from '../../src/modules/tournaments/repo.ts';
import { createScoreReports, type ScoreReportsDeps } from '../../src/modules/tournaments/reports.ts';
import type { Bound, Db } from '../../src/platform/db.ts';

/**
 * A batch whose statement fails is tried again report by report, so only the report that fails
 * the statement is refused (group commit). PostgreSQL cannot be made to fail one row of
 * a batch on purpose, so the statement here is a stand-in that fails whenever it holds one player's
 * report; the batching, the retry and each report's answer are the real code's.
 */
const tournament = {
  id: 7,
  createdAt: new Date('2026-11-01T00:00:00Z'),
  starts: new Date(Date.now() - 60_000),
  ends: new Date(Date.now() + 60_000),
  cancelledAt: null,
  entries: 0,
  entriesRemoved: 0,
} as unknown as TournamentRow;

function harness() {
  const statements: string[][] = [];
  const repaired: string[] = [];
  /** The marking the games module builds, standing for the sessions' UPDATE. */
  const marking = (uids: string[]) => ({ sql: {}, values: { uids } }) as unknown as Bound;
  const deps: ScoreReportsDeps = {
    db: {} as Db,
    now: () => new Date(),
    live: { changed: () => {} },
    rule: {
      mustFind: async () => tournament,
      assertTakesReports: () => {},
    },
    games: {
      checkClaims: async (claims) => claims.map((claim) => ({ session: { id: `s-${claim.uid}` } as never })),
      markReportedStatement: (checked) => marking(checked.map(({ claim }) => claim.uid)),
    },
    repo: {
      async raiseBests(_id: number, markReported: Bound) {
        const uids = markReported.values.uids as string[];
        statements.push(uids);
        if (uids.includes('bad')) throw new Error('value out of range');
        return uids.map((uid) => ({
          uid,
          points_hundredths: 1000,
          micros: '1700000000000000',
          session_ids: `s-${uid}`,
          entries: 3,
          entries_removed: 0,
        }));
      },
      standing: async () => undefined,
    },
    ranks: {
      raiseAll: async (_t, entries) =>
        entries.map((entry) => ({ rank: 1, pointsHundredths: entry.pointsHundredths })),
      settle: async () => {},
      repair: async (_t, uid) => {
        repaired.push(uid);
      },
    },
  };
  return { reports: createScoreReports(deps), statements, repaired };
}

describe('a batch of score reports whose statement fails', () => {
  it('is tried again report by report: only the failing report is refused, with its own error', async () => {
    const { reports, statements, repaired } = harness();
    const outcomes = await Promise.allSettled(
      ['amina', 'bad', 'chege'].map((uid) =>
        reports.reportScore(uid, tournament.id, { session: `token-${uid}`, points: 10 }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('value out of range'));
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: { points: 10, best: 10, rank: 1 } });
    expect(statements).toEqual([['amina', 'bad', 'chege'], ['amina'], ['bad'], ['chege']]);
    // Every report that reached the board before the failed statement is put back as PostgreSQL has it.
    expect(repaired.sort()).toEqual(['amina', 'bad', 'bad', 'chege']);
  });
});
