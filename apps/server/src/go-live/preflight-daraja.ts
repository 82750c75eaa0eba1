/**
 * Daraja's part of the pre-flight: the consumer key and secret (a token), the passkey against the
 * short code (an STK Push Query for a checkout that does not exist: it charges nobody), and the
 * shape of the SecurityCredential. Daraja checks the Password before it looks the checkout up, so
 * "Wrong credentials" means the passkey, and "Invalid CheckoutRequestID" means it fitted.
 */
import { randomInt } from 'node:crypto';
import type { DarajaConfig } from '../platform/config.ts';
import { createDarajaClient, DarajaError } from '../platform/daraja/client.ts';
import { processTokenStore } from '../platform/daraja/token.ts';
import { failed, type PreflightLine, passed } from './preflight-line.ts';
import { safaricomToken, wordsOf } from './reach.ts';
import { looksEncrypted } from './security-credential.ts';

const TOKEN_LIFETIME_MS = 50 * 60_000;

export async function checkDaraja(daraja: DarajaConfig, send?: typeof fetch): Promise<PreflightLine[]> {
  if (daraja.sandbox) {
    return [
      failed(
        'Daraja',
        'the DARAJA_* settings are not set: the built-in sandbox stands in and no money moves. Set them all (docs/go-live.md)',
      ),
    ];
  }
  const lines: PreflightLine[] = [];
  if (new URL(daraja.baseUrl).hostname === 'sandbox.safaricom.co.ke') {
    lines.push(
      failed(
        'Daraja',
        "DARAJA_BASE_URL is Safaricom's test system: real money moves at https://api.safaricom.co.ke",
      ),
    );
  }
  const token = await safaricomToken(daraja.baseUrl, daraja, send);
  if ('unreachable' in token) {
    lines.push(
      failed(
        'Daraja',
        `Daraja could not be reached at ${daraja.baseUrl}: ${token.unreachable}: check DARAJA_BASE_URL`,
      ),
    );
    return [...lines, credentialShape(daraja)];
  }
  if (!token.token) {
    const refused = token.status === 400 || token.status === 401;
    lines.push(
      failed(
        'Daraja',
        refused
          ? `Daraja refused the consumer key and secret: check DARAJA_CONSUMER_KEY and DARAJA_CONSUMER_SECRET (it said ${wordsOf(token)})`
          : `Daraja gave no access token (it said ${wordsOf(token)}): check DARAJA_BASE_URL`,
      ),
    );
    return [...lines, credentialShape(daraja)];
  }
  lines.push(
    passed('Daraja', 'Daraja gave an access token for DARAJA_CONSUMER_KEY and DARAJA_CONSUMER_SECRET'),
  );
  lines.push(await passkeyFits(daraja, token.token, send));
  lines.push(credentialShape(daraja));
  return lines;
}

async function passkeyFits(daraja: DarajaConfig, token: string, send?: typeof fetch): Promise<PreflightLine> {
  const tokenStore = processTokenStore();
  await tokenStore.write({ value: token, renewAt: Date.now() + TOKEN_LIFETIME_MS });
  const client = createDarajaClient({ ...daraja, tokenStore, ...(send ? { fetch: send } : {}) });
  const madeUp = `ws_CO_PLAYON_PREFLIGHT_${randomInt(1e9)}`;
  const fits = passed(
    'Daraja',
    `the passkey fits the short code ${daraja.shortCode} (an STK Push Query for no payment)`,
  );
  try {
    await client.stkQuery(madeUp);
    return fits;
  } catch (error) {
    if (!(error instanceof DarajaError)) throw error;
    if (error.code === '400.002.02' && /CheckoutRequestID/i.test(error.message)) return fits;
    if (/wrong credentials/i.test(error.message)) {
      return failed(
        'Daraja',
        `the passkey does not fit the short code ${daraja.shortCode}: check DARAJA_PASSKEY (Safaricom's for this short code) and DARAJA_SHORTCODE`,
      );
    }
    if (/merchant does not exist|Invalid BusinessShortCode/i.test(error.message)) {
      return failed(
        'Daraja',
        `Daraja does not know ${daraja.shortCode} for STK Push: check DARAJA_SHORTCODE, and that Lipa na M-Pesa Online is live on it (${error.message})`,
      );
    }
    if (error.status === 0) return failed('Daraja', `${error.message}: check DARAJA_BASE_URL`);
    return failed(
      'Daraja',
      `the passkey could not be checked: Daraja answered HTTP ${error.status} ${error.code ?? ''} ${error.message}`,
    );
  }
}

function credentialShape(daraja: DarajaConfig): PreflightLine {
  return looksEncrypted(daraja.securityCredential)
    ? passed(
        'Daraja',
        'DARAJA_SECURITY_CREDENTIAL is an encrypted password (Daraja checks it against the initiator at the first payout)',
      )
    : failed(
        'Daraja',
        "DARAJA_SECURITY_CREDENTIAL is not the initiator's password encrypted with Safaricom's certificate: make it with npm run operator -- security-credential --certificate <Safaricom's .cer>",
      );
}
