import { CONTENT_IMAGE_MAX_BYTES } from '@playon/shared/ops-content';
import { profilePictureMediaTypes, uploadMessages } from '@playon/shared/upload';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { UploadedFile } from './service.ts';

/**
 * The console's images (a banner, an outside game's icon, a chat room's icon): checked as a
 * profile picture is, by its bytes and its size, and stored beside the players' uploads.
 */
export function createContentImages(storage: Storage) {
  return {
    async store(file: UploadedFile) {
      if (file.truncated || file.bytes.byteLength > CONTENT_IMAGE_MAX_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge(CONTENT_IMAGE_MAX_BYTES));
      }
      const detected = await fileTypeFromBuffer(file.bytes);
      if (!detected || !(profilePictureMediaTypes as readonly string[]).includes(detected.mime)) {
        throw new AppError('UNSUPPORTED_MEDIA', uploadMessages.notAnImage);
      }
      return { url: await storage.put('content-images', detected.ext, file.bytes, detected.mime) };
    },
  };
}

export type ContentImages = ReturnType<typeof createContentImages>;
