import { MailService } from '../../../apps/api/src/core/mail/mail.service';
import { startTestApp, type TestApp } from '../../support/app-harness';
import { createUser, linkToken, uniqueEmail } from '../../support/accounts';

describe('accounts: password reset, resend, password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers a reset request identically whether or not the e-mail has an account, mailing only the account', async () => {
    const user = await createUser(t);
    const nobody = uniqueEmail('nobody');
    const before = t.mail.messages.length;
    // An e-mail is queued before the answer is sent, so the calls made by then are all there will be.
    const queued = jest.spyOn(t.app.get(MailService), 'send');
    const known = await t.agent().post('/api/auth/reset-password').send({ email: user.email });
    const unknown = await t.agent().post('/api/auth/reset-password').send({ email: nobody });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const mail = await t.mail.waitFor(user.email, { after: before });
    expect(mail.subject).toBe('Reset your Clari password');
    expect(queued.mock.calls.map(([to]) => to)).toEqual([user.email]);
    queued.mockRestore();
    expect(t.mail.messages.some((m) => m.to.includes(nobody))).toBe(false);
  });

  it('resets the password once per link, keeps the link on a refused password, and ends every session', async () => {
    const user = await createUser(t);
    const otherDevice = t.agent();
    await otherDevice.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    await t.agent().post('/api/auth/reset-password').send({ email: user.email }).expect(200);
    const token = await linkToken(t, user.email, 'reset-password');

    const weak = await t.agent().post('/api/auth/reset-password/confirm').send({ token, newPassword: 'password1' });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('password_too_common');

    const ok = await t
      .agent()
      .post('/api/auth/reset-password/confirm')
      .send({ token, newPassword: 'Brand-New-Lantern-9' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/password has been changed/);
    expect((await user.agent.get('/api/auth/check')).body).toEqual({ authenticated: false });
    expect((await otherDevice.get('/api/auth/check')).body).toEqual({ authenticated: false });

    const reused = await t
      .agent()
      .post('/api/auth/reset-password/confirm')
      .send({ token, newPassword: 'Another-New-Lantern-9' });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('token_invalid');
    await t.agent().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(401);
    await t.agent().post('/api/auth/login').send({ email: user.email, password: 'Brand-New-Lantern-9' }).expect(200);
  });

  it('refuses an unknown reset token', async () => {
    const res = await t
      .agent()
      .post('/api/auth/reset-password/confirm')
      .send({ token: 'made-up-token', newPassword: 'Brand-New-Lantern-9' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      code: 'token_invalid',
      message: 'This link is invalid or has expired. Please ask for a new one.',
    });
  });

  it('resends verification identically for unknown, verified and unverified e-mails, mailing only the unverified', async () => {
    const verified = await createUser(t);
    const unverified = uniqueEmail('unverified');
    await t
      .agent()
      .post('/api/auth/register')
      .send({ email: unverified, password: 'Quiet-River-Stone-3', full_name: 'U', language: 'en', termsAccepted: true })
      .expect(201);
    const first = await linkToken(t, unverified, 'verify-email');
    const before = t.mail.messages.length;
    const answers = await Promise.all(
      [verified.email, unverified, uniqueEmail('nobody')].map((email) =>
        t.agent().post('/api/email/resend-verification').send({ email, language: 'sv' }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0].body);
    }
    const mail = await t.mail.waitFor(unverified, { after: before });
    const second = await linkToken(t, unverified, 'verify-email', before);
    expect(mail.subject).toBe('Confirm your e-mail address for Clari');
    expect(second).not.toBe(first);
    // Only the newest link works.
    await t.agent().get(`/api/email/verify?token=${first}`).expect(400);
    await t.agent().get(`/api/email/verify?token=${second}`).expect(200);
    expect(t.mail.messages.slice(before).some((m) => m.to.includes(verified.email))).toBe(false);
  });

  it('says "Invalid verification token" for an empty token', async () => {
    const res = await t.agent().get('/api/email/verify?token=');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid verification token');
  });

  it('changes the password: needs login and the current password, ends other sessions, keeps this one under a new id', async () => {
    await t
      .agent()
      .post('/api/auth/change-password')
      .send({ currentPassword: 'x', newPassword: 'Brand-New-Lantern-9' })
      .expect(401);
    const user = await createUser(t);
    const otherDevice = t.agent();
    await otherDevice.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);

    const wrong = await user.agent
      .post('/api/auth/change-password')
      .send({ currentPassword: 'not-it', newPassword: 'Brand-New-Lantern-9' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'password_incorrect', message: 'Your current password is not correct.' });
    const common = await user.agent
      .post('/api/auth/change-password')
      .send({ currentPassword: user.password, newPassword: 'qwertyuiop' });
    expect(common.body.code).toBe('password_too_common');

    const ok = await user.agent
      .post('/api/auth/change-password')
      .send({ currentPassword: user.password, newPassword: 'Brand-New-Lantern-9' });
    expect(ok.status).toBe(200);
    expect(ok.headers['set-cookie']).toBeDefined();
    expect((await user.agent.get('/api/auth/check')).body.authenticated).toBe(true);
    expect((await otherDevice.get('/api/auth/check')).body).toEqual({ authenticated: false });
  });
});
