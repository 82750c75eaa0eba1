import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, lte, type Query, sql } from 'drizzle-orm';
import { builtOnce, type Db, executePrepared } from '../../platform/db.ts';
import { type JobOrigin, jobForEachRowSql, jobOrigin } from '../../platform/jobs/index.ts';
import { batchPerTransaction } from '../../platform/next-turn.ts';
import { notifications } from './schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt'>;

const asUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** One player of a group, and what they read (in Kiswahili too for an operator's broadcast). */
export interface GroupRecipient {
  uid: string;
  title: string;
  body: string;
  titleSw?: string | null;
  bodySw?: string | null;
  url: string | null;
}

/** A recipient as insertGroup's JSON carries it: its columns' names. */
const asRecord = ({ uid, title, body, titleSw, bodySw, url }: GroupRecipient) => ({
  uid,
  title,
  body,
  title_sw: titleSw ?? null,
  body_sw: bodySw ?? null,
  url,
});

export interface IdSlice {
  from: string;
  to: string;
}

/**
 * A group's rows have ids made of md5(group)'s first half and md5(dedupe key)'s (ADR 0013): the
 * group is one primary-key range, whatever the collation of its keys, and its rows spread evenly
 * over it. Cut in `count` equal slices (a power of two), each slice holds about rows / count.
 */
export function groupSlices(group: string, count: number): IdSlice[] {
  const prefix = createHash('md5').update(group).digest('hex').slice(0, 16);
  const step = 2n ** 64n / BigInt(count);
  const hex = (value: bigint) => asUuid(`${prefix}${value.toString(16).padStart(16, '0')}`);
  return Array.from({ length: count }, (_, i) => ({
    from: hex(BigInt(i) * step),
    to: hex(BigInt(i + 1) * step - 1n),
  }));
}

/**
 * A notification and the job that delivers it in one statement, built once and prepared: the job
 * is written only when the notification is (its dedupe key new).
 */
const insertWithJob = (jobKind: string) => {
  const value = (name: string) => sql.placeholder(name);
  return sql`with written as (
      insert into ${notifications} (uid, kind, title, body, url, dedupe_key)
      values (${value('uid')}::text, ${value('kind')}::text, ${value('title')}::text, ${value('body')}::text,
        ${value('url')}::text, ${value('dedupe_key')}::text)
      on conflict (dedupe_key) do nothing
      returning id
    ), job as (${jobForEachRowSql(jobKind, 'written', 'notificationId')})
    select id from written`;
};

/**
 * Several notifications, each with the job of `jobKind` that delivers it, in one statement (a
 * group's endings, ADR 0061), one array per column; each job from the request that asked for its
 * notification. Answers the dedupe keys written.
 */
const manyWithJobs = (jobKind: string) => {
  const column = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;
  return sql`with asked as (
      select * from unnest(${column('uids', 'text')}, ${column('kinds', 'text')}, ${column('titles', 'text')},
        ${column('bodies', 'text')}, ${column('urls', 'text')}, ${column('dedupe_keys', 'text')},
        ${column('request_ids', 'text')}, ${column('trace_contexts', 'text')})
        with ordinality as asked(uid, kind, title, body, url, dedupe_key, request_id, trace_context, place)
    ), written as (
      insert into ${notifications} (uid, kind, title, body, url, dedupe_key)
      select uid, kind, title, body, url, dedupe_key from asked order by place
      on conflict (dedupe_key) do nothing
      returning id, dedupe_key
    ), job as (
      insert into jobs (kind, payload, run_at, request_id, trace_context)
      select ${jobKind}::text, jsonb_build_object('notificationId', written.id), now(), asked.request_id,
        asked.trace_context
      from written join asked using (dedupe_key)
    )
    select dedupe_key from written`;
};

type WithJob = { values: NewNotification & { dedupeKey: string }; jobKind: string; origin: JobOrigin };

export function createNotificationRepo(db: Db) {
  const withJob = new Map<string, Query>();
  const manyWithJob = new Map<string, Query>();

  async function insertOneWithJob(values: NewNotification, jobKind: string, tx: Db, origin = jobOrigin()) {
    const statement = withJob.get(jobKind) ?? builtOnce(insertWithJob(jobKind));
    withJob.set(jobKind, statement);
    const rows = await executePrepared(tx, `notification_insert_${jobKind}`, statement, {
      uid: values.uid,
      kind: values.kind,
      title: values.title,
      body: values.body,
      url: values.url ?? null,
      dedupe_key: values.dedupeKey ?? null,
      job_request_id: origin.requestId,
      job_trace_context: origin.traceContext,
    });
    return rows.length > 0;
  }

  /** Those asked for in one transaction at the same moment, by job kind, each kind in one statement. */
  const inTransaction = batchPerTransaction(async (tx: Db, asked: WithJob[]) => {
    const written = new Set<WithJob>();
    for (const jobKind of new Set(asked.map((one) => one.jobKind))) {
      const seen = new Set<string>();
      const sent = asked.filter((one) => {
        if (one.jobKind !== jobKind || seen.has(one.values.dedupeKey)) return false;
        seen.add(one.values.dedupeKey);
        return true;
      });
      const [only] = sent;
      if (only && sent.length === 1) {
        if (await insertOneWithJob(only.values, jobKind, tx, only.origin)) written.add(only);
        continue;
      }
      const statement = manyWithJob.get(jobKind) ?? builtOnce(manyWithJobs(jobKind));
      manyWithJob.set(jobKind, statement);
      const rows = await executePrepared<{ dedupe_key: string }>(
        tx,
        `notifications_insert_${jobKind}`,
        statement,
        {
          uids: sent.map((one) => one.values.uid),
          kinds: sent.map((one) => one.values.kind),
          titles: sent.map((one) => one.values.title),
          bodies: sent.map((one) => one.values.body),
          urls: sent.map((one) => one.values.url ?? null),
          dedupe_keys: sent.map((one) => one.values.dedupeKey),
          request_ids: sent.map((one) => one.origin.requestId),
          trace_contexts: sent.map((one) => one.origin.traceContext),
        },
      );
      const keys = new Set(rows.map((row) => row.dedupe_key));
      for (const one of sent) if (keys.has(one.values.dedupeKey)) written.add(one);
    }
    return asked.map((one) => written.has(one));
  });

  return {
    /**
     * Writes it, with a job of `jobKind` that delivers it, unless its dedupe key was written before:
     * false then, and nothing is written. In a transaction, those asked for at the same moment (a
     * group's endings) go in one statement.
     */
    insertWithJob(values: NewNotification, jobKind: string, tx: Db = db): Promise<boolean> {
      const { dedupeKey } = values;
      if (tx === db || !dedupeKey) return insertOneWithJob(values, jobKind, tx);
      return inTransaction(tx, { values: { ...values, dedupeKey }, jobKind, origin: jobOrigin() });
    },
    /**
     * Recipients of a group in one statement; each row's dedupe key is the group followed by the uid.
     * They travel as one JSON parameter: a VALUES list of 4,000 parameters took a third longer to
     * send and plan. Resolves to how many rows were new.
     */
    async insertGroup(kind: string, group: string, recipients: GroupRecipient[], tx: Db = db) {
      // node-postgres and PGlite both answer { rows }.
      const result = (await tx.execute(sql`
        with inserted as (
          insert into ${notifications} (id, uid, kind, title, body, title_sw, body_sw, url, dedupe_key)
          select (substr(md5(${group}::text), 1, 16) || substr(md5(${group}::text || r.uid), 1, 16))::uuid,
            r.uid, ${kind}::text, r.title, r.body, r.title_sw, r.body_sw, r.url, ${group}::text || r.uid
          from json_to_recordset(${JSON.stringify(recipients.map(asRecord))}::json)
            as r(uid text, title text, body text, title_sw text, body_sw text, url text)
          on conflict do nothing
          returning 1
        )
        select count(*)::int as n from inserted`)) as { rows: { n: number }[] };
      return Number(result.rows[0]?.n ?? 0);
    },
    /** A slice of a group's rows, in id order, those after `after` (an id) only when given. */
    groupSlice(group: string, slice: IdSlice, after: string | null, tx: Db = db) {
      return tx
        .select()
        .from(notifications)
        .where(
          and(
            after ? gt(notifications.id, after) : gte(notifications.id, slice.from),
            lte(notifications.id, slice.to),
            sql`starts_with(${notifications.dedupeKey}, ${group})`,
          ),
        )
        .orderBy(asc(notifications.id));
    },
    /** The notifications of `ids` that still exist, in no particular order. */
    byIds: (ids: string[], tx: Db = db) =>
      tx.select().from(notifications).where(inArray(notifications.id, ids)),
    async byId(id: string, tx: Db = db) {
      const [row] = await tx.select().from(notifications).where(eq(notifications.id, id));
      return row;
    },
    latestOf: (uid: string, limit: number, tx: Db = db) =>
      tx
        .select()
        .from(notifications)
        .where(eq(notifications.uid, uid))
        .orderBy(desc(notifications.createdAt), desc(notifications.seq))
        .limit(limit),
  };
}

export type NotificationRepo = ReturnType<typeof createNotificationRepo>;
