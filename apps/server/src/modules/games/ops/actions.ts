import type { PageQuery } from '@playon/shared/ops';
import {
  contentMessages,
  type GameSettings,
  type OpsGame,
  type OutsideGameSchema,
} from '@playon/shared/ops-content';
import type { z } from 'zod';
import type { Db } from '../../../platform/db.ts';
import { AppError, isUniqueViolation } from '../../../platform/errors.ts';
import type { RecordAudit } from '../../operator/service.ts';
import type { createGameRepo, GameRow } from '../repo.ts';

/** Writes one audit entry in the transaction of the change (the console's door supplies the operator). */

export function toOpsGame(row: GameRow): OpsGame {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    packageId: row.packageId,
    description: row.description,
    descriptionSw: row.descriptionSw,
    trailerLink: row.trailerLink,
    gameUrl: row.gameUrl,
    gameIcon: row.gameIcon,
    featured: row.featured,
    access: row.access,
    enabled: row.enabled,
    sortOrder: row.sortOrder,
    maxPoints: row.maxPoints,
    maxPointsPerSecond: row.maxPointsPerSecond,
    scoring: row.scoring,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

const settingsOf = (row: GameRow): GameSettings => ({
  descriptionSw: row.descriptionSw,
  enabled: row.enabled,
  featured: row.featured,
  sortOrder: row.sortOrder,
  access: row.access,
  maxPoints: row.maxPoints,
  maxPointsPerSecond: row.maxPointsPerSecond,
});

/** The console's part of the catalogue: each change audited in its own transaction. */
export function createGameConsole({
  db,
  repo,
  now,
}: {
  db: Db;
  repo: ReturnType<typeof createGameRepo>;
  now: () => Date;
}) {
  return {
    async page(query: PageQuery) {
      const { items, total } = await repo.opsPage({
        q: query.q,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { items: items.map(toOpsGame), total, page: query.page, pageSize: query.pageSize };
    },

    /** Enabled, featured, order, access, limits and the Kiswahili description; the seed keeps them from now on. */
    updateSettings(id: number, settings: GameSettings, audit: RecordAudit): Promise<OpsGame> {
      return db.transaction(async (tx) => {
        const before = await repo.byIdForUpdate(id, tx);
        if (!before) throw new AppError('NOT_FOUND', contentMessages.gameNotFound);
        const after = await repo.update(id, { ...settings, operatorEditedAt: now() }, tx);
        if (!after) throw new Error(`game ${id} vanished`);
        await audit(tx, {
          action: 'content.game.update',
          targetType: 'game',
          targetId: String(id),
          before: settingsOf(before),
          after: settingsOf(after),
        });
        return toOpsGame(after);
      });
    },

    /** An outside HTML5 game: played from its address, judged by its limits only (ADR 0025). */
    async addOutsideGame(input: z.output<typeof OutsideGameSchema>, audit: RecordAudit): Promise<OpsGame> {
      try {
        return await db.transaction(async (tx) => {
          const row = await repo.insert(
            { ...input, slug: null, source: 'url', scoring: 'plausible', operatorEditedAt: now() },
            tx,
          );
          const game = toOpsGame(row);
          await audit(tx, {
            action: 'content.game.add',
            targetType: 'game',
            targetId: String(row.id),
            after: game,
          });
          return game;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', contentMessages.packageIdTaken, {
            packageId: contentMessages.packageIdTaken,
          });
        }
        throw error;
      }
    },
  };
}
