// The fault daraja-token-revoke: someone with the app's consumer key and secret (another deploy, an
// operator's script) asks Daraja for a token, which revokes the one every instance shares (ADR 0074).
// Healed once the instances renewed it on Daraja's 404.001.03 and stored a token of their own.
import pg from 'pg';
import { SANDBOX_DARAJA } from '../../apps/server/src/platform/config.ts';
import { tokenStoreKey } from '../../apps/server/src/platform/daraja/token-store.ts';
import { waitUntil } from './processes.ts';
import type { RushStack } from './types.ts';

/** An M-Pesa call comes every second or so of a rush: one of them meets the revoked token. */
const RENEWED_WITHIN_MS = 60_000;
const STORE_KEY = tokenStoreKey('daraja', SANDBOX_DARAJA.consumerKey);

async function sharedToken(client: pg.Client): Promise<string | null> {
  const { rows } = await client.query<{ access_token: string | null }>(
    'select access_token from daraja_tokens where api = $1',
    [STORE_KEY],
  );
  return rows[0]?.access_token ?? null;
}

async function newTokenFromDaraja(sandboxUrl: string): Promise<string> {
  const basic = Buffer.from(`${SANDBOX_DARAJA.consumerKey}:${SANDBOX_DARAJA.consumerSecret}`).toString(
    'base64',
  );
  const response = await fetch(
    `${sandboxUrl}/sandbox/daraja/oauth/v1/generate?grant_type=client_credentials`,
    {
      headers: { authorization: `Basic ${basic}` },
      signal: AbortSignal.timeout(10_000),
    },
  );
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`Daraja's OAuth answered ${response.status}`);
  return body.access_token;
}

/** Revokes the instances' token; resolves once they hold a new one (or with a problem after a minute). */
export async function revokeDarajaToken(stack: RushStack, problems: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const revoked = await sharedToken(client);
    const ours = await newTokenFromDaraja(stack.sandboxUrl);
    const started = Date.now();
    try {
      await waitUntil(
        'the instances renewing their Daraja token',
        async () => {
          const now = await sharedToken(client);
          return now !== null && now !== revoked && now !== ours;
        },
        { timeoutMs: RENEWED_WITHIN_MS },
      );
    } catch {
      problems.push(
        `daraja-token-revoke: no instance renewed the revoked Daraja token within ${RENEWED_WITHIN_MS / 1000} s`,
      );
      return ['token revoked, not renewed'];
    }
    const held = revoked ? '' : ' (none held yet)';
    return [`token revoked${held}, renewed in ${((Date.now() - started) / 1000).toFixed(1)} s`];
  } finally {
    await client.end();
  }
}
