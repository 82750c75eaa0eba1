import { type SQL, sql } from 'drizzle-orm';
import type { Bound } from '../db.ts';

/** A request's key with its answer, as data: what `keysStatement` writes for several requests. */
export interface KeyRow {
  playerUid: string;
  key: string;
  requestHash: string;
  owner: string;
  statusCode: number;
  /** The answer's body, as JSON. */
  response: string;
}

/**
 * Several requests' keys with their answers as one INSERT another statement carries (a batch of
 * withdrawals, ADR 0044): each key is written only when its `gate` is among the ids the statement's
 * CTE `onlyWith` returns (its work's record). One array per column, so the statement's text does not
 * grow with the batch. A key a repeat wrote first fails the whole statement, as in `runInStatement`.
 */
export function keysStatement(rows: (KeyRow & { gate: string })[], onlyWith: string): Bound {
  const column = <K extends keyof (KeyRow & { gate: string })>(name: K) => rows.map((row) => row[name]);
  return {
    sql: keysSql(onlyWith),
    values: {
      keys_player_uid: column('playerUid'),
      keys_key: column('key'),
      keys_request_hash: column('requestHash'),
      keys_owner: column('owner'),
      keys_status_code: column('statusCode'),
      keys_response: column('response'),
      keys_gate: column('gate'),
    },
  };
}

/** `keysStatement`'s SQL, built once for each CTE it is gated on. */
const gatedKeys = new Map<string, SQL>();
function keysSql(onlyWith: string): SQL {
  let built = gatedKeys.get(onlyWith);
  if (!built) {
    const column = (name: string) => sql.placeholder(`keys_${name}`);
    built = sql`insert into idempotency_keys (player_uid, key, request_hash, owner, locked_until, status_code, response)
      select given.player_uid, given.key, given.request_hash, given.owner, now(), given.status_code, given.response
      from unnest(
        ${column('player_uid')}::text[], ${column('key')}::text[], ${column('request_hash')}::text[], ${column('owner')}::text[],
        ${column('status_code')}::int[], ${column('response')}::jsonb[], ${column('gate')}::uuid[]
      ) as given(player_uid, key, request_hash, owner, status_code, response, gate)
      where given.gate in (select id from ${sql.identifier(onlyWith)})`;
    gatedKeys.set(onlyWith, built);
  }
  return built;
}
