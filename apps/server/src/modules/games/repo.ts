import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  isNotNull,
  isNull,
  max,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Bound, boundValues, type Db } from '../../platform/db.ts';
import { escapeLike } from '../operator/service.ts';
import type { GameSeed } from './catalogue.ts';
import { games, playSessions } from './schema.ts';

export type GameRow = typeof games.$inferSelect;
export type PlaySessionRow = typeof playSessions.$inferSelect;

export function createGameRepo(db: Db) {
  const sessionsWithGamesQuery = db
    .select({
      session: playSessions,
      game: {
        id: games.id,
        slug: games.slug,
        scoring: games.scoring,
        maxPoints: games.maxPoints,
        maxPointsPerSecond: games.maxPointsPerSecond,
      },
    })
    .from(playSessions)
    .innerJoin(games, sql`${games.id} = ${playSessions.gameId} + 0`)
    .where(sql`${playSessions.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('games-sessions-with-games');
  /** The marking UPDATE of each guard (one in use: a tournament's batch), built once. */
  const markings = new WeakMap<SQL, SQL>();
  return {
    /**
     * The files are the catalogue's source: a changed manifest updates its row, ids stay. Once an
     * operator has changed a game, the fields the console sets stay the operator's.
     */
    async upsertGames(seeds: readonly GameSeed[], tx: Db = db) {
      const operatorsUnlessUntouched = (column: keyof typeof games.$inferSelect, name: string) =>
        sql`case when ${games.operatorEditedAt} is null then excluded.${sql.raw(name)} else ${games[column]} end`;
      for (const seed of seeds) {
        const { slug, featured, access, maxPoints, maxPointsPerSecond, ...files } = seed;
        await tx
          .insert(games)
          .values(seed)
          .onConflictDoUpdate({
            target: games.slug,
            set: {
              ...files,
              featured: operatorsUnlessUntouched('featured', 'featured'),
              access: operatorsUnlessUntouched('access', 'access'),
              maxPoints: operatorsUnlessUntouched('maxPoints', 'max_points'),
              maxPointsPerSecond: operatorsUnlessUntouched('maxPointsPerSecond', 'max_points_per_second'),
              // An operator's Kiswahili is kept; a game they never wrote one for takes the file's.
              descriptionSw: sql`case when ${games.operatorEditedAt} is null then excluded.description_sw else coalesce(${games.descriptionSw}, excluded.description_sw) end`,
            },
          });
      }
    },
    /** What players see: enabled games, in the operators' order, then by name. */
    list(filter: { featured?: boolean; access?: GameRow['access'] }, tx: Db = db) {
      const where: SQL[] = [eq(games.enabled, true)];
      if (filter.featured !== undefined) where.push(eq(games.featured, filter.featured));
      if (filter.access) where.push(eq(games.access, filter.access));
      return tx
        .select()
        .from(games)
        .where(and(...where))
        .orderBy(asc(games.sortOrder), asc(games.name), asc(games.id));
    },
    /** The console's list: every game, searched by name or package id. */
    async opsPage(query: { q?: string | undefined; offset: number; limit: number }, tx: Db = db) {
      const like = query.q ? `%${escapeLike(query.q)}%` : undefined;
      const where = like ? or(ilike(games.name, like), ilike(games.packageId, like)) : undefined;
      const [items, [total]] = await Promise.all([
        tx
          .select()
          .from(games)
          .where(where)
          .orderBy(asc(games.sortOrder), asc(games.name), asc(games.id))
          .limit(query.limit)
          .offset(query.offset),
        tx.select({ n: count() }).from(games).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    async update(id: number, fields: Partial<typeof games.$inferInsert>, tx: Db) {
      const [row] = await tx.update(games).set(fields).where(eq(games.id, id)).returning();
      return row;
    },
    async insert(game: typeof games.$inferInsert, tx: Db) {
      const [row] = await tx.insert(games).values(game).returning();
      if (!row) throw new Error('game insert returned nothing');
      return row;
    },
    async byIdForUpdate(id: number, tx: Db) {
      const [row] = await tx.select().from(games).where(eq(games.id, id)).for('update');
      return row;
    },
    async byId(id: number, tx: Db = db) {
      const [row] = await tx.select().from(games).where(eq(games.id, id));
      return row;
    },
    async insertSession(session: typeof playSessions.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(playSessions).values(session).returning();
      if (!row) throw new Error('play session insert returned nothing');
      return row;
    },
    /** Holds the player's lock until the transaction ends: one issue of offline sessions at a time. */
    async lockPlayer(uid: string, tx: Db) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`play-sessions:${uid}`}, 0))`);
    },
    /** The player's offline sessions of this game and tournament (or none) still unspent and unexpired at `at`. */
    unspentOffline(
      where: { uid: string; gameId: number; tournamentId: number | null; at: Date },
      tx: Db = db,
    ) {
      return tx
        .select()
        .from(playSessions)
        .where(
          and(
            eq(playSessions.uid, where.uid),
            eq(playSessions.gameId, where.gameId),
            where.tournamentId === null
              ? isNull(playSessions.tournamentId)
              : eq(playSessions.tournamentId, where.tournamentId),
            eq(playSessions.offline, true),
            isNull(playSessions.reportedAt),
            gt(playSessions.expiresAt, where.at),
          ),
        )
        .orderBy(asc(playSessions.startedAt), asc(playSessions.id));
    },
    /**
     * The session with its game, in one round trip; the session is locked until the transaction
     * ends, so two reports of it queue (the game is not locked).
     */
    async sessionForUpdate(id: string, tx: Db) {
      const [row] = await tx
        .select({ session: playSessions, game: games })
        .from(playSessions)
        .innerJoin(games, eq(games.id, playSessions.gameId))
        .where(eq(playSessions.id, id))
        .for('update', { of: playSessions });
      return row;
    },
    /** The session with its game, unlocked (a challenge made of a finished run). */
    async sessionWithGame(id: string, tx: Db = db) {
      const [row] = await tx
        .select({ session: playSessions, game: games })
        .from(playSessions)
        .innerJoin(games, eq(games.id, playSessions.gameId))
        .where(eq(playSessions.id, id));
      return row;
    },
    async markReported(id: string, pointsHundredths: number, at: Date, tx: Db) {
      await tx.update(playSessions).set({ reportedAt: at, pointsHundredths }).where(eq(playSessions.id, id));
    },
    /**
     * Sessions with what the score judge reads of their games, in one statement and unlocked (a
     * tournament's batch of reports; a game's descriptions would travel once per report), built once
     * and then only bound: the ids travel as one array, so its text is the same whatever
     * their number. The sessions are found by their ids alone: `+ 0` keeps the game's index out of
     * the join, where the planner, estimating a game's sessions from statistics taken when they were
     * few, walked every session of the game to intersect them with the ids (4 to 14 ms a batch at
     * 200,000 to 400,000 sessions, and growing with every play; ADR 0039).
     */
    sessionsWithGames: (ids: string[]) => sessionsWithGamesQuery.execute({ ids: pgArray(ids) }),
    /**
     * `markReported` for many sessions in one UPDATE, for another statement's CTE: only a session
     * still unreported, and only where `guard` holds (it may name the session `s` and the claim `m`:
     * m.id, m.points, m.at), so without a lock a session is still reported at most once. It returns
     * each marked session's id, uid, points_hundredths and reported_at. The claims travel as three
     * arrays in placeholders, so the UPDATE's text is the same whatever their number: one text per
     * guard, built once, which the caller's statement builds once too and then only binds.
     */
    markReportedManyStatement(
      claims: { id: string; pointsHundredths: number; at: Date }[],
      guard: Bound,
    ): Bound {
      let statement = markings.get(guard.sql);
      if (!statement) {
        statement = sql`update play_sessions s set reported_at = m.at, points_hundredths = m.points
          from unnest(${sql.placeholder('mark_ids')}::uuid[], ${sql.placeholder('mark_points')}::int[],
            ${sql.placeholder('mark_ats')}::timestamptz[]) as m(id, points, at)
          where s.id = m.id and s.reported_at is null and (${guard.sql})
          returning s.id, s.uid, s.points_hundredths, s.reported_at`;
        markings.set(guard.sql, statement);
      }
      return {
        sql: statement,
        values: boundValues([
          guard,
          {
            sql: statement,
            values: {
              mark_ids: pgArray(claims.map((c) => c.id)),
              mark_points: pgArray(claims.map((c) => String(c.pointsHundredths))),
              mark_ats: pgArray(claims.map((c) => c.at.toISOString())),
            },
          },
        ]),
      };
    },
    /** The games the player started, each with its latest start, newest first. */
    recentGames(uid: string, limit: number, tx: Db = db) {
      const last = tx
        .select({
          gameId: playSessions.gameId,
          lastPlayedAt: max(playSessions.startedAt).as('last_played_at'),
        })
        .from(playSessions)
        .where(eq(playSessions.uid, uid))
        .groupBy(playSessions.gameId)
        .as('last');
      return tx
        .select({ game: games, lastPlayedAt: last.lastPlayedAt })
        .from(games)
        .innerJoin(last, eq(last.gameId, games.id))
        .where(eq(games.enabled, true))
        .orderBy(desc(last.lastPlayedAt), asc(games.id))
        .limit(limit);
    },
    /** Everyone who started a play of the game since `since`, once each. */
    async playersSince(gameId: number, since: Date, tx: Db = db) {
      const rows = await tx
        .selectDistinct({ uid: playSessions.uid })
        .from(playSessions)
        .where(and(eq(playSessions.gameId, gameId), gte(playSessions.startedAt, since)));
      return rows.map((row) => row.uid);
    },
    /**
     * The player's best reported score in the game, in hundredths. A challenge's answer (a session
     * with a seed) is not a play of the player's own and goes to its challenge only (ADR 0066).
     */
    async bestInGame(uid: string, gameId: number, tx: Db = db) {
      const [row] = await tx
        .select({ best: sql<number | null>`max(${playSessions.pointsHundredths})` })
        .from(playSessions)
        .where(
          and(
            eq(playSessions.uid, uid),
            eq(playSessions.gameId, gameId),
            isNotNull(playSessions.reportedAt),
            isNull(playSessions.seed),
          ),
        );
      return row?.best === null || row?.best === undefined ? 0 : Number(row.best);
    },
  };
}

/** A PostgreSQL array literal of these values, each quoted (one text parameter, cast by the query). */
function pgArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

export type GameRepo = ReturnType<typeof createGameRepo>;
