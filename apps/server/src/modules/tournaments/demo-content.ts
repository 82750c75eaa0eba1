import type { AwardName } from './tournament.ts';

/** Demo players have no password and no linked account: nobody can sign in as one. */
export const DEMO_EMAIL_DOMAIN = 'players.playon.example';
export const demoEmail = (username: string) => `demo+${username}@${DEMO_EMAIL_DOMAIN}`;

/**
 * More demo players for the running tournament, enough for several pages of its leaderboard (issue
 * 14): each first name twice, with two different family names, so names and usernames never repeat.
 */
const crowdFirstNames = [
  'Wairimu',
  'Kiprono',
  'Atieno',
  'Mwende',
  'Jelimo',
  'Omondi',
  'Nyambura',
  'Kariuki',
  'Wambui',
  'Barasa',
  'Adhiambo',
  'Cheruiyot',
  'Muthoni',
  'Onyango',
  'Wangari',
  'Kibet',
  'Nekesa',
  'Maina',
  'Awino',
  'Koech',
  'Njoki',
  'Ouma',
  'Jepchirchir',
  'Macharia',
  'Makena',
];
const crowdFamilyNames = [
  'Kimani',
  'Otieno',
  'Mutai',
  'Wanjala',
  'Odongo',
  'Gitau',
  'Langat',
  'Mbugua',
  'Okoth',
  'Ndirangu',
  'Simiyu',
  'Kiplagat',
  'Nyaga',
];
const CROWD_SIZE = 2 * crowdFirstNames.length;

export const weeklyCrowd = Array.from({ length: CROWD_SIZE }, (_, index) => {
  const first = crowdFirstNames[index % crowdFirstNames.length] as string;
  const round = Math.floor(index / crowdFirstNames.length);
  const family = crowdFamilyNames[(index + round * 5) % crowdFamilyNames.length] as string;
  return {
    name: `${first} ${family}`,
    username: `${first.toLowerCase()}_${family.slice(0, 3).toLowerCase()}`,
    // Below the named players' scores, a few points apart: 470.00 down to 158.85.
    points: Math.round((470 - index * 6.35) * 100) / 100,
  };
});

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
  ...weeklyCrowd.map(({ name, username }) => ({ name, username })),
];

/** Every demo tournament's prizes, by package name. */
export const demoPrizes: Record<AwardName, string> = { Gold: 'Platinum', Silver: 'Gold', Bronze: 'Silver' };

const DAY_MS = 24 * 3_600_000;

export interface DemoTournament {
  seedKey: string;
  name: string;
  description: string;
  /** What a player reading Kiswahili sees, as an operator would write it in the console. */
  nameSw: string;
  descriptionSw: string;
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
    nameSw: 'Matatu Rush ya Wiki',
    descriptionSw:
      'Kwepa msongamano wa magari wa Nairobi kwa muda mrefu uwezavyo, wiki nzima. Mizunguko mitatu mirefu zaidi inashinda kifurushi cha siku moja cha Platinum, Gold na Silver.',
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
      ...weeklyCrowd.map(({ username, points }): [string, number] => [username, points]),
    ],
  },
  {
    seedKey: 'demo-savanna-snake-sprint',
    name: 'Savanna Snake Sprint',
    description:
      'Three days to grow the longest snake on the savanna. The top three win a Platinum, Gold and Silver day pass.',
    nameSw: 'Mbio za Savanna Snake',
    descriptionSw:
      'Siku tatu za kukuza nyoka mrefu zaidi kwenye savanna. Washindi watatu wa kwanza wanashinda kifurushi cha siku moja cha Platinum, Gold na Silver.',
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
    nameSw: 'Kombe la Uzinduzi la Matatu Rush',
    descriptionSw:
      'Kombe la kwanza la Matatu Rush kwenye PlayOn. Mabingwa wake walishinda kifurushi cha siku moja cha Platinum, Gold na Silver na nafasi kwenye Ukumbi wa Mashujaa.',
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
