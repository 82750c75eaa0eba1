import { chatMessages } from '@playon/shared/chat';
import type { Envelope, ErrorPayload } from '@playon/shared/envelope';
import { messages } from '@playon/shared/messages';
import { ApiError } from '../../../lib/api-error';
import { API_BASE, API_TIMEOUT_MS } from '../../../lib/api-fetch';
import { getAccessToken } from '../../../lib/auth-token';

export interface UploadChatMediaInput {
  chatRoomId: number;
  file: File;
  /** The share of the file sent so far, 0 to 1. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

function parseEnvelope(text: string): Partial<Envelope<unknown>> {
  try {
    return JSON.parse(text) as Partial<Envelope<unknown>>;
  } catch {
    return {};
  }
}

/**
 * POST /api/upload (multipart: file, id = the room's id, type CHAT_MEDIA) → the file's address.
 * XMLHttpRequest rather than fetch: only it reports upload progress everywhere. A 15 MB file takes
 * minutes on a slow network, so the 20 s API timeout counts from the last sign of progress.
 */
export async function uploadChatMedia({ chatRoomId, file, onProgress, signal }: UploadChatMediaInput) {
  const token = await getAccessToken();
  if (!token)
    throw new ApiError(messages.notLoggedIn, { kind: 'http', status: 401, code: 'UNAUTHENTICATED' });
  const form = new FormData();
  form.append('id', String(chatRoomId));
  form.append('type', 'CHAT_MEDIA');
  form.append('file', file);

  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const armStallTimer = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => xhr.abort(), API_TIMEOUT_MS);
    };
    const fail = (error: Error) => {
      clearTimeout(stallTimer);
      signal?.removeEventListener('abort', cancel);
      reject(error);
    };
    const cancel = () => xhr.abort();
    xhr.open('POST', `${API_BASE}/upload`);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      armStallTimer();
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      clearTimeout(stallTimer);
      signal?.removeEventListener('abort', cancel);
      const envelope = parseEnvelope(xhr.responseText);
      const url = (envelope.payload as { url?: unknown } | undefined)?.url;
      if (xhr.status === 200 && typeof url === 'string') {
        onProgress(1);
        resolve(url);
        return;
      }
      const payload = (envelope.payload ?? {}) as Partial<ErrorPayload>;
      fail(
        new ApiError(envelope.statusMessage || chatMessages.uploadFailed, {
          kind: 'http',
          status: xhr.status,
          ...(payload.code ? { code: payload.code } : {}),
        }),
      );
    };
    xhr.onerror = () => fail(new ApiError(chatMessages.uploadFailed, { kind: 'network' }));
    xhr.onabort = () =>
      fail(
        signal?.aborted
          ? new DOMException('The upload was cancelled.', 'AbortError')
          : new ApiError(chatMessages.uploadFailed, { kind: 'timeout' }),
      );
    signal?.addEventListener('abort', cancel);
    armStallTimer();
    xhr.send(form);
  });
}
