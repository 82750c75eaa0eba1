/** Where the room icons in ./icons are served; /content is never answered by the web app's fallback. */
export const CHAT_ICONS_PREFIX = '/content/chat-icons/';

export interface ChatRoomSeed {
  seedKey: string;
  chatRoomUid: string;
  name: string;
  /** In Kiswahili (docs/glossary.md); null for a name that is the same in both, like a game's. */
  nameSw: string | null;
  icon: string;
}

const room = (slug: string, name: string, nameSw: string | null = null): ChatRoomSeed => ({
  seedKey: slug,
  chatRoomUid: slug,
  name,
  nameSw,
  icon: `${CHAT_ICONS_PREFIX}${slug}.svg`,
});

/** The rooms every installation has: product content, written at every start, not demo data. */
export const chatRoomSeeds: ChatRoomSeed[] = [
  room('general', 'General', 'Jumla'),
  room('matatu-rush', 'Matatu Rush'),
  room('savanna-snake', 'Savanna Snake'),
  room('tournaments', 'Tournaments', 'Mashindano'),
  room('support', 'Support', 'Msaada'),
];
