import { AsyncLocalStorage } from 'node:async_hooks';
import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';

/** The request id of the request being served, for every log line written on its behalf. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/**
 * Paths never written to the log, wherever they appear: credentials, cookies, and anything a
 * user typed or said. Callers should not pass such fields at all; this is the safety net.
 */
const REDACTED_PATHS = [
  'password',
  '*.password',
  'currentPassword',
  'newPassword',
  '*.newPassword',
  'token',
  '*.token',
  'cookie',
  'headers.cookie',
  '*.headers.cookie',
  'headers.authorization',
  '*.headers.authorization',
  'message',
  '*.message',
  'audio',
  '*.audio',
  'content',
  '*.content',
  'transcription',
  '*.transcription',
];

export function createLogger(config: Pick<AppConfig, 'log'>, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level: config.log.level,
      base: undefined,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const context = requestContext.getStore();
        return context ? { requestId: context.requestId } : {};
      },
      formatters: { level: (label) => ({ level: label }) },
    },
    // JSON lines in production; one readable line per entry in development.
    destination ?? (config.log.format === 'pretty' ? prettyStream() : pino.destination({ sync: false })),
  );
}

/** A small dependency-free pretty printer: `HH:MM:SS level [context] msg {extra}`. */
function prettyStream(): pino.DestinationStream {
  return {
    write(line: string) {
      try {
        const { time, level, msg, context, requestId, ...rest } = JSON.parse(line) as Record<string, unknown>;
        const clock = typeof time === 'string' ? time.slice(11, 19) : '';
        const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
        const id = requestId ? ` (${String(requestId).slice(0, 8)})` : '';
        process.stdout.write(
          `${clock} ${String(level).padEnd(5)}${context ? ` [${String(context)}]` : ''}${id} ${String(msg ?? '')}${extra}\n`,
        );
      } catch {
        process.stdout.write(line);
      }
    },
  };
}

/**
 * Nest's own start-up chatter (a line per module and per route, about a hundred): debug, so the
 * start-up log shows what Clari uses and where to open it.
 */
const NEST_FRAMEWORK_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
  'NestApplicationContext',
]);

export function nestLogLevel(context: string | undefined): 'info' | 'debug' {
  return context !== undefined && NEST_FRAMEWORK_CONTEXTS.has(context) ? 'debug' : 'info';
}

/** Adapts pino to Nest's LoggerService so framework messages share the format. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger[nestLogLevel(context)]({ context }, stringify(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, stringify(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, stringify(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, stringify(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, stringify(message));
  }
}

function stringify(message: unknown): string {
  return typeof message === 'string' ? message : message instanceof Error ? message.message : JSON.stringify(message);
}
