import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { deleteRunKeys, runKeyPattern } from '../../support/test-services';

/**
 * The clean-up at the end of a run (global-teardown → stopTestServices) must delete every
 * Redis key the run wrote: apps under the run's prefix write `<prefix>:…`, and apps given a
 * prefix of their own (startAppWithFakeOpenAi, a second app) write `<prefix>-<name>:…`.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe('the clean-up of a test run', () => {
  it('escapes glob characters in the prefix', () => {
    expect(runKeyPattern('clari-test-run_1')).toBe('clari-test-run_1*');
    expect(runKeyPattern('a*b?[c]')).toBe('a\\*b\\?\\[c\\]*');
  });

  if (!redisUrl) {
    it.skip(`skipped: ${process.env.TEST_REDIS_SKIP_REASON ?? 'no Redis'}`, () => undefined);
    return;
  }

  it('deletes the keys under the run’s prefix and under prefixes made from it, and no other run’s', async () => {
    const prefix = `clari-test-cleanup_${randomBytes(4).toString('hex')}`;
    const otherRun = `clari-test-other_${randomBytes(4).toString('hex')}:bull:mail:1`;
    const redis = new Redis(redisUrl);
    try {
      await redis.set(`${prefix}:bull:mail:1`, 'job');
      await redis.set(`${prefix}:rate:login:ip`, '3', 'EX', 600);
      await redis.set(`${prefix}-openai:bull:transcription:1`, 'job');
      await redis.hset(`${prefix}-interview-global:bull:maintenance:repeat`, 'every', '900000');
      await redis.set(otherRun, 'job');

      expect(await deleteRunKeys(redisUrl, prefix)).toBe(4);
      expect(await redis.keys(`${prefix}*`)).toEqual([]);
      expect(await redis.exists(otherRun)).toBe(1);
    } finally {
      await redis.del(otherRun);
      redis.disconnect();
    }
  });
});
