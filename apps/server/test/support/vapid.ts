import { createECDH } from 'node:crypto';

/** A fresh VAPID key pair as production takes it: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, base64url. */
export function newVapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.from(ecdh.getPrivateKey('hex').padStart(64, '0'), 'hex').toString('base64url'),
  };
}
