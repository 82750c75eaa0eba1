import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Header } from '../../../components/ui/header';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorText } from '../../../lib/api-error';
import { usePublicUsers } from '../../../lib/public-users';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { useBack } from '../../../lib/use-back';
import { useProfile } from '../../../lib/use-session';
import { useChatPages } from '../api/get-chat-pages';
import { useChatRooms } from '../api/get-chat-rooms';
import { useLeaveChatRoom } from '../api/leave-chat-room';
import { LeaveDialog } from '../components/leave-dialog';
import { mergeMessages } from '../components/merge-messages';
import { NotMember } from '../components/not-member';
import { RoomMessages } from '../components/room-messages';
import { SendBar } from '../components/send-bar';
import { useJoinAndOpen } from '../components/use-join-and-open';
import { useLiveMessages } from '../components/use-live-messages';
import { useLiveRoomCounts } from '../components/use-live-room-counts';

function ChatRoomScreen({ chatRoomId }: { chatRoomId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = useBack('/chat-room');
  const queryClient = useQueryClient();
  const profile = useProfile();
  const room = useChatRooms().data?.find((each) => each.id === chatRoomId);
  useLiveRoomCounts();
  const pages = useChatPages(chatRoomId);
  // Listening from the start: a message sent while the first page loads is not lost.
  const { live, add, hidden } = useLiveMessages(chatRoomId, !pages.isError);
  const leave = useLeaveChatRoom();
  const [isLeaveOpen, setLeaveOpen] = useState(false);
  const { joinAndOpen, isJoining } = useJoinAndOpen(() => {
    void queryClient.resetQueries({ queryKey: ['chat', 'messages', chatRoomId] });
  });

  const list = useMemo(() => mergeMessages(pages.data?.pages, live, hidden), [pages.data, live, hidden]);
  const senderIds = useMemo(
    () => [...new Set(list.map((message) => message.userId))].filter((id) => id !== profile?.uid),
    [list, profile?.uid],
  );
  const senders = usePublicUsers(senderIds);
  const own = profile
    ? { name: profile.name, username: profile.username, profilePic: profile.profilePic }
    : null;
  const notMemberText =
    pages.error instanceof ApiError && pages.error.status === 403 ? pages.error.message : null;

  function confirmLeave() {
    if (!room) return;
    leave.mutate(room, {
      onSuccess: () => {
        toast.success(t('notices.leftRoom', { name: room.name }));
        navigate('/chat-room', { replace: true });
      },
      onError: (error) => toast.error(errorText(error, t('common.genericError'))),
    });
  }

  const counts = room
    ? `${t('chat.members', { count: room.memberCount })} · ${t('chat.online', { count: room.onlineMemberCount })}`
    : undefined;

  return (
    <div className="flex h-dvh flex-col">
      <Header
        title={room?.name ?? t('chat.room')}
        {...(counts ? { subtitle: counts } : {})}
        back={back}
        actions={
          room && notMemberText === null
            ? [{ label: t('chat.leave'), onSelect: () => setLeaveOpen(true) }]
            : []
        }
      />
      <main className="flex min-h-0 flex-1 flex-col">
        {notMemberText !== null ? (
          <NotMember
            text={notMemberText}
            canJoin={room !== undefined}
            isJoining={isJoining}
            onJoin={() => room && joinAndOpen(room)}
          />
        ) : pages.isError ? (
          <div className="mx-auto mt-8 w-full max-w-md px-5">
            <LoadError text={pages.error.message} onRetry={() => void pages.refetch()} />
          </div>
        ) : pages.isPending ? (
          <div className="flex flex-1 items-center justify-center">
            <Spinner />
          </div>
        ) : (
          <>
            <RoomMessages
              messages={list}
              senderOf={(message) => (message.userId === profile?.uid ? own : senders.get(message.userId))}
              ownUid={profile?.uid}
              hasOlder={pages.hasPreviousPage}
              isLoadingOlder={pages.isFetchingPreviousPage}
              onLoadOlder={() => void pages.fetchPreviousPage()}
            />
            <SendBar chatRoomId={chatRoomId} onSent={(message) => add([message])} />
          </>
        )}
      </main>
      {isLeaveOpen && room ? (
        <LeaveDialog
          roomName={room.name}
          isLeaving={leave.isPending}
          onLeave={confirmLeave}
          onClose={() => setLeaveOpen(false)}
        />
      ) : null}
    </div>
  );
}

/** A chat room (`/chat-room/{id}`): its messages, newest at the bottom, and the send bar. */
export function Component() {
  const { id } = useParams();
  const chatRoomId = Number(id);
  if (!Number.isInteger(chatRoomId) || chatRoomId <= 0) return <Navigate to="/chat-room" replace />;
  return <ChatRoomScreen key={chatRoomId} chatRoomId={chatRoomId} />;
}
