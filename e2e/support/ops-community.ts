import { expect, type Page } from '@playwright/test';

/** 'Drop us a line' from the account menu's page, as a player sends feedback. */
export async function sendFeedbackThroughApp(page: Page, subject: string, message: string) {
  await page.goto('/account/feedback');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Joins a room from the rooms list (or opens it when already a member) and lands in it. */
export async function openRoom(page: Page, room: string) {
  await page.goto('/chat-room');
  await page.getByRole('listitem').filter({ hasText: room }).first().click();
  const join = page.getByRole('dialog').getByRole('button', { name: 'Join' });
  if (await join.isVisible().catch(() => false)) await join.click();
  await expect(page).toHaveURL(/\/chat-room\/\d+$/);
}

/** Says something in the open room and sees it there. */
export async function say(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(messagesOf(page).getByText(text)).toBeVisible();
}

/** The open room's conversation (not the box a message is typed in). */
export function messagesOf(page: Page) {
  return page.getByRole('list', { name: 'Messages' });
}
