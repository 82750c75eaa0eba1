import { expect, type Page } from '@playwright/test';

/** Buttons and links a finger must hit, measured; links inside a sentence are exempt (WCAG 2.5.5). */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(
      'button, a[href], [role="button"], input[type="checkbox"], input[type="radio"], select',
    )) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const isHidden = box.width <= 1 || box.height <= 1 || style.visibility === 'hidden';
      const isInline =
        element.tagName === 'A' && element.closest('p, li') !== null && style.display === 'inline';
      if (isHidden || isInline || element.closest('[aria-hidden="true"]')) continue;
      // The events' banners are the carousel's picture; the one shown is tall and wide.
      if (box.width < 43.5 || box.height < 43.5) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40);
        small.push(`${name} (${Math.round(box.width)}x${Math.round(box.height)})`);
      }
    }
    return small;
  });

export async function expectNoSmallTargets(page: Page, where: string) {
  await expect(page.locator('.animate-pulse').filter({ visible: true })).toHaveCount(0);
  expect.soft(await smallTargets(page), `targets under 44 px on ${where}`).toEqual([]);
}
