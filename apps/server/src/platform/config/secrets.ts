import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { persistedVapidKeys, type VapidConfig, vapidKeyProblem } from '../vapid.ts';
import { ConfigError, type Env } from './env.ts';
import { darajaVariables } from './providers.ts';
import { SANDBOX_AIRTIME, SANDBOX_DARAJA, SANDBOX_PAYSTACK_SECRET_KEY } from './sandbox.ts';

/**
 * Production takes every secret from its environment, and Daraja's, sign-in's and mail's settings
 * unless the sandbox is asked for; the card gateway and airtime are optional (ADR 0077). These
 * sandbox values and laptop shortcuts it refuses outright.
 */
export function refuseUnrealSettings(e: Env, production: boolean, sandboxOn: boolean) {
  const missing = missingSettings(e, production, sandboxOn);
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration: ${production ? 'NODE_ENV is production' : 'SANDBOX is off'}, so these must be set: ${missing.join(', ')}` +
        (sandboxOn ? '' : ' (or SANDBOX=on to run the built-in sandbox providers, never for real players)'),
    );
  }
  if (production) {
    const problems = productionProblems(e);
    if (problems.length) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
}

/**
 * What production needs (generated secrets are for the laptop), and without the sandbox every third
 * party but the optional payment providers (the card gateway, airtime: off when not given).
 */
function missingSettings(e: Env, production: boolean, sandboxOn: boolean): string[] {
  const required: Record<string, string | undefined> = {};
  if (production) {
    Object.assign(required, {
      PUBLIC_URL: e.PUBLIC_URL,
      DATABASE_URL: e.DATABASE_URL,
      BETTER_AUTH_SECRET: e.BETTER_AUTH_SECRET,
      MPESA_CALLBACK_SECRET: e.MPESA_CALLBACK_SECRET,
      VAPID_PUBLIC_KEY: e.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: e.VAPID_PRIVATE_KEY,
    });
  }
  if (!sandboxOn) {
    Object.assign(required, {
      ...darajaVariables(e),
      GOOGLE_CLIENT_ID: e.GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: e.GOOGLE_CLIENT_SECRET,
      FACEBOOK_CLIENT_ID: e.FACEBOOK_CLIENT_ID,
      FACEBOOK_CLIENT_SECRET: e.FACEBOOK_CLIENT_SECRET,
      SMTP_URL: e.SMTP_URL,
    });
  }
  return Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
}

/** Values that are fine on a laptop and wrong on a public server. */
function productionProblems(e: Env): string[] {
  const problems: string[] = [];
  if (e.PUBLIC_URL && !e.PUBLIC_URL.startsWith('https://'))
    problems.push('PUBLIC_URL: an https: URL in production');
  if (e.PUSH_ALLOW_LOOPBACK === 'on') problems.push('PUSH_ALLOW_LOOPBACK: for tests, never in production');
  // These sandbox values are in the repository: anyone could sign a callback with them.
  const published = {
    PAYSTACK_SECRET_KEY: [e.PAYSTACK_SECRET_KEY, SANDBOX_PAYSTACK_SECRET_KEY],
    PAYSTACK_SECRET_KEY_PREVIOUS: [e.PAYSTACK_SECRET_KEY_PREVIOUS, SANDBOX_PAYSTACK_SECRET_KEY],
    DARAJA_CONSUMER_SECRET: [e.DARAJA_CONSUMER_SECRET, SANDBOX_DARAJA.consumerSecret],
    AIRTIME_CONSUMER_SECRET: [e.AIRTIME_CONSUMER_SECRET, SANDBOX_AIRTIME.consumerSecret],
  };
  for (const [name, [value, sandboxValue]] of Object.entries(published)) {
    if (value === sandboxValue) problems.push(`${name}: the sandbox's published value, not a real secret`);
  }
  return problems;
}

/** The secrets a laptop may leave unset: each is generated once and kept in the data directory. */
export interface LaptopSecrets {
  authSecret: string;
  /** The unguessable path segment of the M-Pesa callback URLs (ADR 0009). */
  mpesaCallbackSecret: string;
  /** Web Push (RFC 8292): the key pair browsers subscribe with and push requests are signed by. */
  vapid: VapidConfig;
}

/** What the environment sets of LaptopSecrets, checked; production has set them all. */
export interface GivenSecrets {
  authSecret: string | undefined;
  mpesaCallbackSecret: string | undefined;
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
}

/** Both VAPID keys, or neither (then `laptopSecrets` generates a pair). */
export function givenSecrets(e: Env): GivenSecrets {
  const given = {
    authSecret: e.BETTER_AUTH_SECRET,
    mpesaCallbackSecret: e.MPESA_CALLBACK_SECRET,
    vapidSubject: e.VAPID_SUBJECT,
  };
  if (!e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY) return { ...given, vapidKeys: undefined };
  if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      'Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
  }
  const problem = vapidKeyProblem(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY);
  if (problem) throw new ConfigError(`Invalid configuration: ${problem}`);
  return { ...given, vapidKeys: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } };
}

/**
 * The one step that touches the disk: each secret the environment left unset is read from the data
 * directory, or generated and saved there on first boot, so sessions, callback URLs and push
 * subscriptions survive a restart. `notes` says what was generated, for the log.
 */
export function laptopSecrets(dataDir: string, given: GivenSecrets, notes: string[]): LaptopSecrets {
  return {
    authSecret: given.authSecret ?? persistedSecret(dataDir, notes, 'auth-secret', 'BETTER_AUTH_SECRET'),
    mpesaCallbackSecret:
      given.mpesaCallbackSecret ??
      persistedSecret(dataDir, notes, 'mpesa-callback-secret', 'MPESA_CALLBACK_SECRET'),
    vapid: { ...(given.vapidKeys ?? vapidKeysOnDisk(dataDir, notes)), subject: given.vapidSubject },
  };
}

function vapidKeysOnDisk(dataDir: string, notes: string[]) {
  try {
    return persistedVapidKeys(dataDir, notes);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
}

function persistedSecret(dataDir: string, notes: string[], name: string, variable: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  notes.push(`${variable} is not set: generated one and saved it in the data directory`);
  return secret;
}
