import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProfile } from '../test/factories';
import { fakeToken, stubFetch } from '../test/fetch-stub';
import { ApiError } from './api-error';
import { API_TIMEOUT_MS } from './api-fetch';
import { apiUpload } from './api-upload';
import { forgetAccessToken } from './auth-token';
import { storeProfile } from './session-store';

/** The upload endpoint as XMLHttpRequest sees it: `answer` says what the server does with each send. */
let answer: (request: FakeUploadRequest) => void;
const sent: FakeUploadRequest[] = [];
class FakeUploadRequest {
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send() {
    sent.push(this);
    setTimeout(() => answer(this), 0);
  }
  reply(status: number, body: unknown) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const envelope = (statusCode: number, statusMessage: string, payload: unknown) => ({
  statusCode,
  statusMessage,
  payload,
});

function signedIn(...tokens: string[]) {
  storeProfile(buildProfile());
  forgetAccessToken();
  let left = tokens;
  stubFetch({
    'GET /api/auth/token': () => {
      const [token, ...rest] = left;
      left = rest;
      return { status: 200, body: { token } };
    },
  });
  vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
  sent.length = 0;
}

const form = () => new FormData();

describe('api upload', () => {
  afterEach(() => vi.useRealTimers());

  it("sends the form with the session's token, reports its progress and answers the envelope's payload", async () => {
    const token = fakeToken();
    signedIn(token);
    answer = (request) => request.reply(200, envelope(200, 'Upload successful.', { url: '/media/a.png' }));
    const progress: number[] = [];
    const response = await apiUpload('/upload', { form: form(), onProgress: (f) => progress.push(f) });
    expect(response).toEqual({
      status: 200,
      statusMessage: 'Upload successful.',
      payload: { url: '/media/a.png' },
    });
    expect(sent[0]?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(progress).toEqual([0.5, 1]);
  });

  it('asks for a new token once when the server refuses the one it had, and sends the file again', async () => {
    const [refused, renewed] = [fakeToken(15), fakeToken(14)];
    signedIn(refused, renewed);
    answer = (request) =>
      request.headers.Authorization === `Bearer ${renewed}`
        ? request.reply(200, envelope(200, 'Upload successful.', { url: '/media/b.png' }))
        : request.reply(401, envelope(401, 'You are not logged in.', { code: 'UNAUTHENTICATED' }));
    await expect(apiUpload('/upload', { form: form() })).resolves.toMatchObject({
      payload: { url: '/media/b.png' },
    });
    expect(sent).toHaveLength(2);
  });

  it("throws the server's reason with its code, else the caller's failure message", async () => {
    signedIn(fakeToken());
    answer = (request) =>
      request.reply(415, envelope(415, 'This kind of file cannot be sent.', { code: 'UNSUPPORTED_MEDIA' }));
    const refused = await apiUpload('/upload', { form: form() }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      message: 'This kind of file cannot be sent.',
      status: 415,
      code: 'UNSUPPORTED_MEDIA',
    });

    answer = (request) => request.reply(502, 'Bad gateway');
    const proxied = apiUpload('/upload', { form: form(), failureMessage: 'Could not upload media' });
    await expect(proxied).rejects.toThrow('Could not upload media');
    answer = (request) => request.onerror?.();
    const offline = await apiUpload('/upload', { form: form() }).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(ApiError);
    expect((offline as ApiError).kind).toBe('network');
  });

  it('gives up 20 seconds after the last sign of progress', async () => {
    signedIn(fakeToken());
    answer = () => {};
    vi.useFakeTimers();
    const pending = apiUpload('/upload', { form: form() }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    expect(((await pending) as ApiError).kind).toBe('timeout');
  });
});
