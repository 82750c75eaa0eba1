import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, type TestPlayer } from './players.ts';

export interface ReceivedPush {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on a local port: records every request it gets and answers with `status` (201,
 * like a real one, until the test says otherwise).
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const service = { received, status: 201, origin: '', close: () => Promise.resolve() };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(service.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return service;
}

/**
 * The explicit test-only settings under which the server sends to these local receivers: their
 * host:port as the only push services, and loopback allowed (refused in production; ADR 0016).
 */
export function pushReceiverSettings(...services: { origin: string }[]) {
  return {
    PUSH_ENDPOINT_HOSTS: services.map((service) => new URL(service.origin).host).join(','),
    PUSH_ALLOW_LOOPBACK: 'on',
  };
}

/** What a browser makes when it subscribes: its own P-256 key pair and a 16-byte auth secret. */
export function newBrowserSubscription(origin: string) {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const authSecret = randomBytes(16);
  const subscription = {
    endpoint: `${origin}/push/${randomUUID()}`,
    keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  };
  return { subscription, keys, authSecret };
}

const hmac = (key: Buffer, ...data: (Buffer | string)[]) => {
  const mac = createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
};

/**
 * What the browser does with a push body (RFC 8188 aes128gcm, keys from RFC 8291): the header names
 * the salt, the record size and the sender's public key; ECDH with the browser's private key and the
 * auth secret give the content key and nonce; the one record ends in a 0x02 delimiter and padding.
 */
export function decryptPush(body: Buffer, browser: ReturnType<typeof newBrowserSubscription>) {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] as number;
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  const ecdhSecret = browser.keys.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.keys.getPublicKey(),
    senderPublicKey,
  ]);
  const ikm = hmac(hmac(browser.authSecret, ecdhSecret), keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const contentKey = hmac(prk, 'Content-Encoding: aes128gcm\0', Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, 'Content-Encoding: nonce\0', Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  return {
    recordSize,
    senderPublicKey,
    delimiter: padded[end],
    text: padded.subarray(0, end).toString('utf8'),
  };
}

/** A new browser of `player`'s, subscribed to pushes through `service` as the web app does it. */
export async function subscribeToPush(app: FastifyInstance, player: TestPlayer, service: { origin: string }) {
  const browser = newBrowserSubscription(service.origin);
  const response = await app.inject({
    method: 'POST',
    url: '/api/profile/device-token',
    headers: bearer(player.token),
    payload: { deviceToken: JSON.stringify(browser.subscription) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}
