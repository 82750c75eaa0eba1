import { type Browser, expect, type Page } from '@playwright/test';
import { demoAdmin, openConsole } from './operators.ts';

/** The demo admin in a laptop-sized window of their own, signed in to the console at `path`. */
export async function adminAtLaptop(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openConsole(page, demoAdmin(), path);
  return page;
}

/** A datetime-local value in the page's own time zone, `minutes` from now, to the minute. */
export async function localMinute(page: Page, minutes: number): Promise<string> {
  return page.evaluate((offset) => {
    const at = new Date(Date.now() + offset * 60_000);
    const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
    return local.toISOString().slice(0, 16);
  }, minutes);
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
