import type { enGames } from '../en/games.ts';
import type { Texts } from '../shape.ts';

/** Kiswahili texts of games, tournaments, the hall of fame and Playon TV. */
export const swGames = {
  games: {
    title: 'Michezo',
    viewGame: 'Tazama',
    subscribers: 'Waliojiunga',
    empty: 'Hakuna michezo kwa sasa.',
    playNow: 'Cheza sasa',
    packageId: 'Kitambulisho cha kifurushi',
    trailer: 'Kionjo cha {{name}}',
    playTrailer: 'Cheza kionjo cha {{name}}',
    forTournament: 'Mchezo huu unahesabiwa kwenye mashindano ya {{name}}.',
  },
  tournaments: {
    title: 'Mashindano',
    menu: 'Mashindano',
    empty: 'Hakuna mashindano kwa sasa.',
    groups: { UPCOMING: 'Yajayo', ONGOING: 'Yanayoendelea', EXPIRED: 'Yaliyoisha' },
    play: 'Cheza',
    view: 'Tazama',
    starts: 'Yanaanza {{date}}',
    ends: 'Yanaisha {{date}}',
    ended: 'Yaliisha {{date}}',
    leaderboard: 'Msimamo',
    prizes: 'Zawadi',
    prize: '{{award}} · kifurushi cha {{plan}}',
    loadMore: 'Onyesha zaidi',
    points: 'alama {{points}}',
    you: 'Wewe',
    yourRank: 'Nafasi yako: #{{rank}} kati ya {{total}}',
  },
  hallOfFame: {
    title: 'Ukumbi wa Mashujaa',
    menu: 'Mashujaa',
    winners: 'Washindi',
    viewLeaderboard: 'Tazama msimamo',
  },
  tv: {
    title: 'Playon TV',
    player: 'Video ya Playon TV',
    play: 'Cheza {{title}}',
    starting: 'Video inaanza',
    more: 'Video nyingine',
    videoLabel: 'Video ya YouTube',
    added: 'Imewekwa {{date}}',
    watchNow: 'Tazama sasa',
    empty: 'Bado hakuna video kwenye Playon TV. Rudi baadaye.',
    missing: 'Video hiyo haipo tena kwenye Playon TV. Hii ndiyo inayoonyeshwa sasa.',
  },
} as const satisfies Texts<typeof enGames>;
