import type { PageQuery } from '@playon/shared/ops';
import type { AudienceBroadcastRequest, AudienceDefinition } from '@playon/shared/ops-audiences';
import { audienceMessages } from '@playon/shared/ops-audiences';
import {
  type Broadcast,
  type BroadcastAudienceInput,
  type BroadcastCount,
  type BroadcastRequest,
  type BroadcastTargets,
  broadcastMessages,
} from '@playon/shared/ops-community';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { JobHandler, JobQueue } from '../../../platform/jobs/index.ts';
import type { Actor, AuditLog } from '../../operator/service.ts';
import { type BroadcastRow, createBroadcastsRepo } from '../broadcasts-repo.ts';
import { BROADCAST_JOB } from '../jobs.ts';
import type { GroupRecipient } from '../repo.ts';

/** The players of an audience: how many now, and each once, read in the job's transaction. */
export interface AudienceSource {
  name: string;
  count: number;
  uids(tx: Db): AsyncIterable<string> | Iterable<string>;
}

/**
 * Where a broadcast's players come from (ADR 0021): notifications sit below profiles' identities,
 * tournaments and games, so those modules fill this port in app.ts and notifications run only SQL
 * they wrote.
 */
export interface BroadcastAudiences {
  all(): Promise<AudienceSource>;
  tournament(id: number): Promise<AudienceSource | undefined>;
  game(id: number): Promise<AudienceSource | undefined>;
  /** A saved audience (ADR 0068): its name, its rule as it is now, and its players now. */
  saved(id: number): Promise<(AudienceSource & { definition: AudienceDefinition }) | undefined>;
  /** The players of a saved audience's rule as a broadcast kept it. */
  byDefinition(definition: AudienceDefinition): Promise<Pick<AudienceSource, 'uids'>>;
  tournamentChoices(): Promise<BroadcastTargets['tournaments']>;
  gameChoices(): Promise<BroadcastTargets['games']>;
}

export interface BroadcastsDeps {
  db: Db;
  jobs: JobQueue;
  /** The notifications service's: one notification per recipient, delivered by its jobs. */
  recordGroup: (
    tx: Db,
    input: { kind: string; group: string; recipients: AsyncIterable<GroupRecipient> },
  ) => Promise<number>;
  audit: Pick<AuditLog, 'record'>;
  audiences: BroadcastAudiences;
}

const labelOf = (audience: BroadcastRow['audience'], name: string | null) =>
  audience === 'all'
    ? 'All players'
    : audience === 'saved'
      ? `Audience: ${name ?? '(gone)'}`
      : `Players of ${name ?? '(gone)'}`;

/** A broadcast to a saved audience, sent from its own route (the `audience.broadcast` action). */
export type SavedAudienceBroadcast = AudienceBroadcastRequest & { audience: 'saved'; audienceId: number };
type AudienceChoice = BroadcastAudienceInput | { audience: 'saved'; audienceId: number };

const toBroadcast = (row: BroadcastRow): Broadcast => ({
  id: row.id,
  audience: row.audience,
  targetId: row.targetId,
  audienceLabel: labelOf(row.audience, row.targetName),
  title: row.title,
  body: row.body,
  titleSw: row.titleSw,
  bodySw: row.bodySw,
  url: row.url,
  recipientsCounted: row.recipientsCounted,
  recipientsWritten: row.recipientsWritten,
  byEmail: row.byEmail,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/**
 * Broadcasts: a notification to all players, a tournament's (those with a score) or a
 * game's (those who played it), in the app and by push, through the notifications outbox, each
 * notification keeping the operator's Kiswahili beside the English (ADR 0063). The
 * broadcast and its job are written with the audit entry; the job writes the notifications as one
 * group whose dedupe keys make a second run, or a second job, write nothing more.
 */
export function createBroadcasts({ db, jobs, recordGroup, audit, audiences }: BroadcastsDeps) {
  const repo = createBroadcastsRepo(db);

  async function sourceOf(
    input: AudienceChoice,
  ): Promise<AudienceSource & { targetId: number | null; definition?: AudienceDefinition }> {
    if (input.audience === 'all') return { ...(await audiences.all()), targetId: null };
    if (input.audience === 'saved') {
      const source = await audiences.saved(input.audienceId);
      if (!source) throw new AppError('NOT_FOUND', audienceMessages.notFound);
      return { ...source, targetId: input.audienceId };
    }
    if (input.audience === 'tournament') {
      const id = input.tournamentId as number;
      const source = await audiences.tournament(id);
      if (!source)
        throw new AppError('NOT_FOUND', broadcastMessages.tournamentNotFound, {
          tournamentId: broadcastMessages.tournamentNotFound,
        });
      return { ...source, targetId: id };
    }
    const id = input.gameId as number;
    const source = await audiences.game(id);
    if (!source)
      throw new AppError('NOT_FOUND', broadcastMessages.gameNotFound, {
        gameId: broadcastMessages.gameNotFound,
      });
    return { ...source, targetId: id };
  }

  async function count(input: AudienceChoice): Promise<BroadcastCount> {
    const source = await sourceOf(input);
    return {
      recipients: source.count,
      audienceLabel: labelOf(input.audience, source.name),
    };
  }

  /** `record` stores the answer for the Idempotency-Key in the same transaction: a double click sends once. */
  async function send(
    actor: Actor,
    input: BroadcastRequest | SavedAudienceBroadcast,
    record: (payload: Broadcast, tx: Db) => Promise<void>,
  ): Promise<Broadcast> {
    const source = await sourceOf(input);
    if (source.count === 0)
      throw new AppError(
        'BAD_REQUEST',
        input.audience === 'saved' ? audienceMessages.nobody : broadcastMessages.nobody,
      );
    const saved = await db.transaction(async (tx) => {
      const row = await repo.insert(
        {
          audience: input.audience,
          targetId: source.targetId,
          targetName: input.audience === 'all' ? null : source.name,
          definition: source.definition ?? null,
          title: input.title,
          body: input.body,
          titleSw: input.titleSw,
          bodySw: input.bodySw,
          url: input.url ?? null,
          recipientsCounted: input.expectedRecipients,
          byUid: actor.uid,
          byEmail: actor.email,
        },
        tx,
      );
      await jobs.enqueue(BROADCAST_JOB, { broadcastId: row.id }, { key: `broadcast:${row.id}` }, tx);
      await audit.record(tx, actor, {
        action: 'notifications.broadcast',
        targetType: 'broadcast',
        targetId: String(row.id),
        before: null,
        after: {
          audience: labelOf(row.audience, row.targetName),
          title: row.title,
          body: row.body,
          titleSw: row.titleSw,
          bodySw: row.bodySw,
          url: row.url,
          ...(source.definition ? { rule: source.definition } : {}),
          recipientsCounted: row.recipientsCounted,
          recipientsNow: source.count,
        },
      });
      const broadcast = toBroadcast(row);
      await record(broadcast, tx);
      return broadcast;
    });
    jobs.kick();
    return saved;
  }

  /** A saved audience's players by the rule kept with the broadcast, whatever became of it since. */
  async function jobSourceOf(row: BroadcastRow): Promise<Pick<AudienceSource, 'uids'> | undefined> {
    if (row.audience === 'saved')
      return row.definition ? audiences.byDefinition(row.definition as AudienceDefinition) : undefined;
    return sourceOf({
      audience: row.audience,
      ...(row.audience === 'tournament' ? { tournamentId: row.targetId ?? 0 } : {}),
      ...(row.audience === 'game' ? { gameId: row.targetId ?? 0 } : {}),
    });
  }

  /** The job: every player of the audience as it is now, each once, in one transaction. */
  const broadcastJob: JobHandler = async (payload) => {
    const row = await repo.byId(Number(payload.broadcastId));
    if (!row || row.sentAt) return;
    const source = await jobSourceOf(row).catch(() => undefined);
    await db.transaction(async (tx) => {
      const written = source
        ? await recordGroup(tx, {
            kind: 'broadcast',
            group: `broadcast:${row.id}:`,
            recipients: recipientsOf(source.uids(tx), row),
          })
        : 0;
      await repo.markSent(row.id, written, tx);
    });
  };

  async function page(query: PageQuery) {
    const { rows, total } = await repo.page(query);
    return { items: rows.map(toBroadcast), total, page: query.page, pageSize: query.pageSize };
  }

  async function targets(): Promise<BroadcastTargets> {
    const [tournaments, games] = await Promise.all([audiences.tournamentChoices(), audiences.gameChoices()]);
    return { tournaments, games };
  }

  return { count, send, page, targets, broadcastJob };
}

async function* recipientsOf(uids: AsyncIterable<string> | Iterable<string>, row: BroadcastRow) {
  const { title, body, titleSw, bodySw, url } = row;
  for await (const uid of uids) yield { uid, title, body, titleSw, bodySw, url };
}

export type Broadcasts = ReturnType<typeof createBroadcasts>;
