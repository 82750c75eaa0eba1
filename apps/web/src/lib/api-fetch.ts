import type { Envelope, ErrorPayload } from '@playon/shared/envelope';
import { messages } from '@playon/shared/messages';
import { ApiError } from './api-error';
import { takeEarlyWithToken } from './early-requests';
import { backoffMs, hasIdempotencyKey, isWorthSendingAgain, KEYED_ATTEMPTS, pause } from './keyed-retry';
import { languageHeaders } from './language';

export const API_BASE = '/api';
export const API_TIMEOUT_MS = 20_000;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  token?: string | null;
  /** Statuses that count as success: 200, and 201 for the profile fetch (docs/product.md, "API envelope"). */
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

export const TIMEOUT_MESSAGE = 'The request timed out. Check your connection and try again.';

/** The envelope in a response body; empty when the body is none (a proxy's error page, a cut-off answer). */
export function parseEnvelope<T>(body: string): Partial<Envelope<T>> {
  try {
    return JSON.parse(body) as Partial<Envelope<T>>;
  } catch {
    return {};
  }
}

/**
 * The API's answer read from its envelope: the payload when both the HTTP status and the envelope's
 * are accepted, otherwise an ApiError with the envelope's statusMessage (else `fallbackMessage`),
 * its code and its field messages.
 */
export function readAnswer<T>(
  httpStatus: number,
  envelope: Partial<Envelope<T>>,
  { okStatuses = [200], fallbackMessage = messages.genericError }: AnswerOptions = {},
): ApiResponse<T> {
  const status = envelope.statusCode ?? httpStatus;
  if (!okStatuses.includes(httpStatus) || !okStatuses.includes(status)) {
    const payload = (envelope.payload ?? {}) as Partial<ErrorPayload>;
    throw new ApiError(envelope.statusMessage || fallbackMessage, {
      kind: 'http',
      status: httpStatus,
      ...(payload.code ? { code: payload.code } : {}),
      ...(payload.fields ? { fields: payload.fields } : {}),
    });
  }
  return { status, statusMessage: envelope.statusMessage ?? '', payload: envelope.payload as T };
}

interface AnswerOptions {
  okStatuses?: readonly number[];
  /** The message when the answer carries none of its own. */
  fallbackMessage?: string;
}

/** The early answer, or undefined once `signal` aborts (the call's timeout) before it comes. */
function answerBefore(
  early: Promise<Response | undefined>,
  signal: AbortSignal,
): Promise<Response | undefined> {
  return Promise.race([
    early,
    new Promise<undefined>((resolve) => signal.addEventListener('abort', () => resolve(undefined))),
  ]);
}

/**
 * One call to the PlayOn API with the given token: 20 s timeout, envelope parsed, anything but the
 * accepted statuses thrown as ApiError. A call with an Idempotency-Key is sent again under its key
 * when no answer came or its first request is still running, within those 20 s (ADR 0049). Screens
 * use `apiRequest`, which supplies the session's token.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
  const deadline = Date.now() + API_TIMEOUT_MS;
  const isKeyed = hasIdempotencyKey(options.headers);
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce<T>(path, options, deadline - Date.now());
    } catch (error) {
      if (!isKeyed || attempt >= KEYED_ATTEMPTS || !isWorthSendingAgain(error)) throw error;
      const wait = backoffMs(attempt);
      if (Date.now() + wait >= deadline) throw error;
      await pause(wait, options.signal);
    }
  }
}

/** One attempt of `apiFetch`, given up after `timeoutMs`. */
async function sendOnce<T>(
  path: string,
  options: ApiRequestOptions,
  timeoutMs: number,
): Promise<ApiResponse<T>> {
  const token = options.token;
  const headers: Record<string, string> = {
    ...options.headers,
    ...languageHeaders(),
    Accept: 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  // A controller and a timer rather than AbortSignal.any/timeout: older Android WebViews lack them.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);
  // A plain GET the entry already sent at boot with this token (app/screens.ts): its answer, if fresh.
  const isPlainGet = (options.method ?? 'GET') === 'GET' && body === undefined && !options.headers;
  const early = token && isPlainGet ? takeEarlyWithToken(`${API_BASE}${path}`, token) : undefined;
  let response: Response;
  try {
    const earlyAnswer = early && (await answerBefore(early, controller.signal));
    response =
      earlyAnswer ||
      (await fetch(`${API_BASE}${path}`, {
        method: options.method ?? 'GET',
        headers,
        body,
        signal: controller.signal,
      }));
  } catch (error) {
    if (timedOut) throw new ApiError(TIMEOUT_MESSAGE, { kind: 'timeout' });
    if (options.signal?.aborted) throw error;
    throw new ApiError(messages.genericError, { kind: 'network' });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }

  const answer = await response.text().catch(() => '');
  return readAnswer(response.status, parseEnvelope<T>(answer), options);
}
