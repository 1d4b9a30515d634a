import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { WorkerModule } from './app.module';
import { ConfigError, loadConfig } from './core/config/app-config';
import { readEnvFile } from './core/config/env-file';
import { describeError } from './core/errors';
import { runMigrations } from './core/database/data-source';
import { createLogger, PinoNestLogger } from './core/logging/logger';
import { prepareRuntime } from './core/runtime';

/**
 * A process that runs only queue processors (no HTTP). Scale out by starting several,
 * all pointing at the same DATABASE_URL and REDIS_URL.
 */
async function bootstrap() {
  let config;
  try {
    readEnvFile();
    config = loadConfig();
    if (!config.redis.url)
      throw new ConfigError(
        'REDIS_URL',
        'is required for a worker process (without Redis, jobs run inside the API process)',
      );
    if (!config.database.url) throw new ConfigError('DATABASE_URL', 'is required for a worker process');
  } catch (error) {
    console.error(describeError(error));
    process.exit(1);
  }
  const logger = createLogger(config);
  const runtime = await prepareRuntime({ ...config, queue: { ...config.queue, runProcessors: true } }, logger);
  await runMigrations(runtime.databaseUrl);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(runtime), {
    logger: new PinoNestLogger(logger),
  });
  logger.info('Clari worker is running queue processors');

  // Nest's own shutdown hooks re-raise the signal after closing, which ends the process with
  // 143; a supervisor should see a clean stop (0), as with the API.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, letting running jobs finish`);
    try {
      await app.close();
    } catch (error) {
      logger.error(`Shutdown failed: ${describeError(error)}`);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

bootstrap().catch((error: unknown) => {
  // Named even when what was thrown is not an Error (never a bare `undefined`).
  console.error(describeError(error, { stack: true }));
  process.exit(1);
});
