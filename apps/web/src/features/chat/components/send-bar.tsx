import {
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatMessage,
  type ChatSendRequest,
  chatTypeOfKind,
  mediaKindOf,
} from '@playon/shared/chat';
import { CHAT_MEDIA_MAX_BYTES } from '@playon/shared/upload';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { useSendChatMessage } from '../api/send-chat-message';
import { uploadChatMedia } from '../api/upload-chat-media';
import { AttachmentChip } from './attachment-chip';
import { useMessageKey } from './use-message-key';

/**
 * Typed text, or one attachment: uploaded first (with its progress), then sent as its address. A failed
 * upload sends nothing; a refused message keeps what was typed.
 */
export function SendBar({
  chatRoomId,
  onSent,
}: {
  chatRoomId: number;
  onSent: (message: ChatMessage) => void;
}) {
  const { t } = useTranslation();
  const send = useSendChatMessage();
  const messageKey = useMessageKey();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploads = useRef<AbortController | null>(null);
  const kind = file ? mediaKindOf(file.type) : null;
  const isBusy = progress !== null || send.isPending;
  const canSend = !isBusy && (file !== null || text.trim().length > 0);

  useEffect(() => () => uploads.current?.abort(), []);

  function chooseFile(input: HTMLInputElement) {
    const chosen = input.files?.[0] ?? null;
    // Cleared at once, so choosing the same file again still counts as a choice.
    input.value = '';
    if (chosen && chosen.size > CHAT_MEDIA_MAX_BYTES) {
      toast.error(t('notices.fileTooLarge', { mb: Math.round(CHAT_MEDIA_MAX_BYTES / 1024 / 1024) }));
      setFile(null);
      return;
    }
    setFile(chosen);
  }

  async function sendFile(chosen: File) {
    const controller = new AbortController();
    uploads.current = controller;
    setProgress(0);
    let url: string;
    try {
      url = await uploadChatMedia({
        chatRoomId,
        file: chosen,
        onProgress: setProgress,
        signal: controller.signal,
      });
    } catch (error) {
      if (!controller.signal.aborted) toast.error(errorText(error, t('notices.uploadFailed')));
      setProgress(null);
      return;
    }
    setProgress(null);
    sendMessage({ chatRoomId, message: url, chatType: chatTypeOfKind[mediaKindOf(chosen.type)] }, () =>
      setFile(null),
    );
  }

  /** The message under its key; a refused one stays in the bar, to be sent again under that key. */
  function sendMessage(request: ChatSendRequest, clear: () => void) {
    send.mutate(
      { request, idempotencyKey: messageKey.keyFor(request) },
      {
        onSuccess: (message) => {
          messageKey.sent();
          clear();
          onSent(message);
        },
        onError: (error) => toast.error(errorText(error, t('common.genericError'))),
      },
    );
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    if (file) {
      void sendFile(file);
      return;
    }
    sendMessage({ chatRoomId, message: text, chatType: 'TEXT' }, () => setText(''));
  }

  // Enter (the keyboard's send key, see enterKeyHint) sends; Shift+Enter starts a new line.
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form
      onSubmit={submit}
      className="border-t border-line/60 bg-ink px-3 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))]"
    >
      <div className="mx-auto max-w-md">
        {file && kind ? (
          <AttachmentChip file={file} kind={kind} progress={progress} onRemove={() => setFile(null)} />
        ) : null}
        <div className="flex items-end gap-1.5">
          <label className="tap flex shrink-0 cursor-pointer items-center justify-center rounded-full text-muted focus-within:ring-2 focus-within:ring-accent has-disabled:opacity-40">
            <Icon name="paperclip" />
            <input
              type="file"
              aria-label={t('chat.attach')}
              disabled={isBusy}
              onChange={(event) => chooseFile(event.currentTarget)}
              className="sr-only"
            />
          </label>
          <textarea
            rows={1}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            enterKeyHint="send"
            disabled={file !== null || isBusy}
            aria-label={t('chat.messageLabel')}
            placeholder={t('chat.messagePlaceholder')}
            className="field-sizing-content max-h-32 min-h-11 min-w-0 flex-1 resize-none rounded-2xl border border-line bg-surface px-4 py-2.5 text-base outline-none placeholder:text-muted focus:border-accent disabled:opacity-50"
          />
          <button
            type="submit"
            aria-label={t('chat.send')}
            disabled={!canSend}
            className="tap flex shrink-0 items-center justify-center rounded-full bg-brand text-white disabled:bg-brand/40"
          >
            <Icon name="send" className="size-5" />
          </button>
        </div>
      </div>
    </form>
  );
}
