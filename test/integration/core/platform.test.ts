import { DEFAULT_HELPLINES } from '../../../apps/api/src/core/config/helplines';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { SESSION_POOL } from '../../../apps/api/src/core/session/session.module';
import { runMigrations } from '../../../apps/api/src/core/database/data-source';
import { MailService } from '../../../apps/api/src/core/mail/mail.service';
import { createUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/app-harness';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health reports the database, Redis, queue (consumers and periodic schedules), mail and AI drivers in use', async () => {
    const res = await t.agent().get('/api/health');
    expect(res.status).toBe(200);
    const redisUp = Boolean(process.env.TEST_REDIS_URL);
    expect(res.body).toEqual({
      status: 'ok',
      database: { status: 'up', driver: 'external' },
      redis: { status: redisUp ? 'up' : 'not_configured' },
      // This process runs the processors, so every queue in use has a consumer.
      queue: {
        driver: redisUp ? 'bull' : 'in-process',
        status: 'up',
        consumers: { images: 'up', mail: 'up', maintenance: 'up', transcription: 'up' },
        schedules: expect.arrayContaining([
          {
            job: 'delete-expired-conversations',
            queue: 'maintenance',
            everyMs: 15 * 60_000,
            status: 'scheduled',
            nextRunAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
          },
          {
            job: 'delete-expired-interview-sessions',
            queue: 'maintenance',
            everyMs: 60 * 60_000,
            status: 'scheduled',
            nextRunAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
          },
        ]) as unknown,
      },
      mail: { driver: 'smtp' },
      ai: { provider: 'offline', chat: 'offline', transcription: 'not_configured', images: 'offline' },
    });
  });

  it('opens every database connection with the configured timeouts (TypeORM and the session store)', async () => {
    const settings = 'SELECT current_setting($1) AS value';
    const typeorm = t.app.get(DataSource);
    const sessions = t.app.get<Pool>(SESSION_POOL);
    for (const [name, expected] of [
      ['statement_timeout', '15s'],
      ['idle_in_transaction_session_timeout', '30s'],
    ]) {
      expect((await typeorm.query(settings, [name]))[0].value).toBe(expected);
      expect((await sessions.query(settings, [name])).rows[0].value).toBe(expected);
    }
  });

  it('GET /api/auth/check answers unauthenticated without a session and sets no cookie', async () => {
    const res = await t.agent().get('/api/auth/check');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ authenticated: false });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('GET /api/config gives the public contact settings, whether voice input works and the helplines', async () => {
    const res = await t.agent().get('/api/config');
    // Without an AI provider (the default) there is no transcription, so the SPA offers no microphone.
    expect(res.body).toEqual({
      contactEmail: 'hello@clari.app',
      companyName: 'Clari AB',
      companyRegistrationNumber: '559000-0000',
      transcriptionAvailable: false,
      helplines: DEFAULT_HELPLINES,
    });
    // An English reader, who may be anywhere, is pointed to an international directory first.
    expect(res.body.helplines.en.lines[0].url).toBe('https://findahelpline.com');
    expect(res.body.helplines.sv.lines[0].phone).toBe('90101');
  });

  it('answers unknown API routes and bad JSON with the one error shape', async () => {
    const missing = await t.agent().get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, message: 'Cannot GET /api/nothing-here', error: 'Not Found' });
    const badJson = await t.agent().post('/api/auth/login').set('Content-Type', 'application/json').send('{"broken":');
    expect(badJson.status).toBe(400);
    expect(badJson.body).toEqual({
      statusCode: 400,
      message: 'The request body is not valid JSON.',
      error: 'Bad Request',
    });
  });

  it('answers 405 with Allow, not 404, to a method a known path does not accept (TRACE and OPTIONS too), before any other check', async () => {
    const trace = await t.agent().trace('/api/health');
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD');
    expect(trace.body).toEqual({
      statusCode: 405,
      message: 'TRACE is not allowed here. This address accepts GET, HEAD.',
      error: 'Method Not Allowed',
      code: 'method_not_allowed',
    });
    const options = await t.agent().options('/reflect/reflections');
    expect(options.status).toBe(405);
    expect(options.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
    // Paths with parameters, a trailing slash and other letter case match as the routes do.
    const remove = await t.agent().delete('/API/yearcompass/section/3/');
    expect(remove.status).toBe(405);
    expect(remove.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'PUT']);
    // Nothing else runs first: no cross-origin refusal, no body parsing.
    const refusedFirst = await t
      .agent()
      .put('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .set('Content-Type', 'text/plain')
      .send('x');
    expect(refusedFirst.status).toBe(405);
    expect(refusedFirst.headers.allow).toBe('POST');
    // HEAD is served wherever GET is; unknown paths stay 404.
    await t.agent().head('/api/health').expect(200);
    expect((await t.agent().trace('/api/nothing-here')).status).toBe(404);
  });

  it('refuses a state-changing request from another origin before it reaches a route', async () => {
    const res = await t.agent().post('/api/auth/logout').set('Origin', 'https://evil.example').send({});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Cross-origin request refused');
  });

  it('compares the Origin with PUBLIC_URL and ALLOWED_ORIGINS only, never with the Host header (DNS rebinding)', async () => {
    const rebound = await t
      .agent()
      .post('/api/auth/logout')
      .set('Host', 'rebound.example:3000')
      .set('Origin', 'http://rebound.example:3000')
      .send({});
    expect(rebound.status).toBe(403);
    await t.agent().post('/api/auth/logout').set('Origin', 'http://localhost:3000').send({}).expect(200);
  });

  it('sends security headers with a strict CSP and a request id', async () => {
    const res = await t.agent().get('/api/health').set('X-Request-Id', 'trace-abc-123');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toBe('trace-abc-123');
    const generated = await t.agent().get('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('compresses answers over 1 KB when the client asks (gzip or brotli), and leaves small ones alone', async () => {
    const gzip = await t.agent().get('/api/docs-json').set('Accept-Encoding', 'gzip');
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
    const brotli = await t.agent().get('/api/docs-json').set('Accept-Encoding', 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    const plain = await t.agent().get('/api/docs-json').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await t.agent().get('/api/auth/check').set('Accept-Encoding', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('tells browsers and proxies to keep no copy of API answers (no-store, no ETag), private data above all', async () => {
    const user = await createUser(t);
    const answers = {
      '/api/value-explorer/data': await user.agent.get('/api/value-explorer/data').expect(200),
      '/reflect/reflections': await user.agent
        .get('/reflect/reflections')
        .set('Accept', 'application/json')
        .expect(200),
      '/api/auth/check': await t.agent().get('/api/auth/check').expect(200),
      '/api/no-such-route': await t.agent().get('/api/no-such-route').expect(404),
    };
    for (const [path, res] of Object.entries(answers)) {
      expect([path, res.headers['cache-control'], res.headers.etag]).toEqual([path, 'no-store', undefined]);
    }
  });

  it('leaves an answer uncompressed for a client that accepts no encoding', async () => {
    const res = await t.agent().get('/api/docs-json').set('Accept-Encoding', '').expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toHaveProperty('openapi');
  });

  it('serves Swagger UI at /api/docs and the document at /api/docs-json', async () => {
    const ui = await t.agent().get('/api/docs/').set('Accept', 'text/html');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
    const json = await t.agent().get('/api/docs-json');
    expect(json.status).toBe(200);
    expect(json.body.info.title).toBe('Clari API');
    expect(Object.keys(json.body.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/check', '/api/config']),
    );
  });

  it('has run the migrations: the session table exists and running them again changes nothing', async () => {
    const dataSource = t.app.get(DataSource);
    const [{ exists }] = await dataSource.query(`SELECT to_regclass('public.session') IS NOT NULL AS exists`);
    expect(exists).toBe(true);
    expect(await runMigrations(process.env.TEST_DATABASE_URL as string)).toEqual([]);
  });

  it('sends e-mail through SMTP in the recipient’s language', async () => {
    const mail = t.app.get(MailService);
    await mail.send('lena@example.com', 'resetPassword', 'sv', {
      name: 'Lena',
      link: 'http://localhost:3000/reset-password?token=xyz',
    });
    const received = await t.mail.waitFor('lena@example.com');
    expect(received.subject).toBe('Återställ ditt lösenord till Clari');
    expect(received.text).toContain('Hej Lena,');
    expect(received.text).toContain('http://localhost:3000/reset-password?token=xyz');
  });
});
