import type { AwardName } from './tournament.ts';

/** Demo players have no password and no linked account: nobody can sign in as one. */
export const DEMO_EMAIL_DOMAIN = 'players.playon.example';
export const demoEmail = (username: string) => `demo+${username}@${DEMO_EMAIL_DOMAIN}`;

export const demoPlayers: { name: string; username: string }[] = [
  { name: 'Wanjiku Kamau', username: 'wanjiku_k' },
  { name: 'Otieno Ochieng', username: 'otieno.o' },
  { name: 'Akinyi Odhiambo', username: 'akinyi' },
  { name: 'Kipchoge Rotich', username: 'kip_rotich' },
  { name: 'Njeri Mwangi', username: 'njeri.m' },
  { name: 'Mutua Kioko', username: 'mutua_k' },
  { name: 'Chebet Jepkosgei', username: 'chebet' },
  { name: 'Baraka Njoroge', username: 'baraka_n' },
  { name: 'Amani Wafula', username: 'amani.w' },
  { name: 'Zawadi Achieng', username: 'zawadi' },
  { name: 'Kamau Githinji', username: 'kamau_g' },
  { name: 'Nafula Wekesa', username: 'nafula' },
];

/** Every demo tournament's prizes, by package name. */
export const demoPrizes: Record<AwardName, string> = { Gold: 'Platinum', Silver: 'Gold', Bronze: 'Silver' };

const DAY_MS = 24 * 3_600_000;

export interface DemoTournament {
  seedKey: string;
  name: string;
  description: string;
  /** The game's folder under games/. */
  gameSlug: string;
  /** Relative to the first boot's clock. */
  startsInMs: number;
  lastsMs: number;
  /** Best scores by demo player username, best first. */
  scores: [username: string, points: number][];
}

export const demoTournaments: DemoTournament[] = [
  {
    seedKey: 'demo-matatu-rush-weekly',
    name: 'Matatu Rush Weekly',
    description:
      'Dodge the Nairobi traffic for as long as you can, all week. The three longest runs win a Platinum, Gold and Silver day pass.',
    gameSlug: 'matatu-rush',
    startsInMs: -DAY_MS,
    lastsMs: 7 * DAY_MS,
    scores: [
      ['wanjiku_k', 1480],
      ['otieno.o', 1395],
      ['akinyi', 1310],
      ['kip_rotich', 1180],
      ['njeri.m', 1042],
      ['mutua_k', 960],
      ['chebet', 845],
      ['baraka_n', 720],
      ['amani.w', 615],
      ['zawadi', 480],
    ],
  },
  {
    seedKey: 'demo-savanna-snake-sprint',
    name: 'Savanna Snake Sprint',
    description:
      'Three days to grow the longest snake on the savanna. The top three win a Platinum, Gold and Silver day pass.',
    gameSlug: 'savanna-snake',
    startsInMs: 2 * DAY_MS,
    lastsMs: 3 * DAY_MS,
    scores: [],
  },
  {
    seedKey: 'demo-matatu-rush-launch-cup',
    name: 'Matatu Rush Launch Cup',
    description:
      'The first Matatu Rush cup on PlayOn. Its champions won a Platinum, Gold and Silver day pass and a place in the hall of fame.',
    gameSlug: 'matatu-rush',
    startsInMs: -9 * DAY_MS,
    lastsMs: 7 * DAY_MS,
    scores: [
      ['kamau_g', 1620],
      ['nafula', 1512],
      ['chebet', 1388],
      ['otieno.o', 1204],
      ['wanjiku_k', 1090],
      ['amani.w', 877],
      ['mutua_k', 702],
      ['zawadi', 590],
    ],
  },
];
