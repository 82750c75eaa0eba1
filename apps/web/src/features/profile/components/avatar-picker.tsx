import { PROFILE_PICTURE_MAX_BYTES, profilePictureMediaTypes } from '@playon/shared/upload';
import { type ChangeEvent, useRef } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { useUploadProfilePicture } from '../api/upload-profile-picture';

const isAllowedType = (type: string) => (profilePictureMediaTypes as readonly string[]).includes(type);

/** The tappable avatar: an image-only file picker, uploaded as the profile picture. */
export function AvatarPicker({ uid, picture }: { uid: string; picture: string | null }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfilePicture();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Checked here to spare a slow upload; the server judges the bytes again.
    if (!isAllowedType(file.type)) return toast.error(t('notices.notAnImage'));
    if (file.size > PROFILE_PICTURE_MAX_BYTES)
      return toast.error(
        t('notices.fileTooLarge', { mb: Math.round(PROFILE_PICTURE_MAX_BYTES / 1024 / 1024) }),
      );
    upload.mutate(
      { uid, file },
      {
        onSuccess: () => toast.success(t('profile.pictureUpdated')),
        onError: (error) => toast.error(errorText(error, t('common.genericError'))),
      },
    );
  }

  return (
    <div className="flex justify-center py-6">
      <button
        type="button"
        aria-label={t('profile.changePicture')}
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
        className="relative rounded-full"
      >
        <Avatar src={picture} size={112} />
        <span className="absolute right-0 bottom-0 flex size-10 items-center justify-center rounded-full bg-brand text-white ring-4 ring-ink">
          <Icon name="camera" className="size-5" />
        </span>
        {upload.isPending ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/60">
            <Spinner label={t('profile.uploading')} />
          </span>
        ) : null}
      </button>
      <input ref={input} type="file" accept={profilePictureMediaTypes.join(',')} hidden onChange={choose} />
    </div>
  );
}
