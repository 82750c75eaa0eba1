import { chatMessages } from '@playon/shared/chat';
import { messages } from '@playon/shared/messages';
import {
  CHAT_MEDIA_MAX_BYTES,
  PROFILE_PICTURE_MAX_BYTES,
  profilePictureMediaTypes,
  type UploadType,
  uploadMessages,
} from '@playon/shared/upload';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors.ts';
import { MEDIA_PREFIX, type Storage } from '../../platform/storage.ts';
import type { Player } from '../auth/service.ts';
import type { ChatService } from '../chat/service.ts';
import type { ProfileService } from '../profile/service.ts';

export interface UploadsServiceDeps {
  storage: Storage;
  profiles: Pick<ProfileService, 'setProfilePicture'>;
  chat: Pick<ChatService, 'assertMember' | 'judgeMedia' | 'recordMedia'>;
}

/** The largest file any upload type accepts; multipart stops reading beyond it. */
export const MAX_UPLOAD_BYTES = Math.max(PROFILE_PICTURE_MAX_BYTES, CHAT_MEDIA_MAX_BYTES);

/**
 * An uploaded file; `truncated` when it went on past MAX_UPLOAD_BYTES and `bytes` holds only the
 * start of it.
 */
export interface UploadedFile {
  bytes: Uint8Array;
  truncated: boolean;
}

function assertWithin(file: UploadedFile, limitBytes: number) {
  if (file.truncated || file.bytes.byteLength > limitBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge(limitBytes));
  }
}

/**
 * Each player's profile pictures live in a folder of their own, so a picture's path says who
 * uploaded it: a replaced picture is deleted only when it is in the uploader's folder, never
 * another player's file or a provider's picture that a profile happened to point at.
 */
const pictureFolder = (uid: string) => `profile-pictures-${uid}`;
const isOwnPicture = (uid: string, url: string) => url.startsWith(`${MEDIA_PREFIX}${pictureFolder(uid)}/`);

export function createUploadsService({ storage, profiles, chat }: UploadsServiceDeps) {
  /** A profile picture: the caller's own, an image by its bytes (not its name), within the limit. */
  async function uploadProfilePicture(player: Player, id: string, file: UploadedFile) {
    if (id !== player.uid) throw new AppError('FORBIDDEN', messages.forbidden);
    assertWithin(file, PROFILE_PICTURE_MAX_BYTES);
    const { bytes } = file;
    const detected = await fileTypeFromBuffer(bytes);
    if (!detected || !(profilePictureMediaTypes as readonly string[]).includes(detected.mime)) {
      throw new AppError('UNSUPPORTED_MEDIA', uploadMessages.notAnImage);
    }
    const url = await storage.put(pictureFolder(player.uid), detected.ext, bytes, detected.mime);
    const replaced = await profiles.setProfilePicture(player, url);
    // The player's own picture that no profile points at any more is only disk used up: remove it.
    if (replaced && isOwnPicture(player.uid, replaced)) await storage.remove(replaced);
    return { url };
  }

  /**
   * A chat attachment: `id` is the room, the caller a member; within 15 MiB; an allowed kind by
   * its bytes. Recorded so that only the uploader can send it, and only to that room.
   */
  async function uploadChatMedia(player: Player, id: string, file: UploadedFile) {
    const roomId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
    if (roomId === 0) throw new AppError('NOT_FOUND', chatMessages.roomNotFound);
    await chat.assertMember(player.uid, roomId);
    assertWithin(file, CHAT_MEDIA_MAX_BYTES);
    const media = await chat.judgeMedia(file.bytes);
    if (!media) throw new AppError('UNSUPPORTED_MEDIA', chatMessages.uploadFailed);
    const url = await storage.put(`chat-${roomId}`, media.ext, file.bytes, media.mime);
    try {
      await chat.recordMedia({
        url,
        roomId,
        uid: player.uid,
        mediaType: media.mime,
        sizeBytes: file.bytes.byteLength,
      });
    } catch (error) {
      await storage.remove(url);
      throw error;
    }
    return { url };
  }

  return {
    /** Whether `url` is a profile picture this player uploaded (not a provider's picture). */
    isOwnPicture,

    /**
     * A deleted account's files removed: its own profile picture and its chat
     * attachments, whose records chat erased. Resolves to how many were this storage's.
     */
    async removeFilesOf(uid: string, files: { profilePic: string | null; chatMedia: string[] }) {
      const urls = [
        ...(files.profilePic && isOwnPicture(uid, files.profilePic) ? [files.profilePic] : []),
        ...files.chatMedia.filter((url) => url.startsWith(MEDIA_PREFIX)),
      ];
      for (const url of urls) await storage.remove(url);
      return urls.length;
    },

    upload(player: Player, fields: { id: string; type: UploadType }, file: UploadedFile) {
      switch (fields.type) {
        case 'PROFILE_PICTURE':
          return uploadProfilePicture(player, fields.id, file);
        case 'CHAT_MEDIA':
          return uploadChatMedia(player, fields.id, file);
      }
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
