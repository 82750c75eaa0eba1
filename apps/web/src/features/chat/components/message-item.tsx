import type { ChatMessage } from '@playon/shared/chat';
import type { PublicUser } from '@playon/shared/tournaments';
import { Avatar } from '../../../components/ui/avatar';
import { useTranslation } from '../../../lib/translation';
import { MessageBody } from './message-body';
import { formatMessageTime } from './message-time';

interface MessageItemProps {
  message: ChatMessage;
  /** The sender's public face: undefined while it loads, null when it could not be found. */
  sender: PublicUser | null | undefined;
  isOwn: boolean;
  /** Another message of the same sender right before: the picture and the name are not repeated. */
  isContinuation: boolean;
}

/** One message: the sender's picture and name, the content and the time; the player's own on the right. */
export function MessageItem({ message, sender, isOwn, isContinuation }: MessageItemProps) {
  const { t } = useTranslation();
  const name = sender === undefined ? '' : (sender?.username ?? sender?.name ?? t('chat.anonymous'));
  const isText = message.chatType === 'TEXT';
  return (
    <li
      className={`flex items-end gap-2 ${isOwn ? 'flex-row-reverse' : ''} ${isContinuation ? 'mt-1' : 'mt-3'}`}
    >
      {isContinuation ? <span className="w-8 shrink-0" /> : <Avatar src={sender?.profilePic} size={32} />}
      <div className={`flex max-w-[78%] min-w-0 flex-col ${isOwn ? 'items-end' : 'items-start'}`}>
        {isContinuation ? null : (
          <span className="mb-0.5 min-h-4 px-1 text-xs font-semibold text-muted">{name}</span>
        )}
        <div
          className={`rounded-2xl ${isText ? 'px-3.5 py-2' : 'p-1.5'} ${
            isOwn ? 'rounded-br-md bg-brand text-white' : 'rounded-bl-md bg-raised text-text'
          }`}
        >
          <MessageBody message={message} senderName={name || t('chat.anonymous')} />
        </div>
        <time dateTime={message.createdAt} className="mt-0.5 px-1 text-[11px] text-muted">
          {formatMessageTime(message.createdAt)}
        </time>
      </div>
    </li>
  );
}
