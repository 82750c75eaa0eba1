import type { ChatMessage } from '@playon/shared/chat';
import { Icon } from '../../../components/ui/icon';
import { useTranslation } from '../../../lib/translation';
import { fileNameOf, mediaUrl } from './media-url';

// Media boxes have a fixed size, so a picture or a player that loads late never moves the list.
const IMAGE_WIDTH = 240;
const IMAGE_HEIGHT = 180;

/** A message's content by its type; text is always shown as text, never as HTML. */
export function MessageBody({ message, senderName }: { message: ChatMessage; senderName: string }) {
  const { t } = useTranslation();
  const url = message.chatType === 'TEXT' ? null : mediaUrl(message.message);
  if (!url) return <p className="whitespace-pre-wrap break-words">{message.message}</p>;

  switch (message.chatType) {
    case 'IMAGE':
      return (
        <a href={url} target="_blank" rel="noopener noreferrer" className="block">
          <img
            src={url}
            alt={t('chat.openImage', { name: senderName })}
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-60 max-w-full rounded-xl bg-ink/40 object-cover"
          />
        </a>
      );
    case 'VIDEO':
      return (
        // biome-ignore lint/a11y/useMediaCaption: players' own clips come without captions
        <video
          controls
          preload="metadata"
          src={url}
          className="aspect-video w-64 max-w-full rounded-xl bg-black"
        />
      );
    case 'AUDIO':
      // biome-ignore lint/a11y/useMediaCaption: players' own recordings come without captions
      return <audio controls preload="metadata" src={url} className="h-12 w-60 max-w-full" />;
    default:
      return (
        <a
          href={url}
          download
          target="_blank"
          rel="noopener noreferrer"
          className="flex items-center gap-2 font-medium underline underline-offset-2"
        >
          <Icon name="doc" className="size-5 shrink-0" />
          <span className="min-w-0 break-all">{fileNameOf(url)}</span>
          <span className="sr-only">{t('chat.download')}</span>
        </a>
      );
  }
}
