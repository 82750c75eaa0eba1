import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OperatorRole } from '@playon/shared/ops';
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import { baseURL, dataDir } from '../../playwright.config.ts';
import { newPlayer, registerPlayer, type TestPlayer } from './players.ts';

/** The laptop sandbox's demo admin, as `npm start` printed it (kept in the server's data directory). */
export function demoAdmin(): { email: string; password: string } {
  return JSON.parse(readFileSync(join(dataDir, 'demo-admin.json'), 'utf8')) as {
    email: string;
    password: string;
  };
}

/** An access token for an identity, signed in through the API in a context of its own. */
async function tokenFor(email: string, password: string): Promise<string> {
  const context = await playwrightRequest.newContext({ baseURL });
  try {
    const signIn = await context.post('/api/auth/sign-in/email', {
      data: { email, password },
      headers: { Origin: baseURL },
    });
    expect(signIn.ok(), `sign-in of ${email}`).toBe(true);
    const { token } = (await (await context.get('/api/auth/token')).json()) as { token: string };
    return token;
  } finally {
    await context.dispose();
  }
}

/** The demo admin's token, for arranging what a spec needs through /api/ops. */
export const adminToken = () => tokenFor(demoAdmin().email, demoAdmin().password);

/** A new identity given `role` by the demo admin, as an admin does in the console. */
export async function newOperator(request: APIRequestContext, role: OperatorRole): Promise<TestPlayer> {
  const operator = newPlayer(role === 'admin' ? 'Admin' : role === 'finance' ? 'Fatuma' : 'Sam');
  await registerPlayer(request, operator, false);
  const given = await request.post('/api/ops/operators/role', {
    headers: { Authorization: `Bearer ${await adminToken()}` },
    data: { email: operator.email, role, reason: `e2e: ${operator.email} made ${role}` },
  });
  expect(given.ok(), await given.text()).toBe(true);
  return operator;
}

/** Signs an operator in through the console's own sign-in and opens the console, as they would. */
export async function openConsole(page: Page, operator: { email: string; password: string }, path = '/ops') {
  // The console's own sign-in: asked for a console page, the console sends a visitor there.
  await page.goto(path);
  await expect(page).toHaveURL(/\/ops\/sign-in\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('link', { name: 'PlayOn console' })).toBeVisible();
}

/**
 * Types `text` into a console list's search box (labelled `label`) and waits until the list shows
 * the one item it finds: the search runs once typing pauses, and a row clicked before that is in
 * the unfiltered list, which the answer then moves under the pointer.
 */
export async function searchForOne(page: Page, label: string | RegExp, text: string) {
  await page.getByLabel(label, { exact: typeof label === 'string' }).fill(text);
  await expect(page.getByText(/^1 in all · page 1 of 1$/)).toBeVisible();
}
