import { createHash } from 'node:crypto';
import { and, eq, inArray, is, isNull, SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { paymentIntents } from '../schema.ts';
import { type IntentStatusValue, predecessors } from './states.ts';

type IntentChanges = Partial<typeof paymentIntents.$inferInsert>;
type IntentRow = typeof paymentIntents.$inferSelect;

const columnOf = (key: string) => paymentIntents[key as keyof typeof paymentIntents.$inferSelect];

/** A value as an element of a statement's array parameter. */
const arrayValue = (value: unknown) =>
  value instanceof Date
    ? value.toISOString()
    : typeof value === 'bigint'
      ? value.toString()
      : (value ?? null);

/**
 * An intent's reads and moves on a payout's path, prepared (ADR 0059): PostgreSQL parses and plans
 * each once per connection, then only binds its values, as the withdrawal's own statement is
 * (ADR 0043). The reads are built once; a move's text depends on the columns it sets, so each set of
 * columns gets a statement (and a name) of its own.
 */
export function preparedIntentStatements(db: Db) {
  const byId = db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.id, sql.placeholder('id')))
    .prepare('payment_intent_by_id');
  const byOriginatorConversationIds = db
    .select()
    .from(paymentIntents)
    .where(sql`${paymentIntents.originatorConversationId} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('payment_intents_by_originators');
  const byIds = db
    .select()
    .from(paymentIntents)
    .where(sql`${paymentIntents.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('payment_intents_by_ids');
  // Payouts Daraja took, each with its ConversationID: IN_PROGRESS from PENDING only, as `move`.
  const progressed = db
    .update(paymentIntents)
    .set({
      status: 'IN_PROGRESS',
      conversationId: sql`sent.conversation_id`,
      updatedAt: sql`${sql.placeholder('at')}::timestamptz`,
    })
    .from(
      sql`unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('conversationIds')}::text[]) as sent(id, conversation_id)`,
    )
    .where(and(sql`${paymentIntents.id} = sent.id`, inArray(paymentIntents.status, predecessors.IN_PROGRESS)))
    .returning()
    .prepare('payment_intents_progressed');

  // Payouts whose first B2C request is about to leave: marked before it goes, so one that may have
  // reached Daraja is never sent again before Transaction Status says Daraja has none (ADR 0074).
  const claimedToSend = db
    .update(paymentIntents)
    .set({ payoutSentAt: sql`${sql.placeholder('at')}::timestamptz` })
    .where(
      and(
        sql`${paymentIntents.id} = any(${sql.placeholder('ids')}::uuid[])`,
        eq(paymentIntents.status, 'PENDING'),
        isNull(paymentIntents.conversationId),
        isNull(paymentIntents.payoutSentAt),
      ),
    )
    .returning()
    .prepare('payment_intents_claimed_to_send');

  /**
   * The conditional move of `transition` with each changed column a placeholder, or undefined when
   * a change is itself SQL (built as it is then).
   */
  function move(id: string, to: IntentStatusValue, set: IntentChanges, tx: Db) {
    const changes = Object.entries({ ...set, status: to, updatedAt: new Date() }).filter(
      ([, value]) => value !== undefined,
    );
    if (changes.some(([, value]) => is(value, SQL))) return undefined;
    // A null is written as such in the text: a column's encoder takes no null for a placeholder.
    const columns = changes.map(([column, value]) => (value === null ? `${column}=null` : column));
    const name = `payment_intent_to_${createHash('sha1')
      .update(`${to}:${[...columns].sort().join(',')}`)
      .digest('hex')
      .slice(0, 16)}`;
    const statement = tx
      .update(paymentIntents)
      .set(
        Object.fromEntries(
          changes.map(([column, value]) => [column, value === null ? sql`null` : sql.placeholder(column)]),
        ),
      )
      .where(
        and(
          eq(paymentIntents.id, sql.placeholder('intent_id')),
          inArray(paymentIntents.status, predecessors[to]),
        ),
      )
      .returning()
      .prepare(name);
    const values = changes.filter(([, value]) => value !== null);
    return statement.execute({ ...Object.fromEntries(values), intent_id: id });
  }

  /**
   * Several moves to `to` that set the same columns, as one UPDATE from one array per column: built
   * on the transaction it runs in (once per group), prepared under a name of its status and columns.
   */
  function togetherStatement(to: IntentStatusValue, columns: string[], tx: Db) {
    const types = columns.map((column) => columnOf(column).getSQLType());
    const arrays = columns.map(
      (column, i) => sql`${sql.placeholder(column)}::${sql.raw(types[i] ?? 'text')}[]`,
    );
    const names = columns.map((column) => columnOf(column).name);
    return tx
      .update(paymentIntents)
      .set({
        ...Object.fromEntries(columns.map((column, i) => [column, sql.raw(`moved."${names[i]}"`)])),
        status: to,
        updatedAt: sql`${sql.placeholder('at')}::timestamptz`,
      })
      .from(
        sql`unnest(${sql.placeholder('ids')}::uuid[], ${sql.join(arrays, sql`, `)}) as moved(id, ${sql.raw(names.map((name) => `"${name}"`).join(', '))})`,
      )
      .where(and(sql`${paymentIntents.id} = moved.id`, inArray(paymentIntents.status, predecessors[to])))
      .returning()
      .prepare(
        `payment_intents_to_${createHash('sha1')
          .update(`${to}:${columns.join(',')}`)
          .digest('hex')
          .slice(0, 16)}`,
      );
  }

  /**
   * Moves asked for in one transaction at the same moment (the endings of a group, ADR 0061): those
   * to the same status setting the same columns in one statement, the others as `move`. Answers
   * each move's row, or undefined when it found nothing to move; an intent asked twice moves once,
   * for the first asking.
   */
  async function moveTogether(
    tx: Db,
    moves: { id: string; to: IntentStatusValue; set: IntentChanges }[],
  ): Promise<(IntentRow | undefined)[]> {
    const first = new Map<string, number>();
    moves.forEach((move, i) => {
      if (!first.has(move.id)) first.set(move.id, i);
    });
    const kinds = new Map<string, number[]>();
    moves.forEach((move, i) => {
      if (first.get(move.id) !== i) return;
      const columns = Object.keys(move.set)
        .filter((column) => move.set[column as keyof IntentChanges] !== undefined && column !== 'updatedAt')
        .sort();
      const plain = columns.every((column) => {
        const value = move.set[column as keyof IntentChanges];
        return !is(value, SQL) && (value === null || typeof value !== 'object' || value instanceof Date);
      });
      const kind = plain ? `${move.to}:${columns.join(',')}` : `alone:${i}`;
      kinds.set(kind, [...(kinds.get(kind) ?? []), i]);
    });
    const rows = new Map<string, IntentRow>();
    for (const [kind, indexes] of kinds) {
      const [head] = indexes;
      const asked = head === undefined ? undefined : moves[head];
      if (!asked) continue;
      if (kind.startsWith('alone:') || indexes.length === 1) {
        const moved = move(asked.id, asked.to, asked.set, tx);
        const [row] = moved ? await moved : await plainMove(asked.id, asked.to, asked.set, tx);
        if (row) rows.set(row.id, row);
        continue;
      }
      const columns = kind
        .slice(kind.indexOf(':') + 1)
        .split(',')
        .filter(Boolean);
      const statement = togetherStatement(asked.to, columns, tx);
      const chosen = indexes.map((i) => moves[i] as (typeof moves)[number]);
      const values = Object.fromEntries(
        columns.map((column) => [
          column,
          chosen.map((one) => arrayValue(one.set[column as keyof IntentChanges])),
        ]),
      );
      const moved = (await statement.execute({
        ...values,
        ids: chosen.map((one) => one.id),
        at: new Date().toISOString(),
      })) as IntentRow[];
      for (const row of moved) rows.set(row.id, row);
    }
    return moves.map((move, i) => (first.get(move.id) === i ? rows.get(move.id) : undefined));
  }

  /** A move whose changes include SQL, built as it is. */
  const plainMove = (id: string, to: IntentStatusValue, set: IntentChanges, tx: Db) =>
    tx
      .update(paymentIntents)
      .set({ ...set, status: to, updatedAt: new Date() })
      .where(and(eq(paymentIntents.id, id), inArray(paymentIntents.status, predecessors[to])))
      .returning();

  return {
    moveTogether,
    plainMove,
    byId: (id: string) => byId.execute({ id }),
    byOriginatorConversationIds: (ids: string[]) => byOriginatorConversationIds.execute({ ids }),
    byIds: (ids: string[]) => byIds.execute({ ids }),
    claimedToSend: (ids: string[]) =>
      claimedToSend.execute({ ids, at: new Date().toISOString() }) as Promise<IntentRow[]>,
    progressed: (sent: { id: string; conversationId: string }[]) =>
      progressed.execute({
        ids: sent.map((payout) => payout.id),
        conversationIds: sent.map((payout) => payout.conversationId),
        at: new Date().toISOString(),
      }) as Promise<IntentRow[]>,
    move,
  };
}
