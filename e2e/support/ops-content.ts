import { type Browser, expect, type Page } from '@playwright/test';
import { demoAdmin, openConsole } from './operators.ts';

/**
 * The demo admin in a laptop-sized window of their own, signed in to the console at `path`. The laptop
 * keeps New York's time: the console must enter and show Nairobi time whatever the laptop's zone.
 */
export async function adminAtLaptop(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    timezoneId: 'America/New_York',
  });
  const page = await context.newPage();
  await openConsole(page, demoAdmin(), path);
  return page;
}

/** A datetime-local value in Nairobi time (UTC+3, as the console asks), `minutes` from now, to the minute. */
export function nairobiMinute(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000 + 3 * 60 * 60_000).toISOString().slice(0, 16);
}

/** Chooses the option of a select whose text starts with `text` (a package shows its price after its name). */
export async function chooseStartingWith(page: Page, label: string, text: string) {
  const select = page.getByLabel(label, { exact: true });
  const value = await select
    .locator('option', { hasText: new RegExp(`^${text}`) })
    .first()
    .getAttribute('value');
  expect(value, `${label}: ${text}`).toBeTruthy();
  await select.selectOption(value ?? '');
}
