import { DataSource } from 'typeorm';
import supertest from 'supertest';
import { ENUMERATION_SAFE_FLOOR_MS } from '../../../apps/api/src/modules/auth/auth.service';
import { startTestApp, type TestApp } from '../../support/app-harness';
import {
  createUser,
  expectRateLimited,
  GOOD_PASSWORD,
  linkToken,
  sessionCookie,
  uniqueEmail,
} from '../../support/accounts';

describe('accounts: signup, verification, login, logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('signs up, mails a verification link in the chosen language, refuses login until verified, then logs in', async () => {
    const email = uniqueEmail('signup');
    const agent = t.agent();
    const register = await agent.post('/api/auth/register').send({
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
      full_name: 'Sara Berg',
      language: 'sv',
      termsAccepted: true,
    });
    expect(register.status).toBe(201);
    expect(register.body.message).toMatch(/verify your address/);

    const mail = await t.mail.waitFor(email);
    expect(mail.subject).toBe('Bekräfta din e-postadress för Clari');
    expect(mail.text).toContain('Hej Sara Berg,');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]{43}/);

    const early = await agent.post('/api/auth/login').send({ email, password: GOOD_PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({
      success: false,
      error: expect.stringMatching(/verify your e-mail/),
      code: 'email_not_verified',
    });

    const token = await linkToken(t, email, 'verify-email');
    const verify = await agent.get(`/api/email/verify?token=${token}`);
    expect(verify.status).toBe(200);
    expect(verify.body.message).toBe('Your e-mail address is verified. You can now log in.');
    // Followed again (a second click, another device): the account is verified, and it says so.
    const again = await agent.get(`/api/email/verify?token=${token}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      message: 'Your e-mail address is already verified. You can log in.',
      alreadyVerified: true,
    });
    const unknown = await agent.get(`/api/email/verify?token=${'x'.repeat(43)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ statusCode: 400, code: 'token_invalid' });

    const login = await agent.post('/api/auth/login').send({ email, password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      success: true,
      user: { email, full_name: 'Sara Berg', language: 'sv', is_clinician: false, role: 'user' },
    });
    const check = await agent.get('/api/auth/check');
    expect(check.body).toEqual({
      authenticated: true,
      user: { email, full_name: 'Sara Berg', language: 'sv', is_clinician: false, role: 'user' },
    });
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, for 24 hours', async () => {
    const user = await createUser(t);
    const res = await t.agent().post('/api/auth/login').send({ email: user.email, password: user.password });
    const cookie = ((res.headers['set-cookie'] as unknown as string[]) ?? []).find((c) => c.startsWith('clari.sid='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie as string)?.[1] as string).getTime();
    expect(Math.abs(expires - Date.now() - 24 * 3600 * 1000)).toBeLessThan(60_000);
  });

  it('keeps the server-side expiry at login + 24 h however much the session is used (no write per read)', async () => {
    const user = await createUser(t);
    const agent = t.agent();
    await agent.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    const db = t.app.get(DataSource);
    const expiryOf = async () => {
      const rows: Array<{ expire: Date }> = await db.query(
        `SELECT expire FROM session WHERE sess->>'userId' = (SELECT id::text FROM users WHERE email = $1)`,
        [user.email],
      );
      return rows.map((row) => row.expire.getTime());
    };
    // (createUser signed in once too: every session of the account is checked.)
    const atLogin = await expiryOf();
    expect(Math.abs(Math.max(...atLogin) - Date.now() - 24 * 3600 * 1000)).toBeLessThan(60_000);
    // Requests well after the login must not move it (a sliding expiry would set it to now + 24 h).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (let i = 0; i < 5; i++) await agent.get('/api/profile').expect(200);
    expect(await expiryOf()).toEqual(atLogin);
  });

  it('gives a new session id at login and ends the session at logout', async () => {
    const user = await createUser(t);
    const first = await user.agent.post('/api/auth/login').send({ email: user.email, password: user.password });
    const second = await user.agent.post('/api/auth/login').send({ email: user.email, password: user.password });
    const firstSid = sessionCookie(first);
    const secondSid = sessionCookie(second);
    expect(firstSid).toBeDefined();
    expect(secondSid).not.toBe(firstSid);
    // The replaced id no longer signs anyone in.
    const stale = await supertest(t.app.getHttpServer())
      .get('/api/auth/check')
      .set('Cookie', firstSid as string);
    expect(stale.body).toEqual({ authenticated: false });

    const logout = await user.agent.post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ success: true });
    const after = await supertest(t.app.getHttpServer())
      .get('/api/auth/check')
      .set('Cookie', secondSid as string);
    expect(after.body).toEqual({ authenticated: false });
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const user = await createUser(t);
    const wrong = await t.agent().post('/api/auth/login').send({ email: user.email, password: 'not-the-password' });
    const unknown = await t
      .agent()
      .post('/api/auth/login')
      .send({ email: uniqueEmail('nobody'), password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, error: 'Invalid e-mail or password.', code: 'invalid_credentials' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([
    [{ password: 'short' }, 'password_too_short', /at least 8 characters/],
    [{ password: 'x'.repeat(129) }, 'password_too_long', /at most 128 characters/],
    [{ password: 'password123' }, 'password_too_common', /too common/],
    [{ password: 'iloveyou2' }, 'password_too_common', /too common/],
  ])('refuses signup with a weak password %j', async (override: Record<string, unknown>, code, message) => {
    const res = await t
      .agent()
      .post('/api/auth/register')
      .send({
        email: uniqueEmail(),
        password: GOOD_PASSWORD,
        full_name: 'A',
        language: 'en',
        termsAccepted: true,
        ...override,
      });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code });
    expect(res.body.message).toMatch(message);
  });

  it.each([
    [{ termsAccepted: false }, 'You must accept the terms to create an account.'],
    [{ email: 'not-an-email' }, 'Please enter a valid e-mail address.'],
    [{ full_name: '' }, 'Please enter your full name.'],
    [{ language: 'de' }, 'Language must be en or sv.'],
    [{ isAdmin: true }, 'Unknown field "isAdmin"'],
  ])('refuses signup with bad input %j', async (override, message) => {
    const res = await t
      .agent()
      .post('/api/auth/register')
      .send({
        email: uniqueEmail(),
        password: GOOD_PASSWORD,
        full_name: 'A',
        language: 'en',
        termsAccepted: true,
        ...override,
      });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('answers a signup for a taken e-mail like a new one and tells the owner by e-mail', async () => {
    const user = await createUser(t);
    const before = t.mail.messages.length;
    const res = await t.agent().post('/api/auth/register').send({
      email: user.email,
      password: 'Another-Good-Pass-7',
      full_name: 'Intruder',
      language: 'en',
      termsAccepted: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/verify your address/);
    const mail = await t.mail.waitFor(user.email, { after: before });
    expect(mail.subject).toBe('You already have a Clari account');
    // The original password still works.
    await t.agent().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
  });

  it('takes no less time for an unknown address than for a known one on reset, resend and signup', async () => {
    const user = await createUser(t);
    const timed = async (path: string, body: Record<string, unknown>) => {
      const started = Date.now();
      const res = await t.agent().post(path).send(body);
      return { status: res.status, ms: Date.now() - started };
    };
    // A floor only: however busy the machine, neither path can answer sooner than it.
    for (const email of [user.email, uniqueEmail('nobody')]) {
      for (const [path, body] of [
        ['/api/auth/reset-password', { email }],
        ['/api/email/resend-verification', { email }],
        [
          '/api/auth/register',
          { email, password: 'Another-Good-Pass-7', full_name: 'Someone', language: 'en', termsAccepted: true },
        ],
      ] as const) {
        const answer = await timed(path, body);
        expect({ path, email, ok: answer.status < 300, floor: answer.ms >= ENUMERATION_SAFE_FLOOR_MS - 5 }).toEqual({
          path,
          email,
          ok: true,
          floor: true,
        });
      }
    }
  });

  it('refuses a login form posted from another site', async () => {
    const user = await createUser(t);
    const res = await t
      .agent()
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .send({ email: user.email, password: user.password });
    expect(res.status).toBe(403);
    expect(sessionCookie(res)).toBeUndefined();
  });
});

describe('accounts: rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('limits failed login attempts per account, and successful ones never count', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 12; i++)
      await t.agent().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    for (let i = 0; i < 10; i++) {
      await t.agent().post('/api/auth/login').send({ email: user.email, password: 'wrong-password' }).expect(401);
    }
    const blocked = await t.agent().post('/api/auth/login').send({ email: user.email, password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      success: false,
      error: 'Too many attempts. Please wait a while and try again.',
      code: 'rate_limited',
    });
  });

  it('limits login attempts per IP address', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 30; i++) {
      await t
        .agent(ip)
        .post('/api/auth/login')
        .send({ email: uniqueEmail('spray'), password: 'wrong-password' })
        .expect(401);
    }
    const blocked = await t
      .agent(ip)
      .post('/api/auth/login')
      .send({ email: uniqueEmail('spray'), password: 'wrong-password' });
    expect(blocked.status).toBe(429);
    // Another address is unaffected.
    await t
      .agent('192.0.2.78')
      .post('/api/auth/login')
      .send({ email: uniqueEmail('spray'), password: 'wrong-password' })
      .expect(401);
  });

  it('answers a missing or invalid login field with the validation 400, before the limits and the password check', async () => {
    const ip = '192.0.2.79';
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ email: 'a@example.com' }, /Please enter your password\./],
      [{ password: 'whatever' }, /Please enter a valid e-mail address\./],
      [{ email: 'not-an-address', password: 'whatever' }, /^Please enter a valid e-mail address\.$/],
      [{ email: 'a@example.com', password: '' }, /^Please enter your password\.$/],
      [{ email: 'a@example.com', password: 'whatever', remember: true }, /^Unknown field "remember"$/],
    ];
    // More refused bodies than the per-IP limit: none of them counts.
    for (let round = 0; round < 7; round++) {
      for (const [body, message] of cases) {
        const res = await t.agent(ip).post('/api/auth/login').send(body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ statusCode: 400, message: expect.stringMatching(message), error: 'Bad Request' });
      }
    }
    await t
      .agent(ip)
      .post('/api/auth/login')
      .send({ email: uniqueEmail('nobody'), password: 'wrong-password' })
      .expect(401);
  });

  it('limits signups per e-mail and per IP, with Retry-After', async () => {
    const email = uniqueEmail('signup-limit');
    const body = { email, password: GOOD_PASSWORD, full_name: 'A', language: 'en', termsAccepted: true };
    for (let i = 0; i < 3; i++) await t.agent().post('/api/auth/register').send(body).expect(201);
    const blocked = await t.agent().post('/api/auth/register').send(body);
    expectRateLimited(blocked);

    const ip = '192.0.2.90';
    for (let i = 0; i < 10; i++)
      await t
        .agent(ip)
        .post('/api/auth/register')
        .send({ ...body, email: uniqueEmail('ip') })
        .expect(201);
    await t
      .agent(ip)
      .post('/api/auth/register')
      .send({ ...body, email: uniqueEmail('ip') })
      .expect(429);
  });

  it('limits reset and resend requests per e-mail', async () => {
    const email = uniqueEmail('link-limit');
    for (let i = 0; i < 3; i++) await t.agent().post('/api/auth/reset-password').send({ email }).expect(200);
    await t.agent().post('/api/auth/reset-password').send({ email }).expect(429);
    for (let i = 0; i < 3; i++)
      await t.agent().post('/api/email/resend-verification').send({ email, language: 'en' }).expect(200);
    await t.agent().post('/api/email/resend-verification').send({ email, language: 'en' }).expect(429);
  });
});
