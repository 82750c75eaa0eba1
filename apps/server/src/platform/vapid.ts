import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The application server's identity towards push services (RFC 8292), base64url like browsers want it. */
export interface VapidConfig {
  /** The uncompressed P-256 public key (65 bytes) a browser subscribes with. */
  publicKey: string;
  /** The P-256 private key (32 bytes) that signs each push request's JWT. */
  privateKey: string;
  /** mailto: or https: contact push services may use. */
  subject: string;
}

const KEY_FILE = 'vapid-private-key';

const fromBase64Url = (text: string) => (/^[\w-]+$/.test(text) ? Buffer.from(text, 'base64url') : undefined);

/** Why this pair cannot sign pushes, or undefined when it can. */
export function vapidKeyProblem(publicKey: string, privateKey: string): string | undefined {
  const pub = fromBase64Url(publicKey);
  const priv = fromBase64Url(privateKey);
  if (pub?.length !== 65 || pub[0] !== 4)
    return 'VAPID_PUBLIC_KEY: an uncompressed P-256 public key, 65 bytes in base64url';
  if (priv?.length !== 32) return 'VAPID_PRIVATE_KEY: a P-256 private key, 32 bytes in base64url';
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(priv);
    if (ecdh.getPublicKey().equals(pub)) return undefined;
  } catch {
    return 'VAPID_PRIVATE_KEY: not a valid P-256 private key';
  }
  return 'VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY';
}

/** The key pair of a private key; the private key padded to all 32 bytes, as push libraries want it. */
function keyPairOf(privateKey?: Buffer) {
  const ecdh = createECDH('prime256v1');
  if (privateKey) ecdh.setPrivateKey(privateKey);
  else ecdh.generateKeys();
  const raw = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - raw.length), raw]).toString('base64url'),
  };
}

/**
 * A laptop start needs no keys: a private key is generated on first boot and kept in the data
 * directory (the public key follows from it), because every browser subscription is bound to the
 * public key it was made with.
 */
export function persistedVapidKeys(
  dataDir: string,
  notes: string[],
): { publicKey: string; privateKey: string } {
  const file = join(dataDir, KEY_FILE);
  if (existsSync(file)) {
    const kept = fromBase64Url(readFileSync(file, 'utf8').trim());
    if (kept?.length !== 32) throw new Error(`${file} is not a P-256 private key: delete it or set VAPID_*`);
    return keyPairOf(kept);
  }
  mkdirSync(dataDir, { recursive: true });
  const pair = keyPairOf();
  writeFileSync(file, pair.privateKey, { mode: 0o600 });
  notes.push(
    'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: generated a Web Push key pair and saved it in the data directory',
  );
  return pair;
}
