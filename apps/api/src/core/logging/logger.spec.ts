import { Writable } from 'node:stream';
import { createLogger, requestContext } from './logger';

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
    for (const secret of ['hunter2', 'n3wpass!', 'I feel lost', 'my reflection', 'tok-123', 'clari.sid=abc', 'UklGRg==']) {
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
