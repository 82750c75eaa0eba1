import type { PageQuery } from '@playon/shared/ops';
import type { PlayerDetail } from '@playon/shared/ops-players';
import { toKes } from '@playon/shared/payments';
import type { PlayerRecordParts, PlayersOpsDeps } from './deps.ts';
import { mustFind } from './guards.ts';
import {
  toIdentity,
  toLedgerEntry,
  toListItem,
  toPayment,
  toProfile,
  toReport,
  toTournament,
} from './wire.ts';

const pageOf = <T>(query: PageQuery, { items, total }: { items: T[]; total: number }) => ({
  items,
  total,
  page: query.page,
  pageSize: query.pageSize,
});

/** What the console reads about players: the search, one player's card and each of their lists. */
export function createPlayerReads(deps: PlayersOpsDeps, parts: PlayerRecordParts) {
  const { accounts, wallet, payments, subscriptions } = deps;
  return {
    async search(query: PageQuery) {
      const { rows, total } = await parts.profiles.search(query);
      return pageOf(query, { items: rows.map(toListItem), total });
    },

    async detail(uid: string): Promise<PlayerDetail> {
      const identity = await mustFind(accounts, uid);
      const [profile, balance] = await Promise.all([parts.profiles.profileOf(uid), wallet.balanceOf(uid)]);
      return { uid, identity: toIdentity(identity), profile: toProfile(profile), balance: toKes(balance) };
    },

    async ledger(uid: string, query: PageQuery) {
      const { items, total } = await wallet.ledgerOf(uid, query);
      return pageOf(query, { items: items.map(toLedgerEntry), total });
    },

    async payments(uid: string, query: PageQuery) {
      const { items, total } = await payments.intentsOfPlayer(uid, query);
      return pageOf(query, { items: items.map(toPayment), total });
    },

    subscriptions: (uid: string) => subscriptions.listForPlayer(uid),

    async tournaments(uid: string, query: PageQuery) {
      const { items, total } = await parts.tournamentEntriesOf(uid, query);
      return pageOf(query, { items: items.map(toTournament), total });
    },

    async reports(uid: string, query: PageQuery) {
      const { items, total } = await parts.feedback.feedbackOf(uid, query);
      return pageOf(query, { items: items.map(toReport), total });
    },
  };
}
