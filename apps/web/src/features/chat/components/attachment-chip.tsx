import type { MediaKind } from '@playon/shared/chat';
import { Icon } from '../../../components/ui/icon';
import { useTranslation } from '../../../lib/translation';

interface AttachmentChipProps {
  file: File;
  kind: MediaKind;
  /** 0 to 1 while uploading, null before. */
  progress: number | null;
  onRemove: () => void;
}

/** The file about to be sent: its name and kind, a remove button, and the upload's progress. */
export function AttachmentChip({ file, kind, progress, onRemove }: AttachmentChipProps) {
  const { t } = useTranslation();
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <div className="mb-2 flex items-center gap-2 rounded-xl bg-raised py-1.5 pr-1 pl-3 ring-1 ring-line">
      <Icon name="paperclip" className="size-5 shrink-0 text-accent" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{file.name}</p>
        {percent === null ? (
          <p className="text-xs text-muted">{t(`chat.kinds.${kind}`)}</p>
        ) : (
          <div
            role="progressbar"
            aria-label={t('chat.uploading', { percent })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-1 h-1.5 overflow-hidden rounded-full bg-line"
          >
            <div
              className="h-full rounded-full bg-accent transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
        )}
      </div>
      <button
        type="button"
        aria-label={t('chat.removeFile', { name: file.name })}
        onClick={onRemove}
        disabled={percent !== null}
        className="tap flex items-center justify-center rounded-lg text-muted disabled:opacity-40"
      >
        <Icon name="close" className="size-5" />
      </button>
    </div>
  );
}
