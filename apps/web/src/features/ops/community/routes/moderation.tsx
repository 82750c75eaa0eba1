import type { ModerationRoom } from '@playon/shared/ops-community';
import { useNavigate } from 'react-router';
import { formatWhen } from '../../components/format';
import { PagedList } from '../../components/paged-list';
import { moderationRoomsQuery } from '../api/get-moderation-rooms';

/** Chat moderation: the rooms, to open one and read its messages. */
export function Component() {
  const navigate = useNavigate();
  return (
    <PagedList<ModerationRoom>
      query={moderationRoomsQuery}
      rowKey={(room) => room.chatRoomUid}
      searchLabel="Search rooms by name"
      emptyText="No chat room matches."
      onRowClick={(room) => navigate(`/ops/community/moderation/${encodeURIComponent(room.chatRoomUid)}`)}
      columns={[
        {
          header: 'Room',
          cell: (room) => (
            <span className="font-medium">
              {room.name}
              {room.archived ? <span className="ml-2 text-xs font-normal text-muted">(archived)</span> : null}
            </span>
          ),
        },
        { header: 'Members', cell: (room) => room.memberCount.toLocaleString('en-GB') },
        {
          header: 'Muted now',
          cell: (room) => (
            <span className={room.mutedCount > 0 ? 'font-semibold text-danger' : ''}>{room.mutedCount}</span>
          ),
        },
        {
          header: 'Last message',
          cell: (room) => (room.lastMessageAt ? formatWhen(room.lastMessageAt) : '—'),
        },
      ]}
    />
  );
}
