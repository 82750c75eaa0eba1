import type { ChatMessage } from '@playon/shared/chat';
import type { PublicUser } from '@playon/shared/tournaments';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useTranslation } from '../../../lib/translation';
import { MessageItem } from './message-item';

/** Within this many pixels of the end, the player is reading the newest messages. */
const AT_BOTTOM_PX = 64;
/** Messages of one sender this close together read as one run under one name. */
const RUN_GAP_MS = 5 * 60_000;

const continues = (message: ChatMessage, previous: ChatMessage | undefined) =>
  previous !== undefined &&
  previous.userId === message.userId &&
  Date.parse(message.createdAt) - Date.parse(previous.createdAt) < RUN_GAP_MS;

interface RoomMessagesProps {
  messages: readonly ChatMessage[];
  senderOf: (message: ChatMessage) => PublicUser | null | undefined;
  ownUid: string | undefined;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
}

/**
 * The room's messages, opened at the newest. Older pages load above without moving what the player
 * reads; a new message scrolls into view only for a player already at the end (or who sent it),
 * others get a 'New messages' pill.
 */
export function RoomMessages({
  messages,
  senderOf,
  ownUid,
  hasOlder,
  isLoadingOlder,
  onLoadOlder,
}: RoomMessagesProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLElement>(null);
  const isAtBottom = useRef(true);
  const seen = useRef<{ first?: string; last?: string; scrollHeight: number; scrollTop: number }>({
    scrollHeight: 0,
    scrollTop: 0,
  });
  const [hasUnseen, setUnseen] = useState(false);

  const scrollToEnd = () => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
    setUnseen(false);
  };

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const before = seen.current;
    if (before.last === undefined) {
      element.scrollTop = element.scrollHeight;
    } else if (first !== before.first && last === before.last) {
      // An older page went in above: keep the same message under the player's eyes.
      element.scrollTop = before.scrollTop + (element.scrollHeight - before.scrollHeight);
    } else if (last !== before.last) {
      if (isAtBottom.current || messages.at(-1)?.userId === ownUid) element.scrollTop = element.scrollHeight;
      else setUnseen(true);
    }
    seen.current = { first, last, scrollHeight: element.scrollHeight, scrollTop: element.scrollTop };
  }, [messages, ownUid]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    isAtBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < AT_BOTTOM_PX;
    seen.current = { ...seen.current, scrollHeight: element.scrollHeight, scrollTop: element.scrollTop };
    if (isAtBottom.current) setUnseen(false);
  };

  return (
    <div className="relative min-h-0 flex-1">
      <section
        ref={scroller}
        onScroll={onScroll}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard scrolls the conversation only if it can focus it (WCAG 2.1.1, axe's scrollable-region-focusable)
        tabIndex={0}
        aria-label={t('chat.messagesLabel')}
        className="h-full overflow-y-auto overscroll-contain px-3 py-3"
      >
        {hasOlder ? (
          <Button
            variant="secondary"
            isBusy={isLoadingOlder}
            onClick={onLoadOlder}
            className="mx-auto mb-3 h-10 text-sm"
          >
            {t('chat.loadMore')}
          </Button>
        ) : null}
        {messages.length === 0 ? (
          <p className="mt-10 text-center text-sm text-muted">{t('chat.noMessages')}</p>
        ) : (
          <ol aria-label={t('chat.messagesLabel')} className="mx-auto flex max-w-md flex-col">
            {messages.map((message, index) => (
              <MessageItem
                key={message.id}
                message={message}
                sender={senderOf(message)}
                isOwn={message.userId === ownUid}
                isContinuation={continues(message, messages[index - 1])}
              />
            ))}
          </ol>
        )}
      </section>
      {hasUnseen ? (
        <button
          type="button"
          onClick={scrollToEnd}
          className="absolute bottom-3 left-1/2 flex h-9 -translate-x-1/2 items-center gap-1.5 rounded-full bg-accent px-4 text-sm font-semibold text-ink shadow-lg"
        >
          <Icon name="arrowDown" className="size-4" />
          {t('chat.newMessages')}
        </button>
      ) : null}
    </div>
  );
}
