import type { Envelope, ErrorPayload } from '@playon/shared/envelope';
import { messages } from '@playon/shared/messages';
import { ApiError } from './api-error';

export const API_BASE = '/api';
export const API_TIMEOUT_MS = 20_000;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart; the browser sets the boundary. */
  form?: FormData;
  token?: string | null;
  /** HTTP statuses that count as success; the spec accepts only 200, the profile fetch also 201. */
  okStatuses?: readonly number[];
  /** Extra request headers, such as the Idempotency-Key of a payment. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  status: number;
  statusMessage: string;
  payload: T;
}

async function readEnvelope<T>(response: Response): Promise<Partial<Envelope<T>>> {
  try {
    return (await response.json()) as Partial<Envelope<T>>;
  } catch {
    return {};
  }
}

export const TIMEOUT_MESSAGE = 'The request timed out. Check your connection and try again.';

/**
 * One call to the PlayOn API with the given token: 20 s timeout, envelope parsed, anything but the
 * accepted statuses thrown as ApiError. Screens use `apiRequest`, which supplies the session's token.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
  const token = options.token;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  // A controller and a timer rather than AbortSignal.any/timeout: older Android WebViews lack them.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError(TIMEOUT_MESSAGE, { kind: 'timeout' });
    if (options.signal?.aborted) throw error;
    throw new ApiError(messages.genericError, { kind: 'network' });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }

  const envelope = await readEnvelope<T>(response);
  const status = envelope.statusCode ?? response.status;
  const ok = options.okStatuses ?? [200];
  if (!ok.includes(response.status) || !ok.includes(status)) {
    const payload = (envelope.payload ?? {}) as Partial<ErrorPayload>;
    throw new ApiError(envelope.statusMessage || messages.genericError, {
      kind: 'http',
      status: response.status,
      ...(payload.code ? { code: payload.code } : {}),
      ...(payload.fields ? { fields: payload.fields } : {}),
    });
  }
  return { status, statusMessage: envelope.statusMessage ?? '', payload: envelope.payload as T };
}
