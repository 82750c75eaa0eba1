import { messages } from '@playon/shared/messages';
import { withSessionToken } from './api-client';
import { ApiError } from './api-error';
import {
  API_BASE,
  API_TIMEOUT_MS,
  type ApiResponse,
  parseEnvelope,
  readAnswer,
  TIMEOUT_MESSAGE,
} from './api-fetch';
import { currentLanguage } from './language';

export interface ApiUploadOptions {
  /** The multipart form, file included; the browser sets the boundary. */
  form: FormData;
  /** The share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** What the player reads when the upload fails without the server's own reason (network, timeout, a proxy's page). */
  failureMessage?: string;
}

/**
 * POSTs a multipart form to the PlayOn API with the session's token, answered as `apiRequest` is
 * (envelope parsed, anything but 200 thrown as ApiError). XMLHttpRequest rather than fetch: only it
 * reports upload progress everywhere. A 15 MB file takes minutes on a slow network, so the 20 s
 * API timeout counts from the last sign of progress.
 */
export function apiUpload<T>(path: string, options: ApiUploadOptions): Promise<ApiResponse<T>> {
  return withSessionToken(async (token) => {
    const { status, body } = await post(`${API_BASE}${path}`, token, options);
    const answer = readAnswer<T>(status, parseEnvelope<T>(body), { fallbackMessage: options.failureMessage });
    options.onProgress?.(1);
    return answer;
  });
}

function post(url: string, token: string, { form, onProgress, signal, failureMessage }: ApiUploadOptions) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const armStallTimer = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => xhr.abort(), API_TIMEOUT_MS);
    };
    const cancel = () => xhr.abort();
    const settle = () => {
      clearTimeout(stallTimer);
      signal?.removeEventListener('abort', cancel);
    };
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => {
      armStallTimer();
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, body: xhr.responseText });
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(failureMessage ?? messages.genericError, { kind: 'network' }));
    };
    xhr.onabort = () => {
      settle();
      reject(
        signal?.aborted
          ? new DOMException('The upload was cancelled.', 'AbortError')
          : new ApiError(failureMessage ?? TIMEOUT_MESSAGE, { kind: 'timeout' }),
      );
    };
    signal?.addEventListener('abort', cancel);
    armStallTimer();
    xhr.send(form);
  });
}
