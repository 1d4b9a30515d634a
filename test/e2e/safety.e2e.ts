import { signedInContext } from '../support/accounts';
import { expectAccessible, screenshot, withPage } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { sendChatMessage } from '../support/chat';

const T = {
  en: {
    message: 'Message to Clari',
    crisis: 'Sometimes I think about ending my life.',
    reply: 'Are you safe right now?',
    card: 'Help is there, any time',
    call: 'Call',
    next: 'Yes, I am safe.',
  },
  sv: {
    message: 'Meddelande till Clari',
    crisis: 'Jag vill dö.',
    reply: 'Är du i säkerhet just nu?',
    card: 'Det finns hjälp, dygnet runt',
    call: 'Ring',
    next: 'Ja, jag är i säkerhet.',
  },
} as const;

describe('Clari’s safety net in the browser', () => {
  const suite = browserSuite();

  it.each(['en', 'sv'] as const)(
    'in %s: a crisis message gets help, the help card with tappable numbers stays, and nothing is filled in',
    async (language) => {
      const text = T[language];
      const context = await signedInContext(suite.browser, suite.t, language);
      await withPage(context, `safety-${language}`, async (page) => {
        await page.goto('/valueexplorer/areas');
        await page.getByTestId('area-card-family').getByRole('button').first().click();
        await page.waitForURL((url) => url.pathname === '/valueexplorer/edit');
        await page.getByTestId('chat-message-assistant').first().waitFor();
        expect(await page.getByTestId('crisis-help-card').count()).toBe(0);

        const reply = await sendChatMessage(page, text.message, text.crisis);
        expect(reply).toContain(text.reply);
        expect(reply).toContain('112');
        expect(reply).toContain('90101');
        const card = page.getByTestId('crisis-help-card');
        await card.getByRole('heading', { name: text.card }).waitFor();
        for (const number of ['112', '90101', '1177'])
          expect(await card.getByRole('link', { name: `${text.call} ${number}` }).getAttribute('href')).toBe(
            `tel:${number}`,
          );
        expect(await card.getByRole('link', { name: /findahelpline\.com/ }).getAttribute('href')).toBe(
          'https://findahelpline.com',
        );
        // Nothing of the message went into the form.
        expect(await page.getByTestId('values-card').getByRole('button').count()).toBe(0);
        await expectAccessible(page);
        await screenshot(page, `safety-card-${language}`);

        // The card stays for the thread, also after the next message and a reload.
        await sendChatMessage(page, text.message, text.next);
        await card.waitFor();
        await page.reload();
        await page.getByTestId('crisis-help-card').waitFor();
      });
      await context.close();
    },
  );
});
