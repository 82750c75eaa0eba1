/**
 * Daraja's SecurityCredential: the initiator's password encrypted with Safaricom's certificate
 * (RSA, PKCS#1 v1.5 padding), base64. B2C and Transaction Status carry it (docs/go-live.md).
 */
import { constants, createPublicKey, type KeyObject, publicEncrypt, X509Certificate } from 'node:crypto';

/** The public key of an X.509 certificate (PEM or DER, as Safaricom's .cer comes), or of a PEM public key. */
export function encryptionKeyOf(certificate: Buffer): KeyObject {
  let key: KeyObject;
  try {
    key = new X509Certificate(certificate).publicKey;
  } catch {
    try {
      key = createPublicKey(certificate);
    } catch {
      throw new Error('The file is neither an X.509 certificate (PEM or DER) nor a PEM public key.');
    }
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new Error(`The certificate's key is ${key.asymmetricKeyType}, not RSA: it is not Safaricom's.`);
  }
  return key;
}

export function securityCredential(password: string, certificate: Buffer): string {
  if (password.length === 0) throw new Error('The initiator password is empty.');
  return publicEncrypt(
    { key: encryptionKeyOf(certificate), padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
}

/** Byte lengths an RSA ciphertext has for the key sizes a certificate uses (1024 to 4096 bits). */
const RSA_CIPHERTEXT_BYTES = new Set([128, 256, 384, 512]);

/**
 * Whether a SecurityCredential is shaped as one made by `securityCredential`: base64 of an RSA
 * ciphertext. A password pasted as it is, or a credential cut short, is not.
 */
export function looksEncrypted(credential: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credential) || credential.length % 4 !== 0) return false;
  return RSA_CIPHERTEXT_BYTES.has(Buffer.from(credential, 'base64').length);
}
