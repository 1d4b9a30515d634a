import { Writable } from 'node:stream';
import { createLogger, nestLogLevel, PinoNestLogger, requestContext } from './logger';
import { accessLogLevel } from './request-logging.middleware';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger({ log: { level: 'info', format: 'json' } }, sink) };
}

describe('createLogger', () => {
  it('never writes passwords, cookies, tokens or what users typed', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: 'hunter2',
        body: { newPassword: 'n3wpass!', message: 'I feel lost', content: 'my reflection', token: 'tok-123' },
        headers: { cookie: 'clari.sid=abc' },
        audio: 'UklGRg==',
      },
      'request',
    );
    const output = lines.join('');
    for (const secret of [
      'hunter2',
      'n3wpass!',
      'I feel lost',
      'my reflection',
      'tok-123',
      'clari.sid=abc',
      'UklGRg==',
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain('[redacted]');
  });

  it('writes JSON lines with the request id of the request being served', () => {
    const { lines, logger } = capture();
    requestContext.run({ requestId: 'req-12345678' }, () => logger.info('hello'));
    const entry = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 'info', msg: 'hello', requestId: 'req-12345678' });
  });
});

describe('start-up and access log levels', () => {
  it('writes Nest’s module and route lines at debug, and the modules’ own messages at info', () => {
    for (const context of ['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication'])
      expect(nestLogLevel(context)).toBe('debug');
    expect(nestLogLevel('AiModule')).toBe('info');
    expect(nestLogLevel(undefined)).toBe('info');

    const { lines, logger } = capture();
    const nest = new PinoNestLogger(logger);
    nest.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    nest.log('AI: offline guide', 'AiModule');
    nest.warn('slow', 'RouterExplorer');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['AI: offline guide', 'slow']);
  });

  it('writes health checks and the SPA’s files at debug, other requests at info and failures as errors', () => {
    expect(accessLogLevel('/api/health', 200, false)).toBe('debug');
    expect(accessLogLevel('/assets/index-abc.js', 200, true)).toBe('debug');
    expect(accessLogLevel('/api/auth/login', 200, false)).toBe('info');
    expect(accessLogLevel('/api/profile', 500, false)).toBe('error');
    // A failing health check is worth seeing: it is how an outage shows in the log.
    expect(accessLogLevel('/api/health', 503, false)).toBe('error');
  });
});
