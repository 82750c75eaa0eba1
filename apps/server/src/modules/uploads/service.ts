import { messages } from '@playon/shared/messages';
import {
  PROFILE_PICTURE_MAX_BYTES,
  profilePictureMediaTypes,
  type UploadType,
  uploadMessages,
} from '@playon/shared/upload';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Player } from '../auth/service.ts';
import type { ProfileService } from '../profile/service.ts';

export interface UploadsServiceDeps {
  storage: Storage;
  profiles: Pick<ProfileService, 'setProfilePicture'>;
}

/** The largest file any upload type accepts; multipart stops reading beyond it. */
export const MAX_UPLOAD_BYTES = PROFILE_PICTURE_MAX_BYTES;

export function createUploadsService({ storage, profiles }: UploadsServiceDeps) {
  /** A profile picture: the caller's own, an image by its bytes (not its name), within the limit. */
  async function uploadProfilePicture(player: Player, id: string, bytes: Uint8Array) {
    if (id !== player.uid) throw new AppError('FORBIDDEN', messages.forbidden);
    if (bytes.byteLength > PROFILE_PICTURE_MAX_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge(PROFILE_PICTURE_MAX_BYTES));
    }
    const detected = await fileTypeFromBuffer(bytes);
    if (!detected || !(profilePictureMediaTypes as readonly string[]).includes(detected.mime)) {
      throw new AppError('UNSUPPORTED_MEDIA', uploadMessages.notAnImage);
    }
    const url = await storage.put('profile-pictures', detected.ext, bytes);
    const replaced = await profiles.setProfilePicture(player, url);
    // A picture no profile points at any more is only disk used up: remove it.
    if (replaced) await storage.remove(replaced);
    return { url };
  }

  return {
    upload(player: Player, fields: { id: string; type: UploadType }, bytes: Uint8Array) {
      switch (fields.type) {
        case 'PROFILE_PICTURE':
          return uploadProfilePicture(player, fields.id, bytes);
      }
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
