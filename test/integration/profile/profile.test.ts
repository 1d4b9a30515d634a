import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../support/app-harness';
import { createUser, GOOD_PASSWORD, linkToken, uniqueEmail } from '../../support/accounts';

/** A JPEG carrying EXIF metadata, as a phone photo with a GPS position would. */
async function photoWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 80 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Model X', Artist: 'Anna at Home' } })
    .toBuffer();
}

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 on every profile call without login', async () => {
    const visitor = t.agent();
    for (const [method, path] of [
      ['get', '/api/profile'],
      ['put', '/api/update'],
      ['delete', '/api/delete'],
      ['get', '/api/export'],
      ['get', '/api/profile/portrait'],
      ['get', '/api/profile/portrait/image'],
      ['post', '/api/profile/portrait/upload'],
    ] as const) {
      const res = await visitor[method](path);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'not_authenticated' });
    }
  });

  it('shows and updates the profile', async () => {
    const user = await createUser(t, { fullName: 'Maja Ek' });
    const profile = await user.agent.get('/api/profile');
    expect(profile.body).toEqual({
      email: user.email,
      full_name: 'Maja Ek',
      language: 'en',
      pending_email: null,
      is_clinician: false,
      role: 'user',
      created_at: expect.any(String),
    });

    const update = await user.agent
      .put('/api/update')
      .send({ email: user.email, fullName: '  Maja Ekström ', language: 'sv' });
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({
      message: 'Your profile has been updated.',
      emailChangePending: false,
      profile: { full_name: 'Maja Ekström', language: 'sv' },
    });
    expect((await user.agent.get('/api/auth/check')).body.user).toMatchObject({
      full_name: 'Maja Ekström',
      language: 'sv',
    });

    const bad = await user.agent.put('/api/update').send({ email: 'nope', fullName: '', language: 'fi' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Please enter a valid e-mail address.');
    expect(bad.body.message).toContain('Please enter your full name.');
    expect(bad.body.message).toContain('Language must be en or sv.');
    const blank = await user.agent.put('/api/update').send({ email: user.email, fullName: '   ', language: 'en' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('Please enter your full name.');
  });

  it('changes the e-mail only after the new address is verified', async () => {
    const user = await createUser(t);
    const newEmail = uniqueEmail('moved');
    const update = await user.agent
      .put('/api/update')
      .send({ email: newEmail, fullName: 'Test Person', language: 'en' });
    expect(update.body).toMatchObject({
      emailChangePending: true,
      profile: { email: user.email, pending_email: newEmail },
    });
    const mail = await t.mail.waitFor(newEmail);
    expect(mail.subject).toBe('Confirm your new e-mail address for Clari');
    // Until then the old address still signs in and the new one does not.
    await t.agent().post('/api/auth/login').send({ email: newEmail, password: GOOD_PASSWORD }).expect(401);
    await t.agent().post('/api/auth/login').send({ email: user.email, password: GOOD_PASSWORD }).expect(200);

    const token = await linkToken(t, newEmail, 'verify-email');
    const verify = await t.agent().get(`/api/email/verify?token=${token}`);
    expect(verify.body.message).toBe('Your new e-mail address is verified and now used for your account.');
    expect((await user.agent.get('/api/profile')).body).toMatchObject({ email: newEmail, pending_email: null });
    await t.agent().post('/api/auth/login').send({ email: newEmail, password: GOOD_PASSWORD }).expect(200);
  });

  it('answers a taken e-mail like a free one, tells its owner instead, and limits confirmations', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const before = t.mail.messages.length;
    const res = await a.agent.put('/api/update').send({ email: b.email, fullName: 'A', language: 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      emailChangePending: true,
      message: `Your profile has been updated. We have sent a link to ${b.email}: your new address is used once you open it.`,
    });
    const notice = await t.mail.waitFor(b.email, { after: before });
    expect(notice.subject).toBe('Someone tried to use your e-mail address on Clari');
    expect(notice.text).not.toContain('verify-email?token=');
    // b keeps the address.
    await t.agent().post('/api/auth/login').send({ email: b.email, password: GOOD_PASSWORD }).expect(200);

    // One account cannot mail an address over and over.
    const target = uniqueEmail('target');
    const answers: number[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await a.agent.put('/api/update').send({ email: target, fullName: 'A', language: 'en' })).status);
    expect(answers.slice(0, 2)).toEqual([200, 200]);
    expect(answers).toContain(429);
  });

  it('uploads a portrait: re-encoded without metadata, new URL each time, only for its owner', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    expect((await owner.agent.get('/api/profile/portrait')).body).toEqual({ url: null });

    const photo = await photoWithMetadata();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const first = await owner.agent
      .post('/api/profile/portrait/upload')
      .attach('portrait', photo, { filename: 'me.txt', contentType: 'text/plain' });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^\/api\/profile\/portrait\/image\?v=1-[\w-]{12}$/);
    expect((await owner.agent.get('/api/profile/portrait')).body).toEqual({ url: first.body.url });

    const image = await owner.agent
      .get(first.body.url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect((image.body as Buffer).toString('latin1')).not.toContain('Secret Model X');

    const second = await owner.agent.post('/api/profile/portrait/upload').attach('portrait', photo, 'me.jpg');
    expect(second.body.url).not.toBe(first.body.url);

    // Another account never gets this portrait, whatever URL it asks for.
    expect((await other.agent.get('/api/profile/portrait')).body).toEqual({ url: null });
    const stolen = await other.agent.get(second.body.url);
    expect(stolen.status).toBe(404);

    // Its own first portrait has another URL: a shared browser caches portraits for a year.
    const others = await other.agent.post('/api/profile/portrait/upload').attach('portrait', photo, 'me.jpg');
    expect(others.body.url).toMatch(/\?v=1-[\w-]{12}$/);
    expect(others.body.url).not.toBe(first.body.url);
  });

  it('refuses files that are not images (415) and images over 5 MB (413)', async () => {
    const user = await createUser(t);
    const text = await user.agent
      .post('/api/profile/portrait/upload')
      .attach('portrait', Buffer.from('just some text, not a picture'), {
        filename: 'photo.png',
        contentType: 'image/png',
      });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({
      statusCode: 415,
      code: 'unsupported_file_type',
      message: 'Please choose a PNG, JPEG, WebP or GIF image.',
    });

    const huge = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(5 * 1024 * 1024 + 10),
    ]);
    const big = await user.agent.post('/api/profile/portrait/upload').attach('portrait', huge, 'big.png');
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ statusCode: 413, code: 'file_too_large' });

    const none = await user.agent.post('/api/profile/portrait/upload');
    expect(none.status).toBe(415);
    expect(none.body.code).toBe('no_file');
  });

  it('exports all of the user’s data as a JSON download', async () => {
    const user = await createUser(t, { fullName: 'Export Person' });
    await user.agent
      .post('/api/profile/portrait/upload')
      .attach('portrait', await photoWithMetadata(), 'me.jpg')
      .expect(200);
    const res = await user.agent.get('/api/export');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="clari-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.body).toMatchObject({
      format: 'clari-export/1',
      account: { email: user.email, full_name: 'Export Person', language: 'en' },
      portrait: { mime_type: 'image/webp', data_base64: expect.any(String) },
    });
    expect(JSON.stringify(res.body)).not.toContain('password');
  });

  it('deletes the account with all its data and sessions: no table keeps a row with the user’s id', async () => {
    const user = await createUser(t);
    const otherDevice = t.agent();
    await otherDevice.post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    await user.agent
      .post('/api/profile/portrait/upload')
      .attach('portrait', await photoWithMetadata(), 'me.jpg')
      .expect(200);
    await t.agent().post('/api/auth/reset-password').send({ email: user.email }).expect(200);
    const dataSource = t.app.get(DataSource);
    const [{ id }] = await dataSource.query(`SELECT id FROM users WHERE email = $1`, [user.email]);

    const res = await user.agent.delete('/api/delete');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your account and all your data have been deleted.' });
    expect((await user.agent.get('/api/auth/check')).body).toEqual({ authenticated: false });
    expect((await otherDevice.get('/api/auth/check')).body).toEqual({ authenticated: false });
    await t.agent().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(401);

    const tables: Array<{ table_name: string }> = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables) {
      const [{ found }] = await dataSource.query(
        `SELECT count(*)::int AS found FROM "${table_name}" t WHERE t::text LIKE '%' || $1 || '%'`,
        [id],
      );
      expect({ table: table_name, found }).toEqual({ table: table_name, found: 0 });
    }
  });

  it('has every table of user data cascade from users, so deletion cannot forget one', async () => {
    const dataSource = t.app.get(DataSource);
    // interviews, interview_sessions and interview_messages belong to no account: the interview
    // is anonymous, and its sessions are deleted by the interview's retention instead.
    // safety_events holds counts per domain and day only, never a user.
    const NOT_USER_DATA = new Set([
      'users',
      'migrations',
      'interviews',
      'interview_sessions',
      'interview_messages',
      'safety_events',
    ]);
    const tables: Array<{ table_name: string }> = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const cascading: Array<{ table_name: string }> = await dataSource.query(`
      SELECT DISTINCT tc.table_name
      FROM information_schema.table_constraints tc
      JOIN information_schema.referential_constraints rc ON rc.constraint_name = tc.constraint_name
      JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name
      WHERE tc.constraint_type = 'FOREIGN KEY' AND ccu.table_name = 'users' AND rc.delete_rule = 'CASCADE'`);
    const covered = new Set(cascading.map((r) => r.table_name));
    const missing = tables.map((r) => r.table_name).filter((name) => !NOT_USER_DATA.has(name) && !covered.has(name));
    expect(missing).toEqual([]);
  });
});
