import { ConfigError, aiProviderOf, aiTaskProvider, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('runs with no variables at all on embedded defaults', () => {
    const config = loadConfig({}, '/srv/clari');
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database.url).toBeUndefined();
    expect(config.redis.url).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.dataDir).toBe('/srv/clari/.data');
    expect(config.session.secureCookie).toBe(false);
    expect(aiProviderOf(config)).toBe('offline');
  });

  it.each([
    ['PORT', 'abc', /PORT must be a whole number/],
    ['PORT', '70000', /PORT must be between 1 and 65535/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//],
    ['REDIS_URL', 'not a url', /REDIS_URL must be a URL/],
    ['SMTP_URL', 'http://mail', /SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    ['NODE_ENV', 'staging', /NODE_ENV must be one of development, production, test/],
    ['TRUST_PROXY', 'maybe', /TRUST_PROXY must be true or false/],
    ['SESSION_SECRET', 'short', /SESSION_SECRET must be at least 32 characters/],
    ['ADMIN_EMAILS', 'a@b.se, nope', /ADMIN_EMAILS contains an invalid e-mail address "nope"/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
  ])('refuses %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('requires SESSION_SECRET in production and then uses secure cookies and JSON logs', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required/);
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) });
    expect(config.session.secureCookie).toBe(true);
    expect(config.log.format).toBe('json');
  });

  it('switches each part to the real service when its variable is set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db/clari',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      OPENAI_BASE_URL: 'http://llm.local/v1',
    });
    expect(config.database.url).toBe('postgres://u@db/clari');
    expect(config.redis.url).toBe('redis://cache:6379');
    expect(config.mail.smtpUrl).toBe('smtp://mail:25');
    expect(aiProviderOf(config)).toBe('openai');
  });

  it('bounds database, queue, health and keep-alive waits with documented defaults', () => {
    const config = loadConfig({});
    expect(config.database).toMatchObject({
      connectTimeoutMs: 1500,
      statementTimeoutMs: 15000,
      idleInTransactionTimeoutMs: 30000,
    });
    expect(config.queue).toMatchObject({ addTimeoutMs: 1000, workerTimeoutMs: 60000 });
    expect(config.http).toEqual({ keepAliveTimeoutMs: 65000, headersTimeoutMs: 66000, shutdownTimeoutMs: 10000 });
    expect(config.healthCheckTimeoutMs).toBe(1000);
    expect(loadConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '120000' }).http.headersTimeoutMs).toBe(121000);
    expect(() => loadConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000', HTTP_HEADERS_TIMEOUT_MS: '60000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS must be greater than/,
    );
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '5s' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS must be a whole number/,
    );
  });

  it('normalises lists', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' Anna@Example.com ,b@c.se', ALLOWED_ORIGINS: 'http://localhost:5173/' });
    expect(config.adminEmails).toEqual(['anna@example.com', 'b@c.se']);
    expect(config.allowedOrigins).toEqual(['http://localhost:5173']);
  });

  it('gives each AI task its own server, key and model, each defaulting to the shared ones', () => {
    const shared = loadConfig({
      OPENAI_BASE_URL: 'http://gpu:8000/v1',
      OPENAI_API_KEY: 'k',
      OPENAI_CHAT_MODEL: 'llama',
    });
    expect(shared.openai.chat).toEqual({ baseUrl: 'http://gpu:8000/v1', apiKey: 'k', model: 'llama' });
    expect(shared.openai.transcription).toEqual({ baseUrl: 'http://gpu:8000/v1', apiKey: 'k', model: 'whisper-1' });
    expect([
      aiTaskProvider(shared, 'chat'),
      aiTaskProvider(shared, 'transcription'),
      aiTaskProvider(shared, 'images'),
    ]).toEqual(['openai', 'openai', 'openai']);

    const local = loadConfig({
      OPENAI_CHAT_BASE_URL: 'http://localhost:11434/v1',
      OPENAI_CHAT_MODEL: 'llama3.1:8b',
      OPENAI_TRANSCRIPTION_BASE_URL: 'http://localhost:8000/v1',
      OPENAI_TRANSCRIPTION_MODEL: 'Systran/faster-whisper-small',
      AI_IMAGES: 'offline',
    });
    expect(local.openai.chat).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'llama3.1:8b',
    });
    expect(local.openai.transcription.baseUrl).toBe('http://localhost:8000/v1');
    expect([
      aiTaskProvider(local, 'chat'),
      aiTaskProvider(local, 'transcription'),
      aiTaskProvider(local, 'images'),
    ]).toEqual(['openai', 'openai', 'offline']);
    expect(aiProviderOf(local)).toBe('openai');

    const none = loadConfig({});
    expect([
      aiTaskProvider(none, 'chat'),
      aiTaskProvider(none, 'transcription'),
      aiTaskProvider(none, 'images'),
    ]).toEqual(['offline', 'offline', 'offline']);
    expect(none.openai.jsonMode).toBe('json_schema');
  });

  it('refuses an unknown AI_JSON_MODE or AI_IMAGES, and a task URL that is not http', () => {
    expect(() => loadConfig({ AI_JSON_MODE: 'xml' })).toThrow(/AI_JSON_MODE/);
    expect(() => loadConfig({ AI_IMAGES: 'none' })).toThrow(/AI_IMAGES/);
    expect(() => loadConfig({ OPENAI_CHAT_BASE_URL: 'ftp://x' })).toThrow(/OPENAI_CHAT_BASE_URL/);
  });
});
