/** Where the room icons in ./icons are served; /content is never answered by the web app's fallback. */
export const CHAT_ICONS_PREFIX = '/content/chat-icons/';

export interface ChatRoomSeed {
  seedKey: string;
  chatRoomUid: string;
  name: string;
  icon: string;
}

const room = (slug: string, name: string): ChatRoomSeed => ({
  seedKey: slug,
  chatRoomUid: slug,
  name,
  icon: `${CHAT_ICONS_PREFIX}${slug}.svg`,
});

/** The rooms every installation has: product content, written at every start, not demo data. */
export const chatRoomSeeds: ChatRoomSeed[] = [
  room('general', 'General'),
  room('matatu-rush', 'Matatu Rush'),
  room('savanna-snake', 'Savanna Snake'),
  room('tournaments', 'Tournaments'),
  room('support', 'Support'),
];
