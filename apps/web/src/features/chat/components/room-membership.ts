import type { ChatRoom } from '@playon/shared/chat';
import type { Profile } from '@playon/shared/profile';

/** A room is the player's when the list says so or the stored profile lists it (join answers the profile). */
export const isRoomJoined = (room: ChatRoom, profile: Profile | null): boolean =>
  room.subscribed || (profile?.chatRooms.includes(room.chatRoomUid) ?? false);
