import { expect, type Page } from '@playwright/test';

declare global {
  interface Window {
    __playonToasts?: string[];
  }
}

/**
 * Records every toast the page shows from now on (and after any reload), so a spec can check a
 * toast that has already closed: a toast shows for five seconds, and on a loaded machine the
 * expectation may start polling after it went.
 */
export async function watchToasts(page: Page): Promise<{ expectShown(message: string): Promise<void> }> {
  const install = () => {
    if (window.__playonToasts) return;
    const seen: string[] = [];
    window.__playonToasts = seen;
    const record = () => {
      for (const toast of document.querySelectorAll(
        '[aria-live] > [role="alert"], [aria-live] > [role="status"]',
      )) {
        const text = toast.textContent?.trim() ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    const start = () => {
      new MutationObserver(record).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
      record();
    };
    if (document.body) start();
    else document.addEventListener('DOMContentLoaded', start, { once: true });
  };
  await page.addInitScript(install);
  await page.evaluate(install);
  return {
    async expectShown(message: string) {
      await expect
        .poll(() => page.evaluate(() => window.__playonToasts ?? []), {
          message: `a toast saying "${message}"`,
        })
        .toContain(message);
    },
  };
}
