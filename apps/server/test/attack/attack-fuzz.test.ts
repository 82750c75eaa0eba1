import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { type FuzzCase, fuzzCases } from '../support/attack-fuzz-inputs.ts';
import {
  ATTACK_ENV,
  capturedLog,
  configuredSecrets,
  isDarajaCallbackLine,
  secretsInLog,
} from '../support/attack-logs.ts';
import { documentedOperations } from '../support/attack-openapi.ts';
import { arrangeOwner, type Owner, ownerForms, ownerHints, ownerPath } from '../support/attack-owner.ts';
import { bearer } from '../support/players.ts';

/** The same seed, the same requests: a failure here is reproduced by running the file again. */
const SEED = 20_261_124;
const MIXES_PER_OPERATION = 30;

const log = capturedLog();
let t: PaymentsTestApp;
let owner: Owner;

// The owner's real top-up and uploads come first: longer than a hook's default on a busy machine.
beforeAll(async () => {
  t = await createPaymentsTestApp(ATTACK_ENV, { logStream: log.stream });
  owner = await arrangeOwner(t);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('every documented operation, fed malformed input', () => {
  it('answers each request below 500, refusals with a message, and stays healthy', async () => {
    const operations = await documentedOperations(t.app);
    const cases: FuzzCase[] = [];
    for (const [index, operation] of operations.entries()) {
      const path = ownerPath(operation, owner);
      expect(path.unknown, `${operation.key}: no way to fill ${path.unknown.join(', ')}`).toEqual([]);
      const form = ownerForms[operation.key]?.(owner);
      if (operation.isMultipart) expect(form, `${operation.key}: no form to send`).toBeDefined();
      const headers = { ...bearer(owner.player.token), 'idempotency-key': `fuzz-${index}` };
      const good = { path: path.values, hints: ownerHints(owner), headers, ...(form ? { form } : {}) };
      cases.push(...fuzzCases(operation, good, SEED + index, MIXES_PER_OPERATION));
    }

    const failures: string[] = [];
    const silent: string[] = [];
    for (const fuzz of cases) {
      const response = await t.app.inject(fuzz.request);
      const what = `${fuzz.operation} with ${fuzz.tried}: ${response.statusCode}`;
      if (response.statusCode >= 500) failures.push(`${what} ${response.body.slice(0, 200)}`);
      else if (response.statusCode >= 400 && !statusMessageOf(response.body)) silent.push(what);
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const balance = await t.app.inject({
      method: 'GET',
      url: '/api/wallets/balance',
      headers: bearer(owner.player.token),
    });

    console.log(`attack-fuzz requests=${cases.length} status5xx=${failures.length}`);
    expect(failures).toEqual([]);
    expect(silent).toEqual([]);
    expect(health.statusCode).toBe(200);
    expect(balance.statusCode).toBe(200);
    expect(cases.length).toBeGreaterThan(2000);
  }, 600_000);

  it('writes no configured secret into any log line, the provider callbacks included', () => {
    expect(log.lines.some(isDarajaCallbackLine)).toBe(true);
    expect(secretsInLog(log.lines, configuredSecrets(t.config))).toEqual([]);
  });
});

/** A refusal's message: the envelope's statusMessage, or better-auth's own `message`. */
function statusMessageOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { statusMessage?: string; message?: string };
    return parsed.statusMessage || parsed.message || undefined;
  } catch {
    return undefined;
  }
}
