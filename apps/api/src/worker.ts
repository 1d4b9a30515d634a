import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { WorkerModule } from './app.module';
import { ConfigError, loadConfig } from './core/config/app-config';
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
    config = loadConfig();
    if (!config.redis.url) throw new ConfigError('REDIS_URL', 'is required for a worker process (without Redis, jobs run inside the API process)');
    if (!config.database.url) throw new ConfigError('DATABASE_URL', 'is required for a worker process');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const logger = createLogger(config);
  const runtime = await prepareRuntime({ ...config, queue: { runProcessors: true } }, logger);
  await runMigrations(runtime.databaseUrl);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(runtime), { logger: new PinoNestLogger(logger) });
  app.enableShutdownHooks();
  logger.info('Clari worker is running queue processors');
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
