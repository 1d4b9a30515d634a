import 'reflect-metadata';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { loadConfig, ConfigError, aiProviderOf } from './core/config/app-config';
import { readEnvFile } from './core/config/env-file';
import { OperatorError, describeError } from './core/errors';
import { runMigrations } from './core/database/data-source';
import { createLogger } from './core/logging/logger';
import { prepareRuntime, type Runtime } from './core/runtime';
import { spaIsBuilt } from './core/web/spa';

/**
 * Signals are taken from the very start: the embedded PostgreSQL runs in its own process group
 * (Ctrl-C does not reach it), so this process must stop it on every way out, also when a signal
 * comes while it is still starting.
 */
let signalled: NodeJS.Signals | undefined;
let runtime: Runtime | undefined;
// Until the runtime is ready nothing needs closing: the exit hook stops a PostgreSQL being started.
let onSignal: ((signal: NodeJS.Signals) => void) | undefined = () => {
  if (!runtime) process.exit(0);
};
for (const name of ['SIGINT', 'SIGTERM'] as const) {
  process.on(name, () => {
    if (signalled) return;
    signalled = name;
    onSignal?.(name);
  });
}

async function bootstrap() {
  let config;
  try {
    readEnvFile();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  // The app's modules take a second or two of CPU to load: loaded while PostgreSQL starts
  // (a separate process, and initdb on a first start), not before it.
  const starting = prepareRuntime(config, logger).then((prepared) => (runtime = prepared));
  // A failure is reported where it is awaited below, not as an unhandled rejection meanwhile.
  starting.catch(() => undefined);
  const { createApp } = await import('./core/create-app.js');
  runtime = await starting;
  if (signalled) return stopEarly(runtime);
  const applied = await runMigrations(runtime.databaseUrl);
  if (applied.length) logger.info(`Applied migrations: ${applied.join(', ')}`);
  if (signalled) return stopEarly(runtime);

  // npm start builds the web app while the database starts (scripts/start.mjs): the SPA's
  // files must be there before the server answers, since it looks for them once.
  const webBuild = (globalThis as Record<symbol, Promise<void> | undefined>)[Symbol.for('clari.webBuild')];
  if (webBuild) await webBuild;
  if (signalled) return stopEarly(runtime);

  const app = await createApp(runtime);
  // Above the idle timeout of the proxy in front (commonly 60 s): otherwise Node closes an idle
  // connection just as the proxy reuses it, and the proxy answers 502.
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = config.http.keepAliveTimeoutMs;
  server.headersTimeout = config.http.headersTimeoutMs;
  try {
    await app.listen(config.port, config.host);
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new OperatorError(`Port ${config.port} is in use by another program: stop it, or set PORT to a free port.`);
    throw error;
  }

  const shutdown = async (signal: string) => {
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
      // Nest closes every pool first, so the database stops with no session to cut.
      await app.close();
      await runtime?.embedded?.stop();
    } catch (error) {
      logger.error(`Shutdown failed: ${describeError(error)}`);
      process.exit(1);
    }
    process.exit(0);
  };
  onSignal = (signal) => void shutdown(signal);
  if (signalled) return shutdown(signalled);

  const provider = aiProviderOf(config);
  const database = config.database.url
    ? 'PostgreSQL at DATABASE_URL'
    : `embedded PostgreSQL (${config.dataDir}/postgres, port ${runtime.embedded?.port ?? config.database.embeddedPort})`;
  // The last lines a newcomer sees: what runs and where to open it.
  logger.info(
    [
      'Clari is running',
      `  database:  ${database}`,
      `  queues:    ${config.redis.url ? `Bull on Redis at REDIS_URL${config.queue.runProcessors ? '' : ' (processors off: run a worker)'}` : 'in-process runner'}`,
      `  e-mail:    ${config.mail.smtpUrl ? 'SMTP at SMTP_URL' : `log and ${config.dataDir}/mail/`}`,
      `  assistant: ${provider === 'openai' ? `OpenAI-compatible API${config.openai.baseUrl ? ` at ${config.openai.baseUrl}` : ''}` : 'offline provider'}`,
      ...(spaIsBuilt() ? [] : ['  web app:   not built — run `npm run build:web`']),
      `  open:      ${config.publicUrl}`,
      ...(process.stdout.isTTY ? ['  stop:      Ctrl-C'] : []),
    ].join('\n'),
  );
}

/** A signal came while starting: stop what was started (the app is not listening yet) and end. */
async function stopEarly(started: Runtime): Promise<void> {
  started.logger.info(`${signalled} received while starting, stopping`);
  await started.embedded?.stop();
  process.exit(0);
}

bootstrap().catch(async (error: unknown) => {
  // Every start-up failure names its cause; an expected one (a port in use) without a stack trace.
  console.error(describeError(error, { stack: true }));
  await runtime?.embedded?.stop().catch(() => undefined);
  process.exit(1);
});
