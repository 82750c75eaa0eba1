import type { ChatMessage } from '@playon/shared/chat';
import { IDEMPOTENCY_HEADER } from '@playon/shared/payments';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import { buildProfile, failure, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { Component as ChatRoom } from '../routes/chat-room';
import { buildChatMessage, buildChatPage, buildChatRoom } from '../testing';

vi.mock('../../../lib/realtime-client', () => ({ subscribeRealtime: () => () => undefined }));

/** The upload endpoint as the browser's XMLHttpRequest sees it: progress, then the server's answer. */
const uploads = vi.hoisted(() => ({
  answer: { status: 200, body: {} as unknown },
  sent: [] as FormData[],
}));
class FakeUploadRequest {
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(form: FormData) {
    uploads.sent.push(form);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 } as ProgressEvent);
      setTimeout(() => {
        this.status = uploads.answer.status;
        this.responseText = JSON.stringify(uploads.answer.body);
        this.onload?.();
      }, 20);
    }, 0);
  }
}

let sendAnswer: (body: unknown) => ReturnType<typeof ok> = (body) =>
  ok(buildChatMessage({ userId: 'u1', ...(body as Partial<ChatMessage>) }));
function stubServer() {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/chat-rooms/list': () => ok([buildChatRoom({ id: 7, subscribed: true })]),
    'POST /api/chats/list/': () => ok(buildChatPage(0, 0, [])),
    'POST /api/chats/send': ({ body }) => sendAnswer(body),
  });
}
const messageBox = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Attach a file'), { target: { files: [file] } });
const sends = (calls: ReturnType<typeof stubServer>) =>
  calls.filter((call) => call.path === '/api/chats/send');
const toastTexts = () => getToasts().map((toast) => toast.message);
const keysOf = (calls: ReturnType<typeof stubServer>) =>
  sends(calls).map((call) => call.headers[IDEMPOTENCY_HEADER]);
const dropped = (): never => {
  throw new TypeError('Failed to fetch');
};
const typeAndSend = (text: string) => {
  fireEvent.input(messageBox(), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
};

async function openRoom() {
  const calls = stubServer();
  renderRoute(ChatRoom, { path: '/chat-room/:id', url: '/chat-room/7' });
  await screen.findByText('No messages yet. Say hello!');
  return calls;
}

describe('chat send bar', () => {
  beforeEach(() => {
    for (const shown of getToasts()) dismissToast(shown.id);
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile({ uid: 'u1', chatRooms: ['room-7'] }));
    vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
    uploads.sent = [];
    uploads.answer = {
      status: 200,
      body: {
        statusCode: 200,
        statusMessage: 'Upload successful.',
        payload: { url: '/media/chat/7/photo.png' },
      },
    };
    sendAnswer = (body) => ok(buildChatMessage({ userId: 'u1', ...(body as Partial<ChatMessage>) }));
  });

  it('sends typed text, and the send button waits for something to send', async () => {
    const calls = await openRoom();
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.input(messageBox(), { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.input(messageBox(), { target: { value: 'Sasa!' } });
    fireEvent.click(send);
    expect(await screen.findByText('Sasa!', { selector: 'p' })).toBeTruthy();
    expect(sends(calls)[0]?.body).toEqual({ chatRoomId: 7, message: 'Sasa!', chatType: 'TEXT' });
    expect(messageBox().value).toBe('');
  });

  it('names each message with a key of its own', async () => {
    const calls = await openRoom();
    typeAndSend('Sasa!');
    await screen.findByText('Sasa!', { selector: 'p' });
    typeAndSend('Sasa!');
    await waitFor(() => expect(screen.getAllByText('Sasa!', { selector: 'p' })).toHaveLength(2));
    const [first, second] = keysOf(calls);
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second).not.toBe(first);
  });

  it('sends the message again under its key when the connection drops, and shows it once', async () => {
    let attempt = 0;
    sendAnswer = (body) =>
      ++attempt === 1 ? dropped() : ok(buildChatMessage({ userId: 'u1', ...(body as Partial<ChatMessage>) }));
    const calls = await openRoom();
    typeAndSend('Tuko live');
    expect(await screen.findByText('Tuko live', { selector: 'p' })).toBeTruthy();
    expect(sends(calls).map((call) => call.body)).toEqual([
      { chatRoomId: 7, message: 'Tuko live', chatType: 'TEXT' },
      { chatRoomId: 7, message: 'Tuko live', chatType: 'TEXT' },
    ]);
    const [first, again] = keysOf(calls);
    expect(first).toBeTruthy();
    expect(again).toBe(first);
    expect(messageBox().value).toBe('');
  });

  it('keeps the key when the player presses Send again after the server failed', async () => {
    sendAnswer = () => failure(500, 'Something went wrong.', 'INTERNAL');
    const calls = await openRoom();
    typeAndSend('Halo?');
    await waitFor(() => expect(toastTexts()).not.toEqual([]));
    expect(messageBox().value).toBe('Halo?');
    sendAnswer = (body) => ok(buildChatMessage({ userId: 'u1', ...(body as Partial<ChatMessage>) }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Halo?', { selector: 'p' })).toBeTruthy();
    const [first, again] = keysOf(calls);
    expect(first).toBeTruthy();
    expect(again).toBe(first);
  });

  it('keeps the typed text when the server says the player is sending too fast', async () => {
    sendAnswer = () =>
      failure(429, 'You are sending messages too fast. Wait a few seconds and try again.', 'RATE_LIMITED');
    await openRoom();
    fireEvent.input(messageBox(), { target: { value: 'One more' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(toastTexts()).toContain('You are sending messages too fast. Wait a few seconds and try again.'),
    );
    expect(messageBox().value).toBe('One more');
  });

  it('refuses a file over 15 MB, clears it and lets the player type again', async () => {
    const calls = await openRoom();
    const clip = new File(['x'], 'match-highlights.mp4', { type: 'video/mp4' });
    Object.defineProperty(clip, 'size', { value: 15 * 1024 * 1024 + 1 });
    choose(clip);
    expect(toastTexts()).toContain('File size cannot exceed 15MB');
    expect(screen.queryByText('match-highlights.mp4')).toBeNull();
    expect(messageBox().disabled).toBe(false);
    expect((screen.getByLabelText('Attach a file') as HTMLInputElement).value).toBe('');
    expect(uploads.sent).toHaveLength(0);
    expect(sends(calls)).toHaveLength(0);
  });

  it('uploads a chosen picture with its progress, then sends its address as an image', async () => {
    const calls = await openRoom();
    choose(new File(['png'], 'goal.png', { type: 'image/png' }));
    expect(screen.getByText('goal.png')).toBeTruthy();
    expect(screen.getByText('Image')).toBeTruthy();
    expect(messageBox().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('progressbar', { name: 'Uploading 40%' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /Open image from/ })).toBeTruthy();
    const form = uploads.sent[0] as FormData;
    expect([form.get('id'), form.get('type'), (form.get('file') as File).name]).toEqual([
      '7',
      'CHAT_MEDIA',
      'goal.png',
    ]);
    expect(sends(calls)[0]?.body).toEqual({
      chatRoomId: 7,
      message: '/media/chat/7/photo.png',
      chatType: 'IMAGE',
    });
    expect(screen.queryByText('goal.png')).toBeNull();
    expect(messageBox().disabled).toBe(false);
  });

  it("sends nothing when the upload fails, and shows the server's reason", async () => {
    uploads.answer = {
      status: 415,
      body: {
        statusCode: 415,
        statusMessage: 'This kind of file cannot be sent.',
        payload: { code: 'UNSUPPORTED_MEDIA' },
      },
    };
    const calls = await openRoom();
    choose(new File(['%PDF'], 'rules.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Document')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toastTexts()).toContain('This kind of file cannot be sent.'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(sends(calls)).toHaveLength(0);
    expect(screen.getByText('rules.pdf')).toBeTruthy();
  });

  it("says 'Could not upload media' when the upload cannot reach the server", async () => {
    uploads.answer = { status: 502, body: 'Bad gateway' };
    const calls = await openRoom();
    choose(new File(['a'], 'voice.ogg', { type: 'audio/ogg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toastTexts()).toContain('Could not upload media'));
    expect(sends(calls)).toHaveLength(0);
  });
});
