import type { ChatRoom } from '@playon/shared/chat';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BottomNav } from '../../../components/ui/bottom-nav';
import { EmptyState } from '../../../components/ui/empty-state';
import { Header } from '../../../components/ui/header';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTranslation } from '../../../lib/translation';
import { useProfile } from '../../../lib/use-session';
import { useChatRooms } from '../api/get-chat-rooms';
import { JoinDialog } from '../components/join-dialog';
import { RoomCard } from '../components/room-card';
import { isRoomJoined } from '../components/room-membership';
import { useJoinAndOpen } from '../components/use-join-and-open';
import { useLiveRoomCounts } from '../components/use-live-room-counts';

function ListSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3">
      {['a', 'b', 'c', 'd'].map((key) => (
        <Skeleton key={key} className="h-[74px] w-full rounded-2xl" />
      ))}
    </div>
  );
}

/** Chat rooms (`/chat-room`): a joined room opens; another asks to join first. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  const rooms = useChatRooms();
  useLiveRoomCounts();
  const [joinTarget, setJoinTarget] = useState<ChatRoom | null>(null);
  const { joinAndOpen, isJoining } = useJoinAndOpen();

  const openRoom = (room: ChatRoom) => {
    if (isRoomJoined(room, profile)) navigate(`/chat-room/${room.id}`);
    else setJoinTarget(room);
  };

  return (
    <>
      <Header title={t('chat.title')} />
      <main className="mx-auto max-w-md px-5 pt-5 pb-24">
        {rooms.isError ? (
          <LoadError onRetry={() => void rooms.refetch()} />
        ) : !rooms.data ? (
          <ListSkeleton />
        ) : rooms.data.length === 0 ? (
          <EmptyState icon="chat" text={t('chat.empty')} />
        ) : (
          <ul className="flex flex-col gap-3">
            {rooms.data.map((room) => (
              <li key={room.id}>
                <RoomCard room={room} isJoined={isRoomJoined(room, profile)} onOpen={openRoom} />
              </li>
            ))}
          </ul>
        )}
      </main>
      <BottomNav />
      {joinTarget ? (
        <JoinDialog
          room={joinTarget}
          isJoining={isJoining}
          onJoin={() => joinAndOpen(joinTarget)}
          onClose={() => setJoinTarget(null)}
        />
      ) : null}
    </>
  );
}
