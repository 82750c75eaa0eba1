import type { TournamentPlayRule } from './play-rule.ts';
import type { TournamentRow } from './repo.ts';

/** Tournament rows kept for reports; past this many the cache starts again (they are few). */
const MAX_CACHED = 10_000;

/**
 * The tournament rows score reports check against, cached (their id, creation and dates) so a
 * report costs no read of its tournament (ADR 0035). The cache never lets a report in alone: the
 * statement that spends a session checks the tournament again (report-batch.ts), and a row the
 * cache holds is read afresh before a report is refused on it.
 */
export function createReportTournaments(rule: Pick<TournamentPlayRule, 'mustFind' | 'assertTakesReports'>) {
  const known = new Map<number, TournamentRow>();

  function remember(row: TournamentRow) {
    if (known.size >= MAX_CACHED) known.clear();
    known.set(row.id, row);
  }

  /** The tournament's row as PostgreSQL has it now; refuses the report as the row says. */
  async function fresh(id: number, at: Date): Promise<TournamentRow> {
    known.delete(id);
    const row = await rule.mustFind(id);
    remember(row);
    rule.assertTakesReports(row, at);
    return row;
  }

  /** The tournament's row if it takes scores at `at` (play-rule.ts), from the cache when the cache says so. */
  async function ongoing(id: number, at: Date): Promise<TournamentRow> {
    const cached = known.get(id);
    if (!cached) return fresh(id, at);
    // The cache may be behind (an end moved later elsewhere): refuse only on the row as it is now.
    try {
      rule.assertTakesReports(cached, at);
      return cached;
    } catch {
      return fresh(id, at);
    }
  }

  return { ongoing, fresh };
}

export type ReportTournaments = ReturnType<typeof createReportTournaments>;
