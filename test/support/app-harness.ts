import { randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import supertest from 'supertest';
import { loadConfig, type AppConfig } from '../../apps/api/src/core/config/app-config';
import { createApp } from '../../apps/api/src/core/create-app';
import { createLogger } from '../../apps/api/src/core/logging/logger';
import { FakeOpenAi } from './fake-openai';
import { watchServer } from './openapi-contract';
import { SmtpCapture } from './smtp-capture';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  mail: SmtpCapture;
  /**
   * A new client that keeps its own cookies between calls, like one browser, coming from its
   * own client address (X-Forwarded-For) so per-IP rate limits of one test do not touch others.
   */
  agent(ip?: string): supertest.Agent;
  /** Base URL when started with listen: true. */
  baseUrl: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string | undefined>;
  /** Listen on a free port (browser tests); otherwise requests go straight to the server object. */
  listen?: boolean;
  /** Use Redis/Bull when available (default true). */
  redis?: boolean;
  /** Another database than this run's (e.g. one the test itself stops and starts). */
  databaseUrl?: string;
}

/** Boots the real application against this run's database, Redis prefix and an SMTP capture. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set: run through the jest configs in test/');
  const mail = new SmtpCapture();
  const smtpUrl = await mail.start();
  const useRedis = options.redis !== false;
  // A listening app is opened at its own address (browsers send that as Origin, and only
  // PUBLIC_URL and ALLOWED_ORIGINS pass the cross-origin check), so its port is chosen first.
  const port = options.listen ? await freePort() : 3000;
  const publicUrl = options.listen ? `http://127.0.0.1:${port}` : 'http://localhost:3000';
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'clari-test-')),
    DATABASE_URL: databaseUrl,
    REDIS_URL: useRedis ? process.env.TEST_REDIS_URL : undefined,
    REDIS_PREFIX: process.env.TEST_REDIS_PREFIX,
    SMTP_URL: smtpUrl,
    TRUST_PROXY: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    LOG_FORMAT: 'json',
    ...options.env,
  });
  const logger = createLogger(config);
  const app = await createApp({
    config,
    logger,
    databaseUrl,
    sessionSecret: 'test-session-secret-that-is-long-enough',
  });
  // The integration tier checks every answer against docs/openapi.json (contract-setup.ts).
  watchServer(app.getHttpServer());
  let baseUrl = '';
  if (options.listen) {
    await app.listen(port, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  } else {
    await app.init();
  }
  const server = app.getHttpServer();
  return {
    app,
    config,
    mail,
    baseUrl,
    agent: (ip = randomIp()) => supertest.agent(server).set('X-Forwarded-For', ip),
    close: async () => {
      await app.close();
      await mail.stop();
    },
  };
}

/** A port nobody listens on right now (the OS picks it; the app binds it a moment later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A client address of its own. Random over 10.0.0.0/8 rather than counted: test files run in one
 * process share the run's Redis, and a counter starting again in every file handed the same
 * first addresses to every file, whose per-address limits (10 sign-ups an hour) then added up.
 */
function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

/**
 * The app talking to a fresh fake OpenAI-compatible server through the real `openai` client.
 * `queues` names its own Bull prefix, so another app of the same run never takes its jobs.
 */
export async function startAppWithFakeOpenAi(
  queues: string,
  options: TestAppOptions = {},
): Promise<{ t: TestApp; fake: FakeOpenAi }> {
  const fake = new FakeOpenAi();
  await fake.start();
  const t = await startTestApp({
    ...options,
    env: {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_CHAT_MODEL: 'fake-chat',
      OPENAI_TRANSCRIPTION_MODEL: 'fake-whisper',
      OPENAI_IMAGE_MODEL: 'fake-image',
      OPENAI_TIMEOUT_MS: '1000',
      OPENAI_MAX_RETRIES: '0',
      REDIS_PREFIX: `${process.env.TEST_REDIS_PREFIX}-${queues}`,
      ...options.env,
    },
  });
  return { t, fake };
}
