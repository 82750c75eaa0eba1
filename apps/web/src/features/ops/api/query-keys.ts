import type { ListQuery } from './ops-request';

/** A list's key: its stem, then the search and the page asked for (without them: every page). */
const listed = (stem: readonly unknown[], list?: ListQuery) =>
  list ? [...stem, list.q, list.page, list.pageSize] : stem;

const ops = ['ops'] as const;
const players = [...ops, 'players'] as const;
const money = [...ops, 'money'] as const;
const content = [...ops, 'content'] as const;
const community = [...ops, 'community'] as const;
const feedback = [...community, 'feedback'] as const;
const rooms = [...community, 'rooms'] as const;

/**
 * Every key the console caches under, in one place: a screen reads with one, and an action
 * invalidates the stem that holds what it changed (a key without its list part is every page).
 */
export const opsKeys = {
  all: () => ops,
  operator: () => [...ops, 'me'],
  operators: () => [...ops, 'operators'],
  audit: (filters?: object, list?: ListQuery) =>
    filters ? listed([...ops, 'audit', filters], list) : ([...ops, 'audit'] as const),
  auditActions: () => [...ops, 'audit', 'actions'],
  dashboard: () => [...ops, 'dashboard'],
  /** An Insight report for a period (and a game, for retention). */
  insight: (report?: string, query?: object) =>
    report ? [...ops, 'insight', report, query ?? {}] : ([...ops, 'insight'] as const),

  players: {
    all: () => players,
    search: (list?: ListQuery) => listed([...players, 'search'], list),
    card: (uid: string) => [...players, uid, 'card'],
    ledger: (uid: string, list?: ListQuery) => listed([...players, uid, 'ledger'], list),
    payments: (uid: string, list?: ListQuery) => listed([...players, uid, 'payments'], list),
    tournaments: (uid: string, list?: ListQuery) => listed([...players, uid, 'tournaments'], list),
    reports: (uid: string, list?: ListQuery) => listed([...players, uid, 'reports'], list),
    subscriptions: (uid: string) => [...players, uid, 'subscriptions'],
    dataRequests: (filters?: object, list?: ListQuery) =>
      filters
        ? listed([...players, 'data-requests', filters], list)
        : ([...players, 'data-requests'] as const),
  },

  money: {
    all: () => money,
    payments: (filters: object, list?: ListQuery) => listed([...money, 'payments', filters], list),
    stuck: (list?: ListQuery) => listed([...money, 'stuck'], list),
    open: (minutes: number, list?: ListQuery) => listed([...money, 'open', minutes], list),
    unmatched: (status: string, list?: ListQuery) => listed([...money, 'unmatched', status], list),
    payment: (id: string) => [...money, 'payment', id],
    reconciliation: (day: string) => [...money, 'reconciliation', day],
  },

  content: {
    games: (list?: ListQuery) => listed([...content, 'games'], list),
    /** Every game at once, for a tournament's game select. */
    allGames: () => [...content, 'games', 'all'],
    tournaments: (list?: ListQuery) => listed([...content, 'tournaments'], list),
    tournament: (id: string | undefined) => [...content, 'tournaments', id],
    banners: (list?: ListQuery) => listed([...content, 'banners'], list),
    tv: (list?: ListQuery) => listed([...content, 'tv'], list),
    packages: () => [...content, 'packages'],
    support: () => [...content, 'support'],
    chatRooms: (list?: ListQuery) => listed([...content, 'rooms'], list),
  },

  community: {
    feedback: () => feedback,
    inbox: (status: string, list?: ListQuery) => listed([...feedback, status], list),
    feedbackMessage: (id: string) => [...feedback, 'message', id],
    rooms: (list?: ListQuery) => listed(rooms, list),
    room: (chatRoomUid: string) => [...rooms, chatRoomUid],
    messages: (chatRoomUid: string, show: string, list?: ListQuery) =>
      listed([...rooms, chatRoomUid, 'messages', show], list),
    mutes: (chatRoomUid: string, list?: ListQuery) => listed([...rooms, chatRoomUid, 'mutes'], list),
    broadcasts: (list?: ListQuery) => listed([...community, 'broadcasts'], list),
    broadcastTargets: () => [...community, 'broadcast-targets'],
    audiences: (list?: ListQuery) => listed([...community, 'audiences'], list),
    /** A saved audience's size now, or an unsaved rule's (its query as the key). */
    audienceSize: (of: number | object) => [...community, 'audiences', 'size', of],
    broadcastCount: (audience: string, targetId: number | null) => [
      ...community,
      'broadcast-count',
      audience,
      targetId,
    ],
  },
};
