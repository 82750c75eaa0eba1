import { randomBytes } from 'node:crypto';
import type { PageQuery } from '@playon/shared/ops';
import { type ChatRoomFormSchema, contentMessages, type OpsChatRoom } from '@playon/shared/ops-content';
import type { z } from 'zod';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AuditInput, RecordAudit } from '../../operator/service.ts';
import { type ChatRoomRow, createRoomsRepo } from '../rooms-repo.ts';

type RoomForm = z.output<typeof ChatRoomFormSchema>;

const toOpsRoom = (room: ChatRoomRow, memberCount: number): OpsChatRoom => ({
  id: room.id,
  chatRoomUid: room.chatRoomUid,
  name: room.name,
  nameSw: room.nameSw,
  icon: room.icon,
  memberCount,
  archivedAt: room.archivedAt?.toISOString() ?? null,
  createdAt: room.createdAt.toISOString(),
});

/** The join key of a new room: its name in kebab case, and a few random letters so it never collides. */
const roomUidOf = (name: string) => {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `${slug || 'room'}-${randomBytes(3).toString('hex')}`;
};

/**
 * Chat rooms as admins run them: create, rename, change the icon, archive. An archived room leaves
 * the players' list and can no longer be joined, read or written to; its messages are kept.
 */
export function createRoomsConsole({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const rooms = createRoomsRepo(db);

  async function change(
    id: number,
    audit: RecordAudit,
    work: (room: ChatRoomRow, tx: Db) => Promise<ChatRoomRow>,
    entry: Omit<AuditInput, 'targetType' | 'targetId'>,
  ) {
    return db.transaction(async (tx) => {
      const before = await rooms.forUpdate(id, tx);
      if (!before) throw new AppError('NOT_FOUND', contentMessages.roomNotFound);
      if (before.archivedAt) throw new AppError('CONFLICT', contentMessages.roomArchived);
      const members = await rooms.memberCount(id, tx);
      const after = toOpsRoom(await work(before, tx), members);
      await audit(tx, {
        ...entry,
        targetType: 'chat-room',
        targetId: String(id),
        before: toOpsRoom(before, members),
        after,
      });
      return after;
    });
  }

  return {
    async page(query: PageQuery) {
      const { items, total } = await rooms.opsPage({
        q: query.q,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        items: items.map(({ room, memberCount }) => toOpsRoom(room, memberCount)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
    create(form: RoomForm, audit: RecordAudit): Promise<OpsChatRoom> {
      return db.transaction(async (tx) => {
        const room = toOpsRoom(await rooms.insertRoom({ ...form, chatRoomUid: roomUidOf(form.name) }, tx), 0);
        await audit(tx, {
          action: 'content.chat-room.create',
          targetType: 'chat-room',
          targetId: String(room.id),
          after: room,
        });
        return room;
      });
    },
    update: (id: number, form: RoomForm, audit: RecordAudit) =>
      change(id, audit, (_room, tx) => rooms.updateRoom(id, form, tx), {
        action: 'content.chat-room.update',
      }),
    archive: (id: number, reason: string, audit: RecordAudit) =>
      change(id, audit, (_room, tx) => rooms.updateRoom(id, { archivedAt: now() }, tx), {
        action: 'content.chat-room.archive',
        reason,
      }),
  };
}
