import {
  AUDIENCE_PREVIEW_SIZE,
  type AudienceDefinition,
  type AudienceSize,
  audienceMessages,
} from '@playon/shared/ops-audiences';
import { nairobiDayOf } from '@playon/shared/ops-data-requests';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';

type Uids = AsyncIterable<string> | Iterable<string>;
type Named = { name: string; uids(tx: Db): Uids };

/**
 * What an audience's rule is read from, each the owning module's read on the database alone (ADR
 * 0021, ADR 0068): the audiences module runs no SQL on other modules' tables.
 */
export interface AudienceReads {
  /** Every player who may sign in, in uid order. */
  playerUids(tx: Db): Uids;
  enabledAmong(uids: readonly string[], tx: Db): Promise<Set<string>>;
  paidAmong(uids: readonly string[], tx: Db): Promise<Set<string>>;
  lapsedSince(cutoff: Date, tx: Db): Uids;
  subscriptionsEndingBetween(from: Date, to: Date, tx: Db): Uids;
  game(id: number): Promise<Named | undefined>;
  tournament(id: number): Promise<Named | undefined>;
  usernamesOf(uids: string[]): Promise<Map<string, { username: string | null; email: string | null }>>;
}

const PAGE = 1000;
const DAY_MS = 24 * 60 * 60_000;

async function* pagesOf(uids: Uids) {
  let page: string[] = [];
  for await (const uid of uids) {
    page.push(uid);
    if (page.length === PAGE) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

/** An audience's players now: who the rule finds, less those who may not sign in (or who paid). */
export interface ResolvedAudience {
  description: string;
  members(tx: Db): AsyncIterable<string>;
}

export function createAudienceMembers(reads: AudienceReads, now: () => Date = () => new Date()) {
  async function resolve(definition: AudienceDefinition): Promise<ResolvedAudience> {
    const at = now();
    const keepEnabled = (page: string[], tx: Db) => reads.enabledAmong(page, tx);
    let source: {
      description: string;
      uids(tx: Db): Uids;
      keep(page: string[], tx: Db): Promise<Set<string>>;
    };
    switch (definition.kind) {
      case 'lapsed': {
        const days = definition.days ?? 0;
        const cutoff = new Date(at.getTime() - days * DAY_MS);
        source = {
          description: `No play in the last ${days} ${days === 1 ? 'day' : 'days'}`,
          uids: (tx) => reads.lapsedSince(cutoff, tx),
          keep: keepEnabled,
        };
        break;
      }
      case 'subscription-ends-today': {
        const from = new Date(`${nairobiDayOf(at)}T00:00:00+03:00`);
        const to = new Date(from.getTime() + DAY_MS);
        source = {
          description: 'Last subscription ends today (Nairobi)',
          uids: (tx) => reads.subscriptionsEndingBetween(from, to, tx),
          keep: keepEnabled,
        };
        break;
      }
      case 'never-paid':
        source = {
          description: 'Signed up, never paid',
          uids: (tx) => reads.playerUids(tx),
          async keep(page, tx) {
            const paid = await reads.paidAmong(page, tx);
            return new Set(page.filter((uid) => !paid.has(uid)));
          },
        };
        break;
      case 'game': {
        const game = await reads.game(definition.targetId ?? 0);
        if (!game)
          throw new AppError('NOT_FOUND', audienceMessages.gameNotFound, {
            gameId: audienceMessages.gameNotFound,
          });
        source = { description: `Players of ${game.name}`, uids: game.uids, keep: keepEnabled };
        break;
      }
      case 'tournament': {
        const tournament = await reads.tournament(definition.targetId ?? 0);
        if (!tournament)
          throw new AppError('NOT_FOUND', audienceMessages.tournamentNotFound, {
            tournamentId: audienceMessages.tournamentNotFound,
          });
        source = { description: `Entrants of ${tournament.name}`, uids: tournament.uids, keep: keepEnabled };
        break;
      }
    }
    return {
      description: source.description,
      async *members(tx: Db) {
        for await (const page of pagesOf(source.uids(tx))) {
          const kept = await source.keep(page, tx);
          for (const uid of page) if (kept.has(uid)) yield uid;
        }
      },
    };
  }

  /** How many players the rule holds now (read to the end), and the first few by username. */
  async function sizeOf(definition: AudienceDefinition, db: Db): Promise<AudienceSize> {
    const audience = await resolve(definition);
    const first: string[] = [];
    let count = 0;
    for await (const uid of audience.members(db)) {
      if (first.length < AUDIENCE_PREVIEW_SIZE) first.push(uid);
      count++;
    }
    const names = await reads.usernamesOf(first);
    return {
      count,
      description: audience.description,
      preview: first.map((uid) => names.get(uid)?.username ?? `Player ${uid.slice(0, 8)}`),
      countedAt: now().toISOString(),
    };
  }

  /** The audience as a broadcast counts it and its job reads it (notifications' port). */
  async function source(definition: AudienceDefinition, db: Db) {
    const audience = await resolve(definition);
    let count = 0;
    for await (const _uid of audience.members(db)) count++;
    return { name: audience.description, count, uids: (tx: Db) => audience.members(tx) };
  }

  return { resolve, sizeOf, source };
}

export type AudienceMembers = ReturnType<typeof createAudienceMembers>;
