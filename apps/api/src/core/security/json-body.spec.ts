import express from 'express';
import supertest from 'supertest';
import { REQUEST_MESSAGES } from '@clari/contracts';
import {
  findInvalidText,
  isInvalidText,
  jsonBody,
  jsonBodyErrors,
  jsonBodyLimit,
  jsonDepthExceeds,
  textLength,
} from './json-body';

describe('jsonDepthExceeds', () => {
  it('counts nesting outside strings only, escapes included', () => {
    expect(jsonDepthExceeds(Buffer.from('{"a":[[1]]}'), 3)).toBe(false);
    expect(jsonDepthExceeds(Buffer.from('{"a":[[[1]]]}'), 3)).toBe(true);
    expect(jsonDepthExceeds(Buffer.from('{"a":"[[[[\\"[[[[\\\\"}'), 1)).toBe(false);
    expect(jsonDepthExceeds(Buffer.from(`[${'[]'.repeat(100_000)}]`), 2)).toBe(false);
  });
});

describe('text checks', () => {
  it.each([
    ['plain', false],
    ['emoji 😀 pair', false],
    ['nul \u0000', true],
    ['high \uD800 alone', true],
    ['low \uDC00 alone', true],
    ['reversed \uDC00\uD800', true],
    ['at the end \uD83D', true],
  ])('%s', (text, invalid) => {
    expect(isInvalidText(text)).toBe(invalid);
  });

  it('names the first field holding bad text', () => {
    expect(findInvalidText({ a: 'ok', b: [{ c: 'ok' }, { d: 'x\u0000' }] })).toBe('b[1].d');
    expect(findInvalidText({ a: { ['\uDFFF']: 1 } })).toBe('A key in a');
    expect(findInvalidText({ a: 1, b: null, c: ['😀'] })).toBeUndefined();
    expect(findInvalidText('x\u0000', 'token')).toBe('token');
  });

  it('sums the characters of strings and keys, stopping once over the limit', () => {
    expect(textLength({ ab: 'cde', f: ['gh', 1, null, { i: 'j' }] }, 100)).toBe(10);
    expect(textLength({ a: 'x'.repeat(50), b: 'y'.repeat(50) }, 10)).toBe(51); // 'b' is never read
  });
});

describe('jsonBody', () => {
  const server = express();
  server.use(jsonBody(), jsonBodyErrors);
  server.all(/.*/, (req, res) => res.json({ body: (req.body as unknown) ?? null }));
  const request = supertest(server);

  it('sizes limits per route, small by default', () => {
    expect(jsonBodyLimit('/api/auth/login')).toBe(8 * 1024);
    expect(jsonBodyLimit('/api/ai-assistant/chat')).toBe(512 * 1024);
    expect(jsonBodyLimit('/somewhere/else')).toBe(16 * 1024);
  });

  it('parses JSON objects and leaves bodiless requests alone', async () => {
    await request
      .post('/api/auth/login')
      .send({ email: 'a@example.com' })
      .expect(200, { body: { email: 'a@example.com' } });
    await request.post('/api/auth/logout').expect(200, { body: null });
  });

  it('refuses other content types with 415, except on upload routes', async () => {
    const res = await request.post('/api/auth/login').type('form').send('email=a');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      statusCode: 415,
      message: REQUEST_MESSAGES.unsupportedType,
      error: 'Unsupported Media Type',
    });
    await request.post('/api/transcribe').attach('audio', Buffer.from('RIFF'), 'a.wav').expect(200);
  });

  it('answers 413 over the route limit, 400 for deep, malformed, non-object or NUL bodies', async () => {
    const big = await request.post('/api/auth/login').send({ password: 'x'.repeat(9000) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The request is too large (at most 8 KB here).');
    const deep = await request
      .post('/api/auth/login')
      .type('json')
      .send(`{"a":${'['.repeat(1500)}${']'.repeat(1500)}}`);
    expect([deep.status, deep.body.message]).toEqual([400, REQUEST_MESSAGES.tooDeep]);
    const broken = await request.post('/api/auth/login').type('json').send('{"a":');
    expect([broken.status, broken.body.message]).toEqual([400, REQUEST_MESSAGES.bodyNotJson]);
    const list = await request.post('/api/auth/login').type('json').send('[1]');
    expect([list.status, list.body.message]).toEqual([400, REQUEST_MESSAGES.bodyNotObject]);
    const nul = await request.post('/api/auth/login').type('json').send('{"email":"a\\u0000"}');
    expect([nul.status, nul.body.message]).toEqual([
      400,
      'email contains a character that is not allowed (NUL or an unpaired surrogate).',
    ]);
  });
});
