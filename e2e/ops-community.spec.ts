import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newOperator, openConsole, searchForOne } from './support/operators.ts';
import { messagesOf, openRoom, say, sendFeedbackThroughApp } from './support/ops-community.ts';
import { signedInPlayer } from './support/players.ts';

test('a support operator answers a feedback message and the reply is in the sandbox mail outbox', async ({
  browser,
  page,
  request,
}) => {
  const player = await signedInPlayer(page, request, 'Wanjiku');
  const subject = `Withdrawal pending ${randomUUID().slice(0, 6)}`;
  await sendFeedbackThroughApp(page, subject, 'My withdrawal has been pending since morning.');

  const support = await newOperator(request, 'support');
  const consoleContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const console = await consoleContext.newPage();
  await openConsole(console, support, '/ops/community/feedback');
  await searchForOne(console, 'Search by subject, message, e-mail or player uid', subject);
  const row = console.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('New');
  await row.click();

  await expect(console.getByRole('heading', { name: subject })).toBeVisible();
  const beside = console.getByRole('complementary', { name: 'The player' });
  await expect(beside).toContainText(player.email);
  await expect(beside).toContainText(player.username);
  await console
    .getByLabel(`Answer by e-mail to ${player.email}`)
    .fill('It went through at 14:02. Sorry for the wait!');
  await console.getByRole('button', { name: 'Send the answer' }).click();
  await expect(console.getByText('Answer sent by e-mail.').first()).toBeVisible();
  // The mail job sends it a moment later; the page looks again until it has gone.
  await expect(console.getByText(/mailed \d/)).toBeVisible({ timeout: 20_000 });

  const outbox = await consoleContext.newPage();
  await outbox.goto('/sandbox/mail');
  const mail = outbox.getByRole('article').filter({ hasText: `Re: ${subject}` });
  await expect(mail).toContainText(player.email);
  await expect(mail).toContainText('It went through at 14:02. Sorry for the wait!');
  await expect(mail).toContainText('> My withdrawal has been pending since morning.');
  await consoleContext.close();
});

test('a support operator hides a message while a player has the room open, and it disappears for the player', async ({
  browser,
  page,
  request,
}) => {
  const amina = page;
  await signedInPlayer(amina, request, 'Amina');
  const brianContext = await browser.newContext();
  const brian = await brianContext.newPage();
  await signedInPlayer(brian, request, 'Brian');

  // A room of its own among the seeded ones: the chat spec counts General's members meanwhile.
  await openRoom(amina, 'Savanna Snake');
  await openRoom(brian, 'Savanna Snake');
  const rude = `Something rude ${randomUUID().slice(0, 6)}`;
  const kind = `Good game everyone ${randomUUID().slice(0, 6)}`;
  await say(amina, rude);
  await say(amina, kind);
  await expect(messagesOf(brian).getByText(rude)).toBeVisible();

  const support = await newOperator(request, 'support');
  const consoleContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const console = await consoleContext.newPage();
  await openConsole(console, support, '/ops/community/moderation');
  await console.getByRole('row').filter({ hasText: 'Savanna Snake' }).first().click();
  await searchForOne(console, 'Search by text or player uid', rude);
  const row = console.getByRole('row').filter({ hasText: rude });
  await row.getByRole('button', { name: 'Hide' }).click();
  const dialog = console.getByRole('dialog');
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Insults another player');
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(console.getByText('Message hidden.').first()).toBeVisible();

  // Brian's room drops it without a reload; the rest of the conversation stays.
  await expect(messagesOf(brian).getByText(rude)).toHaveCount(0);
  await expect(messagesOf(brian).getByText(kind)).toBeVisible();
  await expect(messagesOf(amina).getByText(rude)).toHaveCount(0);
  await brian.reload();
  await expect(messagesOf(brian).getByText(kind)).toBeVisible();
  await expect(messagesOf(brian).getByText(rude)).toHaveCount(0);
  await brianContext.close();
  await consoleContext.close();
});
