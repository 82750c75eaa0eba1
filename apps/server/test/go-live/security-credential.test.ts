import { spawn } from 'node:child_process';
import { constants, generateKeyPairSync, type KeyObject, privateDecrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { looksEncrypted, securityCredential } from '../../src/go-live/security-credential.ts';
import { SANDBOX_DARAJA } from '../../src/platform/config.ts';

// A certificate and its key made once with openssl for this test alone (fixtures/security-credential/README.md).
const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/security-credential/${name}`, import.meta.url));
const certificatePath = fixture('test-only-certificate.cer');
const certificate = readFileSync(certificatePath);
const privateKey = readFileSync(fixture('test-only-private-key.pem'));

/**
 * What Safaricom does with a SecurityCredential: decrypts it with its private key. Node refuses
 * PKCS#1 v1.5 decryption, so the block is decrypted raw and its padding (00 02, random non-zero
 * bytes, 00, the message) read here.
 */
function decrypt(credential: string, key: Buffer | KeyObject): string {
  const block = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, Buffer.from(credential, 'base64'));
  expect([block[0], block[1]], 'PKCS#1 v1.5 encryption padding').toEqual([0, 2]);
  const end = block.indexOf(0, 2);
  expect(end, 'at least 8 bytes of padding').toBeGreaterThanOrEqual(10);
  return block.subarray(end + 1).toString('utf8');
}

describe('the SecurityCredential', () => {
  it("encrypts the initiator password with the certificate's key, as Safaricom decrypts it", () => {
    const credential = securityCredential('Initiator#Pass 2026', certificate);
    expect(credential).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(credential, 'base64')).toHaveLength(256);
    expect(decrypt(credential, privateKey)).toBe('Initiator#Pass 2026');
  });

  it('differs each time (random padding) and each one decrypts to the password', () => {
    const first = securityCredential('same password', certificate);
    const second = securityCredential('same password', certificate);
    expect(first).not.toBe(second);
    expect(decrypt(second, privateKey)).toBe('same password');
  });

  it('takes a DER certificate and a PEM public key too', () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = Buffer.from(pair.publicKey.export({ type: 'spki', format: 'pem' }));
    expect(decrypt(securityCredential('from a key', pem), pair.privateKey)).toBe('from a key');
    const der = Buffer.from(
      certificate
        .toString()
        .replace(/-----[A-Z ]+-----/g, '')
        .replace(/\s/g, ''),
      'base64',
    );
    expect(decrypt(securityCredential('from DER', der), privateKey)).toBe('from DER');
  });

  it('refuses a file that is no certificate, a key that is not RSA and an empty password', () => {
    expect(() => securityCredential('pw', Buffer.from('not a certificate'))).toThrow(
      /neither an X.509 certificate/,
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() =>
      securityCredential('pw', Buffer.from(ec.publicKey.export({ type: 'spki', format: 'pem' }))),
    ).toThrow(/not RSA/);
    expect(() => securityCredential('', certificate)).toThrow(/empty/);
  });

  it('tells an encrypted credential from a password pasted as it is', () => {
    expect(looksEncrypted(securityCredential('pw', certificate))).toBe(true);
    expect(looksEncrypted('Initiator#Pass 2026')).toBe(false);
    expect(looksEncrypted(SANDBOX_DARAJA.securityCredential)).toBe(false);
  });
});

// Each starts the command line, whose imports take seconds on a busy machine.
describe('npm run operator -- security-credential', { timeout: 60_000 }, () => {
  it('reads the password from stdin and prints only the credential', async () => {
    const operator = fileURLToPath(new URL('../../src/operator.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [operator, 'security-credential', '--certificate', certificatePath],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.stdin.end('Initiator#Pass 2026\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(decrypt(lines[0] as string, privateKey)).toBe('Initiator#Pass 2026');
    expect(stdout).not.toContain('Initiator#Pass');
  });

  it('says so when the certificate cannot be read, and exits 1', async () => {
    const operator = fileURLToPath(new URL('../../src/operator.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [operator, 'security-credential', '--certificate', fixture('absent.cer')],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.stdin.end('pw\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/Cannot read the certificate .*absent\.cer/);
  });
});
