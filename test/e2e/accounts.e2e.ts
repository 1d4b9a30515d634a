import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser, uniqueEmail } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/app-harness';
import { expectAccessible, launchBrowser, newContext, screenshot, withPage } from '../support/browser';

const T = {
  en: {
    email: 'E-mail',
    password: 'Password',
    confirmPassword: 'Confirm password',
    fullName: 'Full name',
    terms: /I accept the/,
    createAccount: 'Create account',
    signupSent: 'Verification e-mail sent',
    verified: 'Your e-mail address is verified',
    alreadyVerified: 'Your e-mail address is already verified',
    login: 'Log in',
    welcomeBack: 'Welcome back',
    profileMenu: 'Open the profile menu',
    editProfile: 'Edit profile',
    logout: 'Log out',
    save: 'Save changes',
    updated: 'Your profile has been updated.',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmNewPassword: 'Confirm new password',
    changePassword: 'Change password',
    passwordChanged: 'Your password has been changed',
    mismatch: 'New passwords do not match',
    forgot: 'Forgot your password?',
    sendReset: 'Send reset link',
    resetSent: 'If that e-mail address has an account',
    saveNewPassword: 'Save new password',
    resetDone: 'Your password has been changed. You can now log in',
    portraitLink: 'Change your portrait',
    upload: 'Upload',
    portraitDone: 'Your portrait has been updated.',
    download: 'Download my data',
    deleteButton: 'Delete my account',
    deleteConfirm: 'Delete everything',
    cancel: 'Cancel',
    deleted: 'Your account and all your data have been deleted',
    invalid: 'Invalid e-mail or password.',
    signupMismatch: 'Passwords do not match',
    welcome: 'Welcome to Clari',
    unverified: 'Please verify your e-mail address',
    home: 'Clari – home page',
    privacyPolicy: 'privacy policy',
    previewNote: 'This is a preview: upload it to keep it.',
  },
  sv: {
    email: 'E-post',
    password: 'Lösenord',
    confirmPassword: 'Bekräfta lösenord',
    fullName: 'Fullständigt namn',
    terms: /Jag godkänner/,
    createAccount: 'Skapa konto',
    signupSent: 'Verifieringsmejlet är skickat',
    verified: 'Din e-postadress är verifierad',
    alreadyVerified: 'Din e-postadress är redan verifierad',
    login: 'Logga in',
    welcomeBack: 'Välkommen tillbaka',
    profileMenu: 'Öppna profilmenyn',
    editProfile: 'Redigera profil',
    logout: 'Logga ut',
    save: 'Spara ändringar',
    updated: 'Din profil är uppdaterad.',
    currentPassword: 'Nuvarande lösenord',
    newPassword: 'Nytt lösenord',
    confirmNewPassword: 'Bekräfta nytt lösenord',
    changePassword: 'Byt lösenord',
    passwordChanged: 'Ditt lösenord är ändrat',
    mismatch: 'De nya lösenorden matchar inte',
    forgot: 'Glömt lösenordet?',
    sendReset: 'Skicka återställningslänk',
    resetSent: 'Om e-postadressen har ett konto',
    saveNewPassword: 'Spara nytt lösenord',
    resetDone: 'Ditt lösenord är ändrat. Du kan nu logga in',
    portraitLink: 'Byt porträtt',
    upload: 'Ladda upp',
    portraitDone: 'Ditt porträtt är uppdaterat.',
    download: 'Ladda ner mina uppgifter',
    deleteButton: 'Radera mitt konto',
    deleteConfirm: 'Radera allt',
    cancel: 'Avbryt',
    deleted: 'Ditt konto och alla dina uppgifter har raderats',
    invalid: 'Fel e-postadress eller lösenord.',
    signupMismatch: 'Lösenorden matchar inte',
    welcome: 'Välkommen till Clari',
    unverified: 'Verifiera din e-postadress',
    home: 'Clari – startsida',
    privacyPolicy: 'integritetspolicyn',
    previewNote: 'Det här är en förhandsvisning: ladda upp den för att behålla den.',
  },
} as const;

/** The path and query of the newest link to `page` mailed to `email` (links use PUBLIC_URL). */
async function mailedLink(t: TestApp, email: string, page: string, after: number): Promise<string> {
  const mail = await t.mail.waitFor(email, { after, timeoutMs: 10000 });
  const match = new RegExp(`https?://[^/\\s]+(/${page}\\?token=[A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`No ${page} link in the mail to ${email}`);
  return match[1];
}

/** A form field by its label, with or without the required asterisk. */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
}

type Texts = { [K in keyof (typeof T)['en']]: string | RegExp } & { email: string; password: string; login: string };

async function loginThroughForm(page: Page, text: Texts, email: string, password: string) {
  await page.goto('/login');
  await field(page, text.email).fill(email);
  await field(page, text.password).fill(password);
  await page.getByRole('button', { name: text.login, exact: true }).click();
}

describe('accounts in the browser', () => {
  let t: TestApp;
  let browser: Browser;
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    t = await startTestApp({ listen: true, env: { ADMIN_EMAILS: adminEmail, RATE_LIMIT_SCALE: '20' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  describe.each(['en', 'sv'] as const)('in %s', (language) => {
    let context: BrowserContext;
    const text = T[language];
    beforeAll(async () => {
      context = await newContext(browser, { baseUrl: t.baseUrl, language });
    });
    afterAll(() => context.close());

    it(
      'signup → e-mail → verify → login → profile → portrait → password → logout → forgot → reset → login → export → delete',
      () =>
        withPage(context, `account-journey-${language}`, async (page) => {
          const email = uniqueEmail(`journey-${language}`);
          const password = 'Quiet-Meadow-Lantern-8';

          // Signup: mismatched passwords are caught before anything is sent.
          await page.goto('/signup');
          // A visitor's page leads home, and the consent links both the terms and the privacy policy.
          expect(
            await page.getByTestId('visitor-header').getByRole('link', { name: text.home }).getAttribute('href'),
          ).toBe('/');
          expect(await page.getByRole('link', { name: text.privacyPolicy, exact: true }).getAttribute('href')).toBe(
            '/privacy',
          );
          await field(page, text.email).fill(email);
          await field(page, text.password).fill(password);
          await field(page, text.confirmPassword).fill(`${password}x`);
          await field(page, text.fullName).fill('Elin Journey');
          await page.getByRole('checkbox').check();
          await expectAccessible(page);
          await screenshot(page, `signup-${language}`);
          await page.getByRole('button', { name: text.createAccount }).click();
          await page.getByRole('alert').filter({ hasText: text.signupMismatch }).waitFor();
          await field(page, text.confirmPassword).fill(password);
          const beforeSignup = t.mail.messages.length;
          await page.getByRole('button', { name: text.createAccount }).click();
          await page.getByTestId('signup-result').filter({ hasText: text.signupSent }).waitFor();
          expect(await field(page, text.email).inputValue()).toBe('');

          // Login before verification is refused, with a way to resend.
          await loginThroughForm(page, text, email, password);
          await page.getByRole('alert').filter({ hasText: text.unverified }).waitFor();

          // The e-mail, in the chosen language, links to the app.
          const verifyLink = await mailedLink(t, email, 'verify-email', beforeSignup);
          expect(t.mail.messages.slice(beforeSignup).find((m) => m.to.includes(email))?.subject).toBe(
            language === 'sv' ? 'Bekräfta din e-postadress för Clari' : 'Confirm your e-mail address for Clari',
          );
          await page.goto(verifyLink);
          await page.getByTestId('verify-result').filter({ hasText: text.verified }).waitFor();
          await screenshot(page, `verify-${language}`);
          await page.waitForURL((url) => url.pathname === '/login', { timeout: 6000 });
          // The address signed up with in this browser is filled in.
          expect(await field(page, text.email).inputValue()).toBe(email);
          // The link followed again says the address is already verified, not that the link is invalid.
          await page.goto(verifyLink);
          await page.getByTestId('verify-result').filter({ hasText: text.alreadyVerified }).waitFor();
          await page.waitForURL((url) => url.pathname === '/login', { timeout: 6000 });

          // Login, then the landing page greets the user and the navigation appears.
          await expectAccessible(page);
          await screenshot(page, `login-${language}`);
          await loginThroughForm(page, text, email, password);
          // Greeted by first name.
          await page.getByRole('heading', { level: 1, name: `${text.welcomeBack}, Elin`, exact: true }).waitFor();
          // Signed in, there is no account to create: /signup leads home.
          await page.goto('/signup');
          await page.waitForURL((url) => url.pathname === '/');
          expect(await page.getByTestId('visitor-header').count()).toBe(0);
          await page.getByRole('button', { name: text.profileMenu }).click();
          await page.getByRole('menuitem', { name: text.editProfile }).click();
          await page.waitForURL((url) => url.pathname === '/profile');

          // Profile edit (checked for accessibility before the toast starts fading in).
          await field(page, text.fullName).waitFor();
          await expectAccessible(page);
          await field(page, text.fullName).fill('Elin Edited');
          await page.getByRole('button', { name: text.save }).click();
          await page.getByTestId('toast').filter({ hasText: text.updated }).waitFor();
          await screenshot(page, `profile-${language}`);

          // Portrait upload.
          await page.getByRole('link', { name: text.portraitLink }).click();
          await page.waitForURL((url) => url.pathname === '/profile/portrait');
          const png = await sharp({
            create: { width: 300, height: 300, channels: 3, background: { r: 60, g: 140, b: 130 } },
          })
            .png()
            .toBuffer();
          await page
            .getByTestId('portrait-input')
            .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
          // Previewed in the circle before it is uploaded.
          await page.getByTestId('portrait-preview-note').filter({ hasText: text.previewNote }).waitFor();
          expect(await page.getByTestId('portrait-circle').locator('img').getAttribute('src')).toMatch(/^blob:/);
          expect(await page.getByTestId('nav-portrait').count()).toBe(0);
          await page.getByRole('button', { name: text.upload, exact: true }).click();
          await page.getByTestId('portrait-status').filter({ hasText: text.portraitDone }).waitFor();
          // The top bar shows the portrait now.
          await page.getByTestId('nav-portrait').locator('img').waitFor();
          const src = await page.getByTestId('portrait-circle').locator('img').getAttribute('src');
          expect(src).toMatch(/^\/api\/profile\/portrait\/image\?v=\d+-[\w-]{12}$/);
          await expectAccessible(page);
          await screenshot(page, `portrait-${language}`);

          // Password change: mismatch caught, then changed.
          const newPassword = 'Second-Meadow-Lantern-8';
          await page.goto('/profile');
          await field(page, text.currentPassword).fill(password);
          await field(page, text.newPassword).fill(newPassword);
          await field(page, text.confirmNewPassword).fill('something-else-entirely');
          await page.getByRole('button', { name: text.changePassword, exact: true }).click();
          await page.getByRole('alert').filter({ hasText: text.mismatch }).waitFor();
          await field(page, text.confirmNewPassword).fill(newPassword);
          await page.getByRole('button', { name: text.changePassword, exact: true }).click();
          await page.getByTestId('toast').filter({ hasText: text.passwordChanged }).waitFor();

          // Logout.
          await page.getByRole('button', { name: text.profileMenu }).click();
          await page.getByRole('menuitem', { name: text.logout }).click();
          await page.getByRole('heading', { level: 1, name: text.welcome }).waitFor();

          // Forgot → reset link → new password → login.
          await page.goto('/login');
          await page.getByRole('link', { name: text.forgot }).click();
          // The login form also has an e-mail field: wait until the lazily loaded page replaced it.
          await page.waitForURL((url) => url.pathname === '/forgot-password');
          await page.getByRole('button', { name: text.sendReset }).waitFor();
          const beforeReset = t.mail.messages.length;
          await field(page, text.email).fill(email);
          await page.getByRole('button', { name: text.sendReset }).click();
          await page.getByTestId('request-result').filter({ hasText: text.resetSent }).waitFor();
          const resetLink = await mailedLink(t, email, 'reset-password', beforeReset);
          await page.goto(resetLink);
          const finalPassword = 'Third-Meadow-Lantern-8';
          await field(page, text.newPassword).fill(finalPassword);
          await field(page, text.confirmNewPassword).fill(finalPassword);
          await expectAccessible(page);
          await page.getByRole('button', { name: text.saveNewPassword }).click();
          await page.getByTestId('reset-result').filter({ hasText: text.resetDone }).waitFor();
          await loginThroughForm(page, text, email, newPassword);
          await page.getByRole('alert').filter({ hasText: text.invalid }).waitFor();
          await loginThroughForm(page, text, email, finalPassword);
          await page.getByRole('heading', { level: 1, name: new RegExp(text.welcomeBack) }).waitFor();

          // Export downloads every piece of the user's data.
          await page.goto('/profile');
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.getByTestId('export-data').click(),
          ]);
          const exported = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
          expect(exported.account).toMatchObject({ email, full_name: 'Elin Edited', language });
          expect(exported.portrait.mime_type).toBe('image/webp');

          // Deletion: declining keeps the account; confirming deletes it and logs out after 3 s.
          await page.getByRole('button', { name: text.deleteButton }).click();
          await page.getByRole('button', { name: text.cancel }).click();
          await page.getByRole('button', { name: text.deleteButton }).click();
          await page.getByRole('button', { name: text.deleteConfirm }).click();
          await page.getByTestId('toast').filter({ hasText: text.deleted }).waitFor();
          await page.waitForURL((url) => url.pathname === '/', { timeout: 8000 });
          await page.getByRole('heading', { level: 1, name: text.welcome }).waitFor();
          await loginThroughForm(page, text, email, finalPassword);
          await page.getByRole('alert').filter({ hasText: text.invalid }).waitFor();
        }),
      // The whole account journey: about a dozen pages, five argon2 hashes and axe checks.
      180_000,
    );
  });

  describe('protected pages and the admin view', () => {
    let context: BrowserContext;
    beforeAll(async () => {
      context = await newContext(browser, { baseUrl: t.baseUrl, language: 'en' });
    });
    afterAll(() => context.close());

    it('sends a visitor from a protected page to /login and back after login', () =>
      withPage(context, 'protected-redirect', async (page) => {
        const user = await createUser(t, { fullName: 'Back Again' });
        await page.goto('/profile/portrait');
        await page.waitForURL((url) => url.pathname === '/login');
        await loginThroughForm(page, T.en, user.email, user.password);
        await page.waitForURL((url) => url.pathname === '/profile/portrait');
        await page.getByRole('button', { name: T.en.profileMenu }).click();
        await page.getByRole('menuitem', { name: T.en.logout }).click();
        await page.waitForURL((url) => url.pathname === '/');
      }));

    it('shows each of two people signing in in turn on one browser their own portrait, never the cached one of the other', () =>
      withPage(context, 'portraits-shared-browser', async (page) => {
        const colours = { red: { r: 220, g: 30, b: 30 }, blue: { r: 30, g: 40, b: 220 } };
        const people = await Promise.all(
          Object.entries(colours).map(async ([name, background]) => {
            const person = await createUser(t, { fullName: `Portrait ${name}` });
            const png = await sharp({ create: { width: 200, height: 200, channels: 3, background } })
              .png()
              .toBuffer();
            await person.agent.post('/api/profile/portrait/upload').attach('portrait', png, 'me.png').expect(200);
            return { person, background };
          }),
        );
        /** The colour at the middle of the top bar's portrait, as the browser shows it (from its cache or not). */
        const shownColour = () =>
          page
            .getByTestId('nav-portrait')
            .locator('img')
            .evaluate(async (node) => {
              const img = node as HTMLImageElement;
              if (!img.complete || !img.naturalWidth)
                await new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
              const canvas = document.createElement('canvas');
              canvas.width = img.naturalWidth;
              canvas.height = img.naturalHeight;
              const context2d = canvas.getContext('2d')!;
              context2d.drawImage(img, 0, 0);
              const [r, g, b] = context2d.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data;
              return { r, g, b, src: img.getAttribute('src') };
            });
        const seen: string[] = [];
        // Twice round, so that the second visit of each can only come from the browser's cache.
        for (const { person, background } of [...people, ...people]) {
          await loginThroughForm(page, T.en, person.email, person.password);
          await page.getByRole('heading', { level: 1, name: /Welcome back/ }).waitFor();
          const shown = await shownColour();
          expect(
            Math.abs(shown.r - background.r) + Math.abs(shown.g - background.g) + Math.abs(shown.b - background.b),
          ).toBeLessThan(40);
          seen.push(shown.src ?? '');
          // Signed out on the server; the next page load starts as a visitor (the cache stays).
          expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
        }
        expect(seen[0]).not.toBe(seen[1]);
      }));

    it('shows the admin view to an admin and refuses a user', () =>
      withPage(context, 'admin-view', async (page) => {
        await createUser(t, { email: adminEmail, fullName: 'Ada Admin' });
        const user = await createUser(t, { fullName: 'Ulla User' });

        await loginThroughForm(page, T.en, user.email, user.password);
        await page.getByRole('heading', { level: 1, name: /Welcome back/ }).waitFor();
        await page.getByRole('button', { name: T.en.profileMenu }).click();
        expect(await page.getByRole('menuitem', { name: 'Admin', exact: true }).count()).toBe(0);
        await page.keyboard.press('Escape');
        await page.goto('/admin');
        await page.getByTestId('admin-forbidden').waitFor();
        expect((await page.request.get('/api/admin/users')).status()).toBe(403);
        await page.getByRole('button', { name: T.en.profileMenu }).click();
        await page.getByRole('menuitem', { name: T.en.logout }).click();
        await page.waitForURL((url) => url.pathname === '/');

        await loginThroughForm(page, T.en, adminEmail, user.password);
        await page.getByRole('heading', { level: 1, name: /Welcome back/ }).waitFor();
        await page.getByRole('button', { name: T.en.profileMenu }).click();
        await page.getByRole('menuitem', { name: 'Admin', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/admin');
        await page.getByLabel('Search by name or e-mail').fill('Ulla');
        // The search is debounced: wait until only the matching row is left.
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="admin-rows"] tr').length === 1);
        expect(await page.getByTestId('admin-rows').innerText()).toContain(user.email);
        expect(await page.locator('thead th').allInnerTexts()).toEqual(['Full name', 'E-mail']);
        await expectAccessible(page);
        await screenshot(page, 'admin-en');
      }));
  });
});
