/** One line of a demo conversation: who says it (a demo player's username), what, how long before the first boot. */
export interface DemoLine {
  username: string;
  message: string;
  minutesAgo: number;
}

/** DEMO_CONTENT only: which demo players belong to which seeded room ('*' for every one of them). */
export const demoRoomMembers: Record<string, readonly string[] | '*'> = {
  general: '*',
  'matatu-rush': [
    'wanjiku_k',
    'otieno.o',
    'kip_rotich',
    'baraka_n',
    'zawadi',
    'mutua_k',
    'chebet',
    'amani.w',
  ],
  'savanna-snake': ['akinyi', 'njeri.m', 'kamau_g', 'nafula', 'otieno.o'],
  tournaments: ['wanjiku_k', 'otieno.o', 'akinyi', 'kip_rotich', 'njeri.m', 'chebet', 'kamau_g'],
  support: ['mutua_k', 'zawadi'],
};

/** DEMO_CONTENT only: a little of what the demo players said in each room, oldest first. */
export const demoConversations: Record<string, readonly DemoLine[]> = {
  general: [
    { username: 'wanjiku_k', message: 'Habari za asubuhi everyone! 🌞', minutesAgo: 190 },
    { username: 'otieno.o', message: 'Mzuri sana. Who else is grinding the Weekly?', minutesAgo: 184 },
    { username: 'akinyi', message: 'Me! Stuck behind a lorry on level 3 again 😂', minutesAgo: 181 },
    {
      username: 'kip_rotich',
      message: 'Keep left after the roundabout, the lorries never go there',
      minutesAgo: 176,
    },
    { username: 'njeri.m', message: 'Just topped up with M-Pesa, took seconds. Nice', minutesAgo: 95 },
    { username: 'baraka_n', message: 'Anyone from Kisumu here?', minutesAgo: 42 },
    { username: 'zawadi', message: 'Kisumu represent 🙌', minutesAgo: 39 },
    { username: 'mutua_k', message: 'Karibu to all the new players, ask anything', minutesAgo: 12 },
  ],
  'matatu-rush': [
    { username: 'wanjiku_k', message: 'New best run: 612! Thika Road at night is wild', minutesAgo: 230 },
    { username: 'baraka_n', message: 'How do you get past the boda bodas?', minutesAgo: 221 },
    { username: 'wanjiku_k', message: 'Wait for the gap, then swerve late. Patience pays', minutesAgo: 219 },
    { username: 'chebet', message: 'The Gold pass is mine this week, watch 😎', minutesAgo: 64 },
    { username: 'otieno.o', message: 'Tutaona! See you on the leaderboard', minutesAgo: 58 },
  ],
  'savanna-snake': [
    {
      username: 'akinyi',
      message: 'Savanna Snake on the bus home is the best way to pass time',
      minutesAgo: 300,
    },
    {
      username: 'kamau_g',
      message: 'Eat the mangoes first, the acacias come fast after 40',
      minutesAgo: 287,
    },
    { username: 'nafula', message: 'Thanks for the tip, got 52 today!', minutesAgo: 70 },
  ],
  tournaments: [
    { username: 'njeri.m', message: 'When does the next cup start?', minutesAgo: 140 },
    {
      username: 'kip_rotich',
      message: 'Check the Tournaments tab, the upcoming one opens tomorrow',
      minutesAgo: 133,
    },
    { username: 'akinyi', message: "Last week's winners are in the Hall of fame already", minutesAgo: 27 },
  ],
  support: [
    { username: 'zawadi', message: 'How do I change my username?', minutesAgo: 400 },
    { username: 'mutua_k', message: 'Profile, then tap your username. Worked for me', minutesAgo: 395 },
  ],
};
