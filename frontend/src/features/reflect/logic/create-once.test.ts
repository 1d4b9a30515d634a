import { REFLECTION } from '../test-support/reflection-fixtures';
import { createOnce, forgetCreations, resetCreation } from './create-once';

describe('the creation guard', () => {
  beforeEach(() => forgetCreations());

  it('creates once per key, however often it is asked, and again after a reset', async () => {
    const create = jest.fn(async () => REFLECTION);
    const [first, second] = [createOnce('entry-1', create), createOnce('entry-1', create)];
    expect(first).toBe(second);
    await expect(first).resolves.toBe(REFLECTION);
    expect(create).toHaveBeenCalledTimes(1);
    await createOnce('entry-2', create);
    expect(create).toHaveBeenCalledTimes(2);
    resetCreation('entry-1');
    await createOnce('entry-1', create);
    expect(create).toHaveBeenCalledTimes(3);
  });
});
