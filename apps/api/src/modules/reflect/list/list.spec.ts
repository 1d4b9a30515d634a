import { REFLECT_LIMITS } from '@clari/contracts';
import { reflectionExcerpt } from './excerpt';
import { decodeListCursor, encodeListCursor } from './list-cursor';

describe('the reflection list cursor', () => {
  const cursor = { createdAt: '2026-11-21T10:00:00.123456Z', id: '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f' };

  it('reads back what it wrote, as URL-safe text', () => {
    const text = encodeListCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(text)).toEqual(cursor);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('nope').toString('base64url')],
    ['an object', Buffer.from(JSON.stringify(cursor)).toString('base64url')],
    [
      'a time in milliseconds only',
      Buffer.from(JSON.stringify(['2026-11-21T10:00:00.123Z', cursor.id])).toString('base64url'),
    ],
    [
      'an impossible date',
      Buffer.from(JSON.stringify(['2026-13-45T10:00:00.123456Z', cursor.id])).toString('base64url'),
    ],
    ['30 February', Buffer.from(JSON.stringify(['2026-02-30T10:00:00.123456Z', cursor.id])).toString('base64url')],
    ['an id that is not a UUID', Buffer.from(JSON.stringify([cursor.createdAt, '42'])).toString('base64url')],
    ['too long', 'A'.repeat(201)],
  ])('refuses a cursor that is %s', (_name, text) => {
    expect(decodeListCursor(text)).toBeNull();
  });
});

describe('a list entry’s excerpt', () => {
  it('is the content as plain text on one line', () => {
    expect(
      reflectionExcerpt('## What happened\nI gave **the** [presentation](https://x.test).\n\n- one\n> quoted'),
    ).toBe('What happened I gave the presentation. one quoted');
  });

  it('is cut at a word boundary with an ellipsis', () => {
    const excerpt = reflectionExcerpt('word '.repeat(100));
    expect(excerpt.length).toBeLessThanOrEqual(REFLECT_LIMITS.excerptMax);
    expect(excerpt).toMatch(/word…$/);
  });

  it('keeps short content whole, and empty content empty', () => {
    expect(reflectionExcerpt('Short.')).toBe('Short.');
    expect(reflectionExcerpt('')).toBe('');
  });
});
