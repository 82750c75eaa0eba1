import { actionOfTag, areaOfTag, mayDo, mayUse, type OperatorRole, operatorRoles } from '@playon/shared/ops';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import {
  ATTACK_ENV,
  capturedLog,
  configuredSecrets,
  isDarajaCallbackLine,
  secretsInLog,
} from '../support/attack-logs.ts';
import { documentedOperations, type Operation } from '../support/attack-openapi.ts';
import { arrangeOwner, type Owner } from '../support/attack-owner.ts';
import { ownerAimedRequest, unfillable } from '../support/attack-requests.ts';
import { signUpOperator } from '../support/operators.ts';
import { signUpPlayer, type TestPlayer } from '../support/players.ts';

/**
 * Parts of the owner's own views that other players' legitimate actions move: joining the owner's
 * chat room counts them among its members. Nothing the owner owns (profile, money, payments, files,
 * scores) is listed here.
 */
const MOVED_BY_OTHERS = new Set(['memberCount', 'onlineMemberCount']);

/**
 * A paid boost is the one thing another player may do to the owner's wallet (the product's feature,
 * aimed at the owner's uid): its row in the owner's history is the gift, not a change to the owner's.
 * A boost that never paid must leave no row at all.
 */
const isBoostReceived = (value: unknown) => {
  const row = value as { transactionDescId?: unknown; payment?: { successful?: unknown } } | null;
  return row?.transactionDescId === 'BOOST_RECEIVED' && row.payment?.successful === true;
};

/**
 * GETs that change the caller's own state (docs/api.md, chat room join and leave): attacked like the
 * rest, but no part of the view.
 */
const CALLER_WRITES = new Set([
  'GET /api/profile/chatroom-join/{chatRoomUid}',
  'GET /api/profile/chatroom-leave/{chatRoomUid}',
]);

const log = capturedLog();
let t: PaymentsTestApp;
let owner: Owner;
let other: TestPlayer;
let operations: Operation[];
let operators: { role: OperatorRole; player: TestPlayer }[];

/** The console area an operation belongs to (its `ops:<area>` tag), if it is an operator's. */
const areaOf = (operation: Operation) => operation.tags.map(areaOfTag).find((area) => area !== undefined);
const actionOf = (operation: Operation) =>
  operation.tags.map(actionOfTag).find((action) => action !== undefined);

// The owner's real top-up and uploads come first: longer than a hook's default on a busy machine.
beforeAll(async () => {
  t = await createPaymentsTestApp(ATTACK_ENV, { logStream: log.stream });
  owner = await arrangeOwner(t);
  other = await signUpPlayer(t.app);
  operators = [];
  for (const role of operatorRoles) {
    operators.push({ role, player: await signUpOperator(t.app, t.database.db, role) });
  }
  operations = await documentedOperations(t.app);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** The owner's answer to every documented read, as the owner sees it, without what others move. */
async function ownerView(): Promise<Map<string, string>> {
  const view = new Map<string, string>();
  for (const operation of operations.filter((o) => o.method === 'GET' && !CALLER_WRITES.has(o.key))) {
    const response = await t.app.inject(ownerAimedRequest(operation, owner, owner.player.token));
    view.set(operation.key, `${response.statusCode} ${JSON.stringify(withoutMoved(parse(response.body)))}`);
  }
  return view;
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function withoutMoved(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => !isBoostReceived(item)).map(withoutMoved);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !MOVED_BY_OTHERS.has(key))
      .map(([key, item]) => [key, withoutMoved(item)]),
  );
}

describe('the authorization matrix: every documented operation × anonymous, another player, the owner, each operator role', () => {
  it("never shows or changes the owner's data for anyone else", async () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((o) => unfillable(o, owner)).filter(Boolean)).toEqual([]);

    const leaks: string[] = [];
    let requests = 0;
    const before = await ownerView();
    // Reading the view twice shows the same: a GET that changes what it shows must join CALLER_WRITES.
    const again = await ownerView();
    for (const [key, seen] of before) expect(again.get(key), `${key} changed on a second read`).toBe(seen);
    for (const [role, token] of [
      ['anonymous', undefined],
      ['another player', other.token],
    ] as const) {
      for (const operation of operations) {
        const response = await t.app.inject(ownerAimedRequest(operation, owner, token));
        requests++;
        const status = response.statusCode;
        if (role === 'anonymous' && !operation.isPublic && status !== 401) {
          leaks.push(`${operation.key} answered ${status} to anonymous (not a public operation)`);
        }
        if (role === 'another player' && areaOf(operation) && status !== 403) {
          leaks.push(`${operation.key} answered ${status} to a player (an operator's operation)`);
        }
        const shown = owner.privateValues.filter((value) => response.body.includes(value));
        if (shown.length > 0) leaks.push(`${operation.key} showed ${role} the owner's ${shown.join(', ')}`);
      }
    }
    // Whatever the attackers started (a cancelled boost, say) has been answered before looking again.
    await t.sandbox.settled();
    const after = await ownerView();
    for (const [key, seen] of before) {
      if (after.get(key) !== seen) {
        leaks.push(`the owner's ${key} changed after the others' requests: ${seen} → ${after.get(key)}`);
      }
    }

    // The owner's own requests reach the data: proof the ids filled in are real. A rule may still say
    // no (looking oneself up to boost, one's own referral code), never "who are you", "not yours" or
    // "no such thing". The GETs that leave a room go last, so the room's own operations find a member.
    const unreached: string[] = [];
    const ownOrder = [
      ...operations.filter((o) => !CALLER_WRITES.has(o.key)),
      ...operations.filter((o) => CALLER_WRITES.has(o.key)),
    ];
    for (const operation of ownOrder) {
      const response = await t.app.inject(ownerAimedRequest(operation, owner, owner.player.token));
      requests++;
      if (areaOf(operation)) {
        // The console is not the owner's: a player is refused there, whatever they own.
        if (response.statusCode !== 403)
          leaks.push(`${operation.key} answered ${response.statusCode} to a player`);
        continue;
      }
      if ([401, 403, 404].includes(response.statusCode) || response.statusCode >= 500) {
        unreached.push(`${operation.key}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }

    // Each operator role: let into the areas and actions it may use (ADR 0024, docs/operations.md),
    // refused with 403 everywhere else.
    const opsOperations = operations.filter((operation) => areaOf(operation));
    expect(opsOperations.length).toBeGreaterThan(0);
    for (const { role, player } of operators) {
      for (const operation of opsOperations) {
        const response = await t.app.inject(ownerAimedRequest(operation, owner, player.token));
        requests++;
        const status = response.statusCode;
        // An action with narrower roles than its area (a payout from Players is finance's) by its own.
        const action = actionOf(operation);
        const allowed = action ? mayDo(role, action) : mayUse(role, areaOf(operation) ?? 'operators');
        if (allowed && ([401, 403].includes(status) || status >= 500))
          unreached.push(`${operation.key}: ${status} to ${role} ${response.body.slice(0, 160)}`);
        if (!allowed && status !== 403) leaks.push(`${operation.key} answered ${status} to ${role}`);
      }
    }

    console.log(
      `attack-authz operations=${operations.length} roles=${3 + operators.length} requests=${requests} leaks=${leaks.length}`,
    );
    expect(leaks).toEqual([]);
    expect(unreached).toEqual([]);
  }, 300_000);

  it('writes no configured secret into any log line, the provider callbacks included', () => {
    expect(log.lines.some(isDarajaCallbackLine)).toBe(true);
    expect(secretsInLog(log.lines, configuredSecrets(t.config))).toEqual([]);
  });
});
