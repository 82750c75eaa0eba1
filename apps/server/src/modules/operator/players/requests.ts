import {
  addDays,
  DATA_REQUEST_DAYS,
  type DataRequest,
  type DataRequestCreate,
  type DataRequestPage,
  type DataRequestQuery,
  dataRequestClock,
  dataRequestMessages,
  nairobiDayOf,
} from '@playon/shared/ops-data-requests';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Accounts } from '../../auth/service.ts';
import type { Actor, AuditLog } from '../service.ts';
import { createDataRequestsRepo, type DataRequestRow } from './requests-repo.ts';

export interface DataRequestsDeps {
  db: Db;
  ops: { audit: Pick<AuditLog, 'record'> };
  accounts: Pick<Accounts, 'identityOf'>;
  labelsOf: (uids: readonly string[]) => Promise<Map<string, string | null>>;
  now?: () => Date;
}

/**
 * The register of data requests under Kenya's Data Protection Act (ADR 0068): each is recorded when it
 * arrives and answered with what was done; the Act's seven days are counted on Nairobi's calendar
 * when read, so an open request shows its days left, or how many days it is overdue.
 */
export function createDataRequestRegister({
  db,
  ops,
  accounts,
  labelsOf,
  now = () => new Date(),
}: DataRequestsDeps) {
  const repo = createDataRequestsRepo(db);

  function toWire(row: DataRequestRow, player: string | null, at: Date): DataRequest {
    const clock = dataRequestClock(row.receivedOn, at);
    return {
      id: row.id,
      uid: row.uid,
      player,
      kind: row.kind,
      receivedOn: row.receivedOn,
      channel: row.channel,
      note: row.note,
      status: row.status,
      dueOn: clock.dueOn,
      daysLeft: row.status === 'open' ? clock.daysLeft : null,
      answer: row.answer,
      answeredAt: row.answeredAt?.toISOString() ?? null,
      answeredByEmail: row.answeredByEmail,
      byEmail: row.byEmail,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function wire(row: DataRequestRow) {
    return toWire(row, (await labelsOf([row.uid])).get(row.uid) ?? null, now());
  }

  async function list(query: DataRequestQuery): Promise<DataRequestPage> {
    const at = now();
    // Received before this day, a request's seventh day is over.
    const overdueBefore = addDays(nairobiDayOf(at), -DATA_REQUEST_DAYS);
    const { rows, total, overdue } = await repo.page(query, overdueBefore);
    const labels = await labelsOf([...new Set(rows.map((row) => row.uid))]);
    return {
      items: rows.map((row) => toWire(row, labels.get(row.uid) ?? null, at)),
      total,
      overdue,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async function record(actor: Actor, input: DataRequestCreate) {
    if (input.receivedOn > nairobiDayOf(now()))
      throw new AppError('BAD_REQUEST', dataRequestMessages.future, {
        receivedOn: dataRequestMessages.future,
      });
    if (!(await accounts.identityOf(input.uid)))
      throw new AppError('NOT_FOUND', dataRequestMessages.playerNotFound, {
        uid: dataRequestMessages.playerNotFound,
      });
    const row = await db.transaction(async (tx) => {
      const saved = await repo.insert({ ...input, byUid: actor.uid, byEmail: actor.email }, tx);
      await ops.audit.record(tx, actor, {
        action: 'players.data-request',
        targetType: 'player',
        targetId: input.uid,
        reason: `${input.kind} request received ${input.receivedOn} by ${input.channel}`,
        before: null,
        after: {
          id: saved.id,
          kind: saved.kind,
          receivedOn: saved.receivedOn,
          channel: saved.channel,
          note: saved.note,
        },
      });
      return saved;
    });
    return wire(row);
  }

  async function answer(actor: Actor, id: number, reason: string) {
    const row = await db.transaction(async (tx) => {
      const before = await repo.byIdForUpdate(id, tx);
      if (!before) throw new AppError('NOT_FOUND', dataRequestMessages.notFound);
      if (before.status === 'answered') throw new AppError('CONFLICT', dataRequestMessages.answered);
      const answeredAt = now();
      const saved = await repo.answer(id, { answer: reason, answeredByEmail: actor.email, answeredAt }, tx);
      const { daysLeft } = dataRequestClock(before.receivedOn, answeredAt);
      await ops.audit.record(tx, actor, {
        action: 'players.data-request-answered',
        targetType: 'player',
        targetId: before.uid,
        reason,
        before: { id, status: 'open', receivedOn: before.receivedOn },
        after: { id, status: 'answered', daysLeft },
      });
      return saved ?? before;
    });
    return wire(row);
  }

  return { dataRequests: list, recordDataRequest: record, answerDataRequest: answer };
}
