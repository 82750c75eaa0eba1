import type { ChatRoom } from '@playon/shared/chat';
import { useTranslation } from '../../../lib/translation';

interface RoomCardProps {
  room: ChatRoom;
  isJoined: boolean;
  onOpen: (room: ChatRoom) => void;
}

/** One room of the list: icon, name, members and who is online; tapping opens it or offers to join. */
export function RoomCard({ room, isJoined, onOpen }: RoomCardProps) {
  const { t } = useTranslation();
  const counts = `${t('chat.members', { count: room.memberCount })} · ${t('chat.online', { count: room.onlineMemberCount })}`;
  return (
    <button
      type="button"
      onClick={() => onOpen(room)}
      className="flex w-full items-center gap-3 rounded-2xl bg-surface p-3 text-left ring-1 ring-line active:bg-raised"
    >
      <img
        src={room.icon}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        className="size-12 shrink-0 rounded-xl bg-raised object-cover"
      />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold [overflow-wrap:anywhere]">{room.name}</span>
        <span className="block text-sm text-muted">{counts}</span>
      </span>
      {isJoined ? (
        <span className="shrink-0 rounded-full bg-ok/15 px-2.5 py-1 text-xs font-semibold text-ok">
          {t('chat.joined')}
        </span>
      ) : (
        <span className="shrink-0 rounded-full bg-brand/20 px-2.5 py-1 text-xs font-semibold text-text">
          {t('chat.join')}
        </span>
      )}
    </button>
  );
}
