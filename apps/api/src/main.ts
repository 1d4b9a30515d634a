import 'reflect-metadata';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { loadConfig, ConfigError, aiProviderOf } from './core/config/app-config';
import { createApp } from './core/create-app';
import { runMigrations } from './core/database/data-source';
import { createLogger } from './core/logging/logger';
import { prepareRuntime } from './core/runtime';
import { spaIsBuilt } from './core/web/spa';

async function bootstrap() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  const runtime = await prepareRuntime(config, logger);
  const applied = await runMigrations(runtime.databaseUrl);
  if (applied.length) logger.info(`Applied migrations: ${applied.join(', ')}`);

  const app = await createApp(runtime);
  // Above the idle timeout of the proxy in front (commonly 60 s): otherwise Node closes an idle
  // connection just as the proxy reuses it, and the proxy answers 502.
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = config.http.keepAliveTimeoutMs;
  server.headersTimeout = config.http.headersTimeoutMs;
  await app.listen(config.port, config.host);

  const provider = aiProviderOf(config);
  logger.info(
    [
      'Clari is running',
      `  database:  ${config.database.url ? 'PostgreSQL at DATABASE_URL' : `embedded PostgreSQL (${config.dataDir}/postgres)`}`,
      `  queues:    ${config.redis.url ? `Bull on Redis at REDIS_URL${config.queue.runProcessors ? '' : ' (processors off: run a worker)'}` : 'in-process runner'}`,
      `  e-mail:    ${config.mail.smtpUrl ? 'SMTP at SMTP_URL' : `log and ${config.dataDir}/mail/`}`,
      `  assistant: ${provider === 'openai' ? `OpenAI-compatible API${config.openai.baseUrl ? ` at ${config.openai.baseUrl}` : ''}` : 'offline provider'}`,
      ...(spaIsBuilt() ? [] : ['  web app:   not built — run `npm run build:web`']),
      `  open:      ${config.publicUrl}`,
    ].join('\n'),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    // Requests still arriving on open keep-alive connections are answered and then the
    // connection is closed, so clients and proxies reconnect to another process.
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    });
    // Requests in flight get the drain deadline; then their connections are cut so the queues
    // and pools can close and the process can end.
    const drainDeadline = setTimeout(() => {
      logger.warn(`Requests still running after ${config.http.shutdownTimeoutMs} ms: closing their connections`);
      server.closeAllConnections();
    }, config.http.shutdownTimeoutMs);
    drainDeadline.unref();
    try {
      await app.close();
      await runtime.embedded?.stop();
    } catch (error) {
      logger.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
