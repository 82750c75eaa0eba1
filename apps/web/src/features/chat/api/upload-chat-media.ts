import type { UploadResult } from '@playon/shared/upload';
import { apiUpload } from '../../../lib/api-upload';
import translator from '../../../lib/translation';

export interface UploadChatMediaInput {
  chatRoomId: number;
  file: File;
  /** The share of the file sent so far, 0 to 1. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST /api/upload (multipart: file, id = the room's id, type CHAT_MEDIA) → the file's address. */
export async function uploadChatMedia({ chatRoomId, file, onProgress, signal }: UploadChatMediaInput) {
  const form = new FormData();
  form.append('id', String(chatRoomId));
  form.append('type', 'CHAT_MEDIA');
  form.append('file', file);
  const { payload } = await apiUpload<UploadResult>('/upload', {
    form,
    onProgress,
    signal,
    failureMessage: translator.t('notices.uploadFailed'),
  });
  return payload.url;
}
