import type { PageQuery } from '@playon/shared/ops';
import {
  type AudienceDefinition,
  type AudienceDefinitionInput,
  audienceMessages,
  definitionOf,
  type SavedAudience,
  type SavedAudienceRequest,
} from '@playon/shared/ops-audiences';
import type { Db } from '../../../platform/db.ts';
import { AppError, isUniqueViolation } from '../../../platform/errors.ts';
import type { Actor, AuditLog } from '../../operator/service.ts';
import { type AudienceMembers, type AudienceReads, createAudienceMembers } from './members.ts';
import { createAudiencesRepo, type SavedAudienceRow } from './repo.ts';

export type { AudienceReads } from './members.ts';

export interface AudiencesDeps {
  db: Db;
  audit: Pick<AuditLog, 'record'>;
  reads: AudienceReads;
  now?: () => Date;
}

const ruleOf = (row: SavedAudienceRow): AudienceDefinition => ({
  kind: row.kind,
  days: row.days,
  targetId: row.targetId,
});

/**
 * Saved audiences (ADR 0068): an operator names a rule about players (lapsed, subscription ending
 * today, never paid, a game's players, a tournament's entrants); it is counted and previewed when
 * read, and a broadcast to it reads its players when it is sent. Defining one is audited.
 */
export function createAudiences({ db, audit, reads, now }: AudiencesDeps) {
  const repo = createAudiencesRepo(db);
  const members: AudienceMembers = createAudienceMembers(reads, now);

  async function mustFind(id: number, tx: Db = db) {
    const row = await repo.byId(id, tx);
    if (!row) throw new AppError('NOT_FOUND', audienceMessages.notFound);
    return row;
  }

  async function toWire(row: SavedAudienceRow): Promise<SavedAudience> {
    const description = await members
      .resolve(ruleOf(row))
      .then((audience) => audience.description)
      .catch(() =>
        row.kind === 'game' ? 'Players of a game that is gone' : 'Entrants of a tournament that is gone',
      );
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      days: row.days,
      targetId: row.targetId,
      description,
      byEmail: row.byEmail,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Refuses a rule whose game or tournament does not exist, before it is saved. */
  async function checkedRule(input: AudienceDefinitionInput) {
    const rule = definitionOf(input);
    await members.resolve(rule);
    return rule;
  }

  const nameTaken = (error: unknown) =>
    isUniqueViolation(error, 'saved_audiences_name_idx')
      ? new AppError('CONFLICT', audienceMessages.nameTaken, { name: audienceMessages.nameTaken })
      : error;

  async function create(actor: Actor, input: SavedAudienceRequest) {
    const rule = await checkedRule(input);
    const row = await db
      .transaction(async (tx) => {
        const saved = await repo.insert(
          { name: input.name, ...rule, byUid: actor.uid, byEmail: actor.email },
          tx,
        );
        await audit.record(tx, actor, {
          action: 'audiences.define',
          targetType: 'audience',
          targetId: String(saved.id),
          before: null,
          after: { name: saved.name, ...rule },
        });
        return saved;
      })
      .catch((error) => Promise.reject(nameTaken(error)));
    return toWire(row);
  }

  async function update(actor: Actor, id: number, input: SavedAudienceRequest) {
    const rule = await checkedRule(input);
    const row = await db
      .transaction(async (tx) => {
        const before = await repo.byIdForUpdate(id, tx);
        if (!before) throw new AppError('NOT_FOUND', audienceMessages.notFound);
        const saved = await repo.update(id, { name: input.name, ...rule }, tx);
        if (!saved) throw new AppError('NOT_FOUND', audienceMessages.notFound);
        await audit.record(tx, actor, {
          action: 'audiences.edit',
          targetType: 'audience',
          targetId: String(id),
          before: { name: before.name, ...ruleOf(before) },
          after: { name: saved.name, ...rule },
        });
        return saved;
      })
      .catch((error) => Promise.reject(nameTaken(error)));
    return toWire(row);
  }

  async function remove(actor: Actor, id: number) {
    await db.transaction(async (tx) => {
      const before = await repo.byIdForUpdate(id, tx);
      if (!before) throw new AppError('NOT_FOUND', audienceMessages.notFound);
      await repo.remove(id, tx);
      await audit.record(tx, actor, {
        action: 'audiences.delete',
        targetType: 'audience',
        targetId: String(id),
        before: { name: before.name, ...ruleOf(before) },
        after: null,
      });
    });
    return { id };
  }

  async function page(query: PageQuery) {
    const { rows, total } = await repo.page(query);
    return { items: await Promise.all(rows.map(toWire)), total, page: query.page, pageSize: query.pageSize };
  }

  return {
    page,
    create,
    update,
    remove,
    /** An unsaved rule's size, as the form is filled in. */
    sizeOfRule: (input: AudienceDefinitionInput) => members.sizeOf(definitionOf(input), db),
    sizeOf: async (id: number) => members.sizeOf(ruleOf(await mustFind(id)), db),
    /** For the broadcasts' port: a saved audience's name, rule and players now. */
    async saved(id: number) {
      const row = await repo.byId(id);
      if (!row) return undefined;
      const definition = ruleOf(row);
      return { ...(await members.source(definition, db)), name: row.name, definition };
    },
    /** For a broadcast's job: the players of the rule kept with the broadcast. */
    async byDefinition(definition: AudienceDefinition) {
      const audience = await members.resolve(definition);
      return { uids: (tx: Db) => audience.members(tx) };
    },
  };
}

export type Audiences = ReturnType<typeof createAudiences>;
