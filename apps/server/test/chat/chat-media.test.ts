import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type ChatMessage, chatMessages } from '@playon/shared/chat';
import { CHAT_MEDIA_MAX_BYTES, uploadMessages } from '@playon/shared/upload';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMedia } from '../../src/modules/chat/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type ChatClient, chatClient } from '../support/chat.ts';
import { createRoom } from '../support/chat-messages.ts';
import { multipartForm, tinyPng } from '../support/files.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

let t: TestApp;
let chat: ChatClient;
let amina: TestPlayer;
let brian: TestPlayer;
let roomId: number;
beforeAll(async () => {
  t = await createTestApp();
  chat = chatClient(t.app);
  [amina, brian] = [await signUpPlayer(t.app), await signUpPlayer(t.app)];
  const room = await createRoom(t.database.db);
  roomId = room.id;
  for (const player of [amina, brian]) await chat.join(player, room.chatRoomUid);
});
afterAll(() => t.close());

const recorded = (room: number) => t.database.db.select().from(chatMedia).where(eq(chatMedia.roomId, room));
const storedFiles = (room: number) => {
  const dir = join(t.config.dataDir, 'uploads', `chat-${room}`);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('a photo in a chat room', () => {
  it('is uploaded, recorded, served as what its bytes are, and sent as an IMAGE message', async () => {
    const upload = await chat.upload(amina, roomId, { name: 'cup.png', type: 'image/png', bytes: tinyPng() });
    expect(upload.statusCode, upload.body).toBe(200);
    const url = upload.json().payload.url as string;
    expect(url).toMatch(new RegExp(`^/media/chat-${roomId}/[\\w-]+\\.png$`));
    expect(await recorded(roomId)).toEqual([
      expect.objectContaining({ url, uid: amina.uid, mediaType: 'image/png', sizeBytes: tinyPng().length }),
    ]);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(tinyPng())).toBe(true);

    const sent = await chat.send(amina, { chatRoomId: roomId, message: url, chatType: 'IMAGE' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().payload).toMatchObject({
      message: url,
      chatType: 'IMAGE',
    } satisfies Partial<ChatMessage>);
  });

  it("cannot be another player's upload, an outside address, or an upload to another room", async () => {
    const upload = await chat.upload(amina, roomId, { name: 'me.png', type: 'image/png', bytes: tinyPng() });
    const aminasUrl = upload.json().payload.url as string;
    const other = await createRoom(t.database.db);
    await chat.join(amina, other.chatRoomUid);
    for (const [player, message, room] of [
      [brian, aminasUrl, roomId],
      [amina, 'https://example.com/cat.png', roomId],
      [amina, aminasUrl, other.id],
    ] as const) {
      const response = await chat.send(player, { chatRoomId: room, message, chatType: 'IMAGE' });
      expect(response.statusCode).toBe(400);
      expect(response.json().statusMessage).toBe(chatMessages.mediaNotOurs);
    }
  });

  it('takes its message type from the bytes, not from what the app said', async () => {
    const upload = await chat.upload(amina, roomId, {
      name: 'voice.mp3',
      type: 'audio/mpeg',
      bytes: tinyPng(),
    });
    const url = upload.json().payload.url as string;
    const sent = await chat.send(amina, { chatRoomId: roomId, message: url, chatType: 'AUDIO' });
    expect(sent.json().payload.chatType).toBe('IMAGE');
  });
});

describe('what a chat room does not take', () => {
  it(`refuses a file over 15 MiB with 'File size cannot exceed 15MB' and keeps nothing`, async () => {
    const room = await createRoom(t.database.db);
    await chat.join(amina, room.chatRoomUid);
    const big = Buffer.concat([tinyPng(), Buffer.alloc(16 * 1024 * 1024 - tinyPng().length)]);
    // The web app's form order: the file first, its type after it.
    const boundary = '----playonbigfile';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      big,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${room.id}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nCHAT_MEDIA\r\n--${boundary}--\r\n`,
      ),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(amina.token) },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      statusMessage: 'File size cannot exceed 15MB',
      payload: { code: 'PAYLOAD_TOO_LARGE' },
    });
    expect(uploadMessages.tooLarge(CHAT_MEDIA_MAX_BYTES)).toBe('File size cannot exceed 15MB');
    expect(await recorded(room.id)).toEqual([]);
    expect(storedFiles(room.id)).toEqual([]);
  });

  it('accepts exactly 15 MiB', async () => {
    const bytes = Buffer.concat([tinyPng(), Buffer.alloc(CHAT_MEDIA_MAX_BYTES - tinyPng().length)]);
    const response = await chat.upload(brian, roomId, { name: 'big.png', type: 'image/png', bytes });
    expect(response.statusCode).toBe(200);
  });

  it('refuses markup dressed as a picture or a text file, and SVG', async () => {
    const room = await createRoom(t.database.db);
    await chat.join(amina, room.chatRoomUid);
    for (const [name, type, text] of [
      ['cute.png', 'image/png', '<html><body><script>steal()</script></body></html>'],
      ['notes.txt', 'text/plain', '\n  <!doctype html><script>steal()</script>'],
      ['logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>steal()</script></svg>'],
      ['feed.xml', 'text/xml', '<?xml version="1.0"?><a/>'],
    ] as const) {
      const response = await chat.upload(amina, room.id, { name, type, bytes: Buffer.from(text) });
      expect(response.statusCode, name).toBe(415);
      expect(response.json().payload.code).toBe('UNSUPPORTED_MEDIA');
    }
    const binary = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]);
    const elf = await chat.upload(amina, room.id, {
      name: 'game.apk',
      type: 'application/octet-stream',
      bytes: binary,
    });
    expect(elf.statusCode).toBe(415);
    expect(await recorded(room.id)).toEqual([]);
    expect(storedFiles(room.id)).toEqual([]);
  });

  it('takes plain text as a document to download, served as text/plain', async () => {
    const notes = Buffer.from('Karibu! Rules of the Savanna Snake cup:\n1. Play fair\n2. Have fun 🐍\n');
    const upload = await chat.upload(brian, roomId, { name: 'rules.html', type: 'text/html', bytes: notes });
    expect(upload.statusCode).toBe(200);
    const url = upload.json().payload.url as string;
    expect(url).toMatch(/\.txt$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toMatch(/^text\/plain/);
    expect(served.headers['content-disposition']).toBe('attachment');
    const sent = await chat.send(brian, { chatRoomId: roomId, message: url, chatType: 'DOCUMENT' });
    expect(sent.json().payload.chatType).toBe('DOCUMENT');
  });

  it('is only for members of the room', async () => {
    const outsider = await signUpPlayer(t.app);
    const response = await chat.upload(outsider, roomId, {
      name: 'x.png',
      type: 'image/png',
      bytes: tinyPng(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().statusMessage).toBe(chatMessages.notJoined);
    const noRoom = await chat.upload(outsider, 987_654, {
      name: 'x.png',
      type: 'image/png',
      bytes: tinyPng(),
    });
    expect(noRoom.statusCode).toBe(404);
  });
});

describe('profile pictures next to chat attachments', () => {
  it('keep their own 5 MiB limit', async () => {
    const bytes = Buffer.concat([tinyPng(), Buffer.alloc(6 * 1024 * 1024)]);
    const { payload, contentType } = multipartForm(
      { id: amina.uid, type: 'PROFILE_PICTURE' },
      { name: 'me.png', type: 'image/png', bytes },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { 'content-type': contentType, ...bearer(amina.token) },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().statusMessage).toBe('File size cannot exceed 5MB');
  });
});
