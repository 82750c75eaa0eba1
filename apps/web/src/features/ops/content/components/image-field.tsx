import { CONTENT_IMAGE_MAX_BYTES } from '@playon/shared/ops-content';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { uploadImage } from '../api/upload-image';

/**
 * An image for a banner or an icon: the file is uploaded as soon as it is chosen (with its
 * progress), and the stored address becomes the field's value.
 */
export function ImageField({
  label,
  value,
  onChange,
  error,
  wide = false,
  removable = false,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string | undefined;
  wide?: boolean;
  /** An optional image: a Remove button empties the field. */
  removable?: boolean;
}) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    setFailure(null);
    if (file.size > CONTENT_IMAGE_MAX_BYTES) {
      setFailure('The image is over 2 MB: choose a smaller one.');
      return;
    }
    setProgress(0);
    try {
      onChange(await uploadImage(file, setProgress));
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setProgress(null);
    }
  }

  const shown = failure ?? error;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-muted">
        {label}
      </label>
      <div className={wide ? 'flex flex-col items-start gap-3' : 'flex flex-wrap items-center gap-3'}>
        {value ? (
          <img
            src={value}
            alt=""
            className={`${wide ? 'aspect-[12/5] w-full max-w-sm' : 'size-16'} shrink-0 rounded-xl bg-raised object-cover ring-1 ring-line`}
          />
        ) : null}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-invalid={shown ? true : undefined}
          onChange={(event) => void choose(event.target.files?.[0])}
          className={`min-w-0 text-sm ${wide ? 'w-full' : 'flex-1'} file:mr-3 file:h-10 file:rounded-lg file:border file:border-line file:bg-raised file:px-3 file:text-text`}
        />
        {removable && value ? (
          <Button variant="secondary" aria-label={`Remove: ${label}`} onClick={() => onChange('')}>
            Remove
          </Button>
        ) : null}
      </div>
      {progress !== null ? (
        <progress value={progress} max={1} aria-label="Uploading" className="mt-2 h-2 w-full accent-brand" />
      ) : null}
      <p className="mt-1.5 text-xs text-muted">JPEG, PNG, WebP or GIF, at most 2 MB.</p>
      {shown ? (
        <p role="alert" className="mt-1 text-sm text-danger">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
