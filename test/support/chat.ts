import type { Page } from 'playwright-core';

/** Types a message into Clari's panel, presses Enter, and answers the text of Clari's reply to it. */
export async function sendChatMessage(page: Page, inputLabel: string, message: string): Promise<string> {
  const replies = await page.getByTestId('chat-message-assistant').count();
  const sent = await page.getByTestId('chat-message-user').count();
  const input = page.getByRole('textbox', { name: inputLabel });
  await input.fill(message);
  await input.press('Enter');
  await page.getByTestId('chat-message-user').nth(sent).waitFor();
  await page.getByTestId('chat-thinking').waitFor({ state: 'detached' });
  // A streamed reply is complete when no message is being written any more.
  await page.locator('[data-streaming="true"]').waitFor({ state: 'detached' });
  const reply = page.getByTestId('chat-message-assistant').nth(replies);
  await reply.waitFor();
  return (await reply.textContent()) ?? '';
}
