/** A chat room's path under /api/ops: its messages and mutes hang from it. */
export const roomPath = (chatRoomUid: string) => `/community/chat/rooms/${encodeURIComponent(chatRoomUid)}`;
