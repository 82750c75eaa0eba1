import { createHash } from 'node:crypto';
import { and, eq, inArray, is, SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { paymentIntents } from '../schema.ts';
import { type IntentStatusValue, predecessors } from './states.ts';

type IntentChanges = Partial<typeof paymentIntents.$inferInsert>;
type IntentRow = typeof paymentIntents.$inferSelect;

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

  return {
    byId: (id: string) => byId.execute({ id }),
    byOriginatorConversationIds: (ids: string[]) => byOriginatorConversationIds.execute({ ids }),
    byIds: (ids: string[]) => byIds.execute({ ids }),
    progressed: (sent: { id: string; conversationId: string }[]) =>
      progressed.execute({
        ids: sent.map((payout) => payout.id),
        conversationIds: sent.map((payout) => payout.conversationId),
        at: new Date().toISOString(),
      }) as Promise<IntentRow[]>,
    move,
  };
}
