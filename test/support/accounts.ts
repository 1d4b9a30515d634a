import type { Browser, BrowserContext } from 'playwright-core';
import type supertest from 'supertest';
import type { Language } from '@clari/contracts';
import { UsersRepository } from '../../apps/api/src/modules/users/users.repository';
import type { TestApp } from './app-harness';
import { newContext } from './browser';

let counter = 0;

/** A unique, valid e-mail address for one test. */
export function uniqueEmail(label = 'user'): string {
  counter++;
  return `${label}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const GOOD_PASSWORD = 'Tranquil-Harbour-42';

/** The token of the newest link to `path` mailed to `email`. */
export async function linkToken(
  t: TestApp,
  email: string,
  path: 'verify-email' | 'reset-password',
  after = 0,
): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = t.mail.messages.slice(after).filter((m) => m.to.includes(email));
    for (const mail of mails.reverse()) {
      const match = new RegExp(`/${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
      if (match) return match[1];
    }
    if (Date.now() > deadline) throw new Error(`No ${path} link mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
  agent: supertest.Agent;
}

/** Signs up, follows the verification link and logs in; returns the signed-in client. */
export async function createUser(
  t: TestApp,
  options: { language?: Language; fullName?: string; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const fullName = options.fullName ?? 'Test Person';
  const agent = t.agent();
  await agent
    .post('/api/auth/register')
    .send({
      email,
      password: GOOD_PASSWORD,
      full_name: fullName,
      language: options.language ?? 'en',
      termsAccepted: true,
    })
    .expect(201);
  const token = await linkToken(t, email, 'verify-email');
  await agent.get(`/api/email/verify?token=${token}`).expect(200);
  await agent.post('/api/auth/login').send({ email, password: GOOD_PASSWORD }).expect(200);
  return { email, password: GOOD_PASSWORD, fullName, agent };
}

/** The session id inside a Set-Cookie header (signed cookie value). */
export function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((c) => c.startsWith('clari.sid='))?.split(';')[0];
}

/** Puts a signed-in session of `user` into a browser context (login through the API). */
export async function signInBrowser(
  context: BrowserContext,
  t: TestApp,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<void> {
  const res = await t.agent().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error('The login answered no session cookie');
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  await context.addCookies([{ name, value, url: t.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
}

/** A browser context of a new, signed-in user who chose `language` (a clinician when asked). */
export async function signedInContext(
  browser: Browser,
  t: TestApp,
  language: Language,
  options: { clinician?: boolean; fullName?: string } = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, { baseUrl: t.baseUrl, language });
  const user = await createUser(t, { language, fullName: options.fullName });
  if (options.clinician) await makeClinician(t, user);
  await signInBrowser(context, t, user);
  return context;
}

/** Gives an account the clinician role (the Journal's), as an operator would in the database. */
export async function makeClinician(t: TestApp, user: Pick<TestUser, 'email'>): Promise<void> {
  const users = t.app.get(UsersRepository);
  const record = await users.findByEmail(user.email);
  await users.update(record!.id, { isClinician: true });
}

/** The answer every rate limit gives: 429, the common body, and when to try again. */
export function expectRateLimited(response: supertest.Response): void {
  expect(response.status).toBe(429);
  expect(response.body).toMatchObject({
    statusCode: 429,
    error: 'Too Many Requests',
    code: 'rate_limited',
    message: 'Too many attempts. Please wait a while and try again.',
  });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}
