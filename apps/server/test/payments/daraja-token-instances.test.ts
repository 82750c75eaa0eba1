import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDarajaClient } from '../../src/platform/daraja/client.ts';
import { databaseTokenStore } from '../../src/platform/daraja/token-store.ts';
import type { TestApp } from '../support/app.ts';
import { countingFetch, createProviderSandbox } from '../support/provider-sandbox.ts';

// Daraja keeps one token per app: a new one revokes the one before (404.001.03). The instances of a
// deployment share one token in the database and renew it one at a time (ADR 0074); the sandbox
// revokes as Daraja does, whichever instance asked.
const sandbox = createProviderSandbox({ delayMs: 300 });
let t: TestApp;
let base: string;
let hooks: string;

beforeAll(async () => {
  ({ t, base, hooks } = await sandbox.start());
});
afterAll(() => sandbox.close());

/** One instance's Daraja client, built as wirePayments builds it, on the deployment's database. */
function instance(deployment: string) {
  const counted = countingFetch('/sandbox/daraja');
  const daraja = createDarajaClient({
    ...t.config.daraja,
    baseUrl: `${base}/sandbox/daraja`,
    fetch: counted.fetch,
    tokenStore: databaseTokenStore(t.database.db, deployment),
  });
  return { daraja, oauth: counted.oauth };
}

/** A payout through an instance's client: what must not fail over a token. */
const payout = (daraja: ReturnType<typeof instance>['daraja']) =>
  daraja.b2cPayment({
    phone: '254712345678',
    amount: 100,
    originatorConversationId: randomUUID(),
    remarks: 'PlayOn wallet withdrawal',
    resultUrl: `${hooks}/b2c`,
    queueTimeoutUrl: `${hooks}/timeout`,
  });

/** Someone else takes a token for the same Daraja app (another deployment, a script): ours is revoked. */
async function tokenTakenElsewhere() {
  const basic = Buffer.from(`${t.config.daraja.consumerKey}:${t.config.daraja.consumerSecret}`).toString(
    'base64',
  );
  const answer = await fetch(`${base}/sandbox/daraja/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: `Basic ${basic}` },
  });
  expect(answer.status).toBe(200);
}

describe('one Daraja token for every instance', () => {
  it('two instances needing a token at once fetch one between them, and both pay', async () => {
    const deployment = `deployment-${randomUUID()}`;
    const [a, b] = [instance(deployment), instance(deployment)];
    const paid = await Promise.all([payout(a.daraja), payout(b.daraja), payout(a.daraja), payout(b.daraja)]);
    expect(paid.every((sent) => sent.conversationId.startsWith('AG_'))).toBe(true);
    expect(a.oauth() + b.oauth()).toBe(1);
  });

  it('a token revoked mid-run (404.001.03) is renewed once and the payout goes through', async () => {
    const deployment = `deployment-${randomUUID()}`;
    const a = instance(deployment);
    await payout(a.daraja);
    await tokenTakenElsewhere();

    const sent = await payout(a.daraja);
    expect(sent.conversationId).toMatch(/^AG_/);
    expect(a.oauth()).toBe(2);
  });

  it('an instance whose token another renewed takes the new one from the database, without fetching', async () => {
    const deployment = `deployment-${randomUUID()}`;
    const [a, b] = [instance(deployment), instance(deployment)];
    await payout(a.daraja);
    await payout(b.daraja);
    expect(a.oauth() + b.oauth()).toBe(1);
    await tokenTakenElsewhere();

    await payout(b.daraja); // refused, renewed by b
    await payout(a.daraja); // refused, then b's token from the database
    expect(a.oauth() + b.oauth()).toBe(2);
  });
});
