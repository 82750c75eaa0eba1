import type { Language } from '@playon/shared/i18n/language';
import {
  type AnswerFeedbackRequest,
  AnswerFeedbackRequestSchema,
  type FeedbackDetail,
  type FeedbackListItem,
  type FeedbackQuery,
  feedbackOpsMessages,
  type PlayerContext,
} from '@playon/shared/ops-community';
import type { UserSubscription } from '@playon/shared/subscriptions';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { feedbackAnswerMail } from '../../../platform/i18n-mail.ts';
import type { JobHandler, JobQueue } from '../../../platform/jobs/index.ts';
import type { Mailer } from '../../../platform/mail.ts';
import type { Actor, AuditLog } from '../../operator/service.ts';
import { createFeedbackRepo, type FeedbackAnswerRow, type FeedbackRow } from '../feedback-repo.ts';
import { FEEDBACK_ANSWER_MAIL_JOB } from '../jobs.ts';

const EXCERPT_LENGTH = 140;
const CONTEXT_DAYS = 30;

/**
 * What the inbox shows of the player beside their message, from the modules that hold it (filled
 * in app.ts from the profile, payment and subscription services: content depends on none of them).
 */
export interface FeedbackPlayers {
  namesOf(uids: string[]): Promise<Map<string, { name: string | null; username: string | null }>>;
  profileOf(uid: string): Promise<
    | {
        name: string | null;
        username: string | null;
        email: string | null;
        phone: string | null;
        createdAt: Date;
      }
    | undefined
  >;
  paymentsOf(uid: string, since: Date): Promise<{ started: number; completed: number }>;
  subscriptionsOf(uid: string): Promise<UserSubscription[]>;
  /** The players' profile languages: the answer's mail is framed in it; English without. */
  languagesOf?(uids: string[]): Promise<Map<string, Language | null>>;
}

export interface FeedbackInboxDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  audit: Pick<AuditLog, 'record'>;
  players: FeedbackPlayers;
}

const mustExist = <T>(row: T | undefined): T => {
  if (!row) throw new AppError('NOT_FOUND', feedbackOpsMessages.notFound);
  return row;
};

/**
 * The operators' feedback inbox: messages by status, each with its player's context;
 * an answer is written with its audit entry and its mail job in one transaction, so it is mailed
 * at least once, or not at all if the answer rolled back.
 */
export function createFeedbackInbox({ db, jobs, mailer, audit, players }: FeedbackInboxDeps) {
  const repo = createFeedbackRepo(db);

  const toItem = (
    row: FeedbackRow,
    answers: number,
    names: Awaited<ReturnType<FeedbackPlayers['namesOf']>>,
  ): FeedbackListItem => {
    const who = names.get(row.uid);
    return {
      id: row.id,
      uid: row.uid,
      email: row.email,
      playerName: who?.name ?? who?.username ?? null,
      subject: row.subject,
      excerpt: row.message.length > EXCERPT_LENGTH ? `${row.message.slice(0, EXCERPT_LENGTH)}…` : row.message,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      answers,
    };
  };

  const toAnswer = (row: FeedbackAnswerRow) => ({
    id: row.id,
    body: row.body,
    operatorEmail: row.operatorEmail,
    createdAt: row.createdAt.toISOString(),
    mailedAt: row.mailedAt?.toISOString() ?? null,
  });

  async function contextOf(uid: string): Promise<PlayerContext> {
    const since = new Date(Date.now() - CONTEXT_DAYS * 24 * 3_600_000);
    const [basics, payments, subscriptions] = await Promise.all([
      players.profileOf(uid),
      players.paymentsOf(uid, since),
      players.subscriptionsOf(uid),
    ]);
    const active = subscriptions
      .filter((subscription) => !subscription.expired)
      .sort((a, b) => b.expiresAt.localeCompare(a.expiresAt))[0];
    return {
      uid,
      name: basics?.name ?? null,
      username: basics?.username ?? null,
      email: basics?.email ?? null,
      phone: basics?.phone ?? null,
      joinedAt: basics?.createdAt.toISOString() ?? null,
      paymentsLast30Days: payments.started,
      completedPaymentsLast30Days: payments.completed,
      subscription: active
        ? { packageName: active.subscriptionPackage.name, expiresAt: active.expiresAt }
        : null,
    };
  }

  async function detail(id: string): Promise<FeedbackDetail> {
    const row = mustExist(await repo.byId(id));
    const [answers, names, player] = await Promise.all([
      repo.answersOf(id),
      players.namesOf([row.uid]),
      contextOf(row.uid),
    ]);
    return {
      ...toItem(row, answers.length, names),
      message: row.message,
      answerList: answers.map(toAnswer),
      player,
    };
  }

  async function page(query: FeedbackQuery) {
    const { rows, total } = await repo.page(query);
    const names = await players.namesOf(rows.map(({ row }) => row.uid));
    return {
      items: rows.map(({ row, answers }) => toItem(row, answers, names)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** The answer, mailed to the address the player wrote from; the message is answered, or closed. */
  async function answer(actor: Actor, id: string, input: AnswerFeedbackRequest) {
    const { body, close } = AnswerFeedbackRequestSchema.parse(input);
    await db.transaction(async (tx) => {
      const row = mustExist(await repo.lock(id, tx));
      const status = close ? 'closed' : 'answered';
      const saved = await repo.insertAnswer(
        { feedbackId: id, operatorUid: actor.uid, operatorEmail: actor.email, body },
        tx,
      );
      await repo.setStatus(id, status, tx);
      await jobs.enqueue(
        FEEDBACK_ANSWER_MAIL_JOB,
        { answerId: saved.id },
        { key: `feedback-answer:${saved.id}` },
        tx,
      );
      await audit.record(tx, actor, {
        action: 'feedback.answer',
        targetType: 'feedback',
        targetId: id,
        before: { status: row.status },
        after: { status, answerId: saved.id, to: row.email, body },
      });
    });
    jobs.kick();
    return detail(id);
  }

  async function setClosed(actor: Actor, id: string, closed: boolean) {
    await db.transaction(async (tx) => {
      const row = mustExist(await repo.lock(id, tx));
      if (closed && row.status === 'closed')
        throw new AppError('CONFLICT', feedbackOpsMessages.alreadyClosed);
      if (!closed && row.status !== 'closed') throw new AppError('CONFLICT', feedbackOpsMessages.notClosed);
      const status = closed ? 'closed' : (await repo.answersOf(id, tx)).length > 0 ? 'answered' : 'new';
      await repo.setStatus(id, status, tx);
      await audit.record(tx, actor, {
        action: closed ? 'feedback.close' : 'feedback.reopen',
        targetType: 'feedback',
        targetId: id,
        before: { status: row.status },
        after: { status },
      });
    });
    return detail(id);
  }

  /** FEEDBACK_ANSWER_MAIL_JOB's handler: sends the answer once it committed; one already mailed is not sent again. */
  const feedbackAnswerMailJob: JobHandler = async (payload) => {
    const found = await repo.answerWithFeedback(String(payload.answerId));
    if (!found || found.answer.mailedAt) return;
    const language = (await players.languagesOf?.([found.feedback.uid]))?.get(found.feedback.uid) ?? 'en';
    await mailer.send({
      to: found.feedback.email,
      ...feedbackAnswerMail(language, found.feedback, found.answer.body),
    });
    await repo.markMailed(found.answer.id);
  };

  return {
    page,
    detail,
    answer,
    close: (actor: Actor, id: string) => setClosed(actor, id, true),
    reopen: (actor: Actor, id: string) => setClosed(actor, id, false),
    /** For the dashboard: messages nobody has answered or closed yet. */
    unansweredCount: () => repo.countWithStatus('new'),
    feedbackAnswerMailJob,
  };
}

export type FeedbackInbox = ReturnType<typeof createFeedbackInbox>;
